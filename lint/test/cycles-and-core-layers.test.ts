import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// Runs the repository's real .dependency-cruiser.cjs over a planted tree: import cycles between two
// adapter files and between two web files, a core folder importing a folder above it, and a core
// folder importing one below it, which must pass.
const root = join(import.meta.dirname, '..', '..')
const config = join(root, '.dependency-cruiser.cjs')
const depcruise = join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs')

let tree = ''
const write = (path: string, text: string): void => {
  mkdirSync(dirname(join(tree, path)), { recursive: true })
  writeFileSync(join(tree, path), text)
}

type Violation = { readonly rule: { readonly name: string }; readonly from: string; readonly to: string }

/** The CLI's exit status as `npm run lint` sees it, and the violations from its JSON report. */
const cruise = (): { readonly status: number | null; readonly violations: readonly string[] } => {
  const folders = ['core', 'adapters', 'web']
  const asLint = spawnSync(process.execPath, [depcruise, '--config', config, ...folders], { cwd: tree, encoding: 'utf8' })
  const asJson = spawnSync(process.execPath, [depcruise, '--config', config, '--output-type', 'json', ...folders], {
    cwd: tree,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  const report = JSON.parse(asJson.stdout) as { readonly summary: { readonly violations: readonly Violation[] } }
  const violations = report.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`)
  return { status: asLint.status, violations }
}

beforeAll(() => {
  tree = mkdtempSync(join(tmpdir(), 'tandem-depcruise-layers-'))
  write('package.json', JSON.stringify({ name: 'planted', private: true, type: 'module', workspaces: ['core', 'adapters/demo', 'web'] }))
  write('tsconfig.json', JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', allowJs: true } }))
  for (const workspace of ['core', 'adapters/demo', 'web'])
    write(`${workspace}/package.json`, JSON.stringify({ name: workspace, type: 'module' }))
  // an upward import: the users folder sits below tandem
  write('core/src/users/status.ts', "import { moves } from '../tandem/moves.js'\nexport const status = moves + 1\n")
  write('core/src/tandem/moves.ts', "import { id } from '../shared/ids.js'\nexport const moves = id + 1\n")
  // a downward import, allowed
  write('core/src/shared/ids.ts', 'export const id = 1\n')
  // a cycle between two adapter files
  write('adapters/demo/src/a.ts', "import { b } from './b.js'\nexport const a = () => b() + 1\n")
  write('adapters/demo/src/b.ts', "import { a } from './a.js'\nexport const b = () => a() + 1\n")
  // a cycle in the web app: refused there too
  write('web/src/x.ts', "import { y } from './y.js'\nexport const x = () => y() + 1\n")
  write('web/src/y.ts', "import { x } from './x.js'\nexport const y = () => x() + 1\n")
})
afterAll(() => rmSync(tree, { recursive: true, force: true }))

describe('the cycle and core layer rules on a planted tree', () => {
  it('fail on an import cycle anywhere and on a core folder importing a higher one, and on nothing else', () => {
    const { status, violations } = cruise()
    expect(status).not.toBe(0)
    expect([...violations].sort()).toEqual([
      'core-no-upward-import: core/src/users/status.ts -> core/src/tandem/moves.ts',
      'no-circular: adapters/demo/src/a.ts -> adapters/demo/src/b.ts',
      'no-circular: web/src/x.ts -> web/src/y.ts',
    ])
  })
})
