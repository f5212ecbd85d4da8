// Runs axe-core in the page and returns every violation, whatever its impact (minor and moderate
// findings fail as well as serious and critical ones).
import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

type AxeResult = { violations: { id: string; impact: string | null; help: string; nodes: { target: unknown }[] }[] }

export const axeViolations = async (page: Page): Promise<string[]> => {
  // Fluent's expand and fade motions run as Web Animations: axe measures contrast against what is
  // painted, so a panel or dialog caught mid-fade reads as faint text. Let them finish first.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), null, { timeout: 10_000 })
  // the app's content security policy forbids inline scripts; evaluate runs outside it
  await page.evaluate(axeSource)
  const result = await page.evaluate(
    async () => await (globalThis as unknown as { axe: { run: (context: unknown) => Promise<AxeResult> } }).axe.run(globalThis.document),
  )
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${JSON.stringify(v.nodes.map((n) => n.target))}`)
}
