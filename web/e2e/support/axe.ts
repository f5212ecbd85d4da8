// Runs axe-core in the page and returns every violation, whatever its impact (minor and moderate
// findings fail as well as serious and critical ones).
import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

type AxeResult = { violations: { id: string; impact: string | null; help: string; nodes: { target: unknown }[] }[] }

/**
 * `exceptTabsterSentinels` leaves out the empty `<i data-tabster-dummy tabindex=0 aria-hidden>`
 * elements Fluent's focus manager puts around some admin widgets after a dialog was open: they
 * pass the focus on at once, but axe reports them as aria-hidden-focus. Still open (docs/web.md).
 */
export const axeViolations = async (page: Page, options: { readonly exceptTabsterSentinels?: boolean } = {}): Promise<string[]> => {
  // Fluent's expand and fade motions run as Web Animations: axe measures contrast against what is
  // painted, so a panel or dialog caught mid-fade reads as faint text. Let them finish first.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), null, { timeout: 10_000 })
  // the app's content security policy forbids inline scripts; evaluate runs outside it
  await page.evaluate(axeSource)
  const result = await page.evaluate(
    async (c) =>
      await (globalThis as unknown as { axe: { run: (context: unknown) => Promise<AxeResult> } }).axe.run(c ?? globalThis.document),
    options.exceptTabsterSentinels === true ? { exclude: [['[data-tabster-dummy]']] } : null,
  )
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${JSON.stringify(v.nodes.map((n) => n.target))}`)
}
