// A planted tree for the dependency rules' tests: a temporary folder to write files into, and the
// repository's real .dependency-cruiser.cjs run over it as `npm run lint` runs it.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

const root = join(import.meta.dirname, '..', '..', '..')
const config = join(root, '.dependency-cruiser.cjs')
const depcruise = join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs')

type Violation = { readonly rule: { readonly name: string }; readonly from: string; readonly to: string }

export type PlantedTree = {
  readonly write: (path: string, text: string) => void
  /**
   * The CLI as `npm run lint` calls it on `folders` (its exit status), and its violations read from
   * the JSON report: the text report's layout changes with the terminal and with CI=true.
   */
  readonly cruise: (folders: readonly string[]) => { readonly status: number | null; readonly violations: readonly string[] }
  readonly remove: () => void
}

export const plantedTree = (prefix: string): PlantedTree => {
  const tree = mkdtempSync(join(tmpdir(), prefix))
  return {
    write: (path, text) => {
      mkdirSync(dirname(join(tree, path)), { recursive: true })
      writeFileSync(join(tree, path), text)
    },
    cruise: (folders) => {
      const asLint = spawnSync(process.execPath, [depcruise, '--config', config, ...folders], { cwd: tree, encoding: 'utf8' })
      const asJson = spawnSync(process.execPath, [depcruise, '--config', config, '--output-type', 'json', ...folders], {
        cwd: tree,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      })
      const report = JSON.parse(asJson.stdout) as { readonly summary: { readonly violations: readonly Violation[] } }
      return { status: asLint.status, violations: report.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`) }
    },
    remove: () => rmSync(tree, { recursive: true, force: true }),
  }
}
