// Runs axe-core in the page and returns every violation, whatever its impact (minor and moderate
// findings fail as well as serious and critical ones).
import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

type AxeResult = { violations: { id: string; impact: string | null; help: string; nodes: { target: unknown }[] }[] }

export const axeViolations = async (page: Page): Promise<string[]> => {
  // the app's content security policy forbids inline scripts; evaluate runs outside it
  await page.evaluate(axeSource)
  const result = await page.evaluate(async () => (await (globalThis as unknown as { axe: { run: () => Promise<AxeResult> } }).axe.run()))
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${JSON.stringify(v.nodes.map((n) => n.target))}`)
}
