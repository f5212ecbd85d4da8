// Runs axe-core in the page and returns every violation, whatever its impact (minor and moderate
// findings fail as well as serious and critical ones).
import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

type AxeResult = { violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }

/**
 * Every violation axe finds, except one finding per node that Fluent UI documents as a false
 * positive of its own: tabster's focus sentinels (`<i data-tabster-dummy tabindex="0"
 * aria-hidden="true">`, added around Fluent's Dialog and kept in the body), which pass the focus on
 * the moment they receive it and are aria-hidden so screen readers do not announce them. Only
 * `aria-hidden-focus` on an element carrying `data-tabster-dummy` is left out (decision 0029); the
 * same finding on any other element still fails (accessibility.e2e.test.ts proves it).
 */
export const axeViolations = async (page: Page): Promise<string[]> => {
  // Fluent's expand and fade motions run as Web Animations: axe measures contrast against what is
  // painted, so a panel or dialog caught mid-fade reads as faint text. Let them finish first.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), null, { timeout: 10_000 })
  // the app's content security policy forbids inline scripts; evaluate runs outside it
  await page.evaluate(axeSource)
  const result = await page.evaluate(async () => {
    const found = await (globalThis as unknown as { axe: { run: (context: unknown) => Promise<AxeResult> } }).axe.run(globalThis.document)
    const isTabsterSentinel = (target: unknown[]): boolean => {
      const selector = target.length === 1 ? target[0] : undefined
      return typeof selector === 'string' && document.querySelector(selector)?.hasAttribute('data-tabster-dummy') === true
    }
    return {
      violations: found.violations
        .map((v) => (v.id === 'aria-hidden-focus' ? { ...v, nodes: v.nodes.filter((n) => !isTabsterSentinel(n.target)) } : v))
        .filter((v) => v.nodes.length > 0),
    }
  })
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${JSON.stringify(v.nodes.map((n) => n.target))}`)
}
