import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// Runs the repository's real .dependency-cruiser.cjs over a planted workspace tree: the rules must
// name the undeclared import and the production import of a dev dependency, and nothing else.
const root = join(import.meta.dirname, '..', '..')
const config = join(root, '.dependency-cruiser.cjs')
const depcruise = join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs')

let tree = ''
const write = (path: string, text: string): void => {
  mkdirSync(dirname(join(tree, path)), { recursive: true })
  writeFileSync(join(tree, path), text)
}
const fakePackage = (name: string, main: string): void => {
  write(`node_modules/${name}/package.json`, JSON.stringify({ name, version: '1.0.0', main }))
  write(`node_modules/${name}/${main}`, 'export const value = 1\n')
}

type Violation = { readonly rule: { readonly name: string }; readonly from: string; readonly to: string }

/**
 * The CLI as `npm run lint` calls it (its exit status), and its violations read from the JSON
 * report: the text report's layout changes with the terminal and with CI=true.
 */
const cruise = (): { readonly status: number | null; readonly violations: readonly string[] } => {
  const asLint = spawnSync(process.execPath, [depcruise, '--config', config, 'adapters'], { cwd: tree, encoding: 'utf8' })
  const asJson = spawnSync(process.execPath, [depcruise, '--config', config, '--output-type', 'json', 'adapters'], {
    cwd: tree,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  const report = JSON.parse(asJson.stdout) as { readonly summary: { readonly violations: readonly Violation[] } }
  const violations = report.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`)
  return { status: asLint.status, violations }
}

beforeAll(() => {
  tree = mkdtempSync(join(tmpdir(), 'tandem-depcruise-'))
  write('package.json', JSON.stringify({ name: 'planted', private: true, type: 'module', workspaces: ['adapters/demo'] }))
  write('tsconfig.json', JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', allowJs: true } }))
  // the entry of the undeclared package lives in dist/, where an over-broad exclude once hid it
  fakePackage('undeclared-pkg', 'dist/index.js')
  fakePackage('declared-pkg', 'index.js')
  fakePackage('dev-only-pkg', 'index.js')
  write(
    'adapters/demo/package.json',
    JSON.stringify({ name: 'demo', type: 'module', dependencies: { 'declared-pkg': '*' }, devDependencies: { 'dev-only-pkg': '*' } }),
  )
  write(
    'adapters/demo/src/index.ts',
    "import { value as a } from 'declared-pkg'\nimport { value as b } from 'undeclared-pkg'\nimport { value as c } from 'dev-only-pkg'\nexport const sum = a + b + c\n",
  )
  write(
    'adapters/demo/test/index.test.ts',
    "import { value } from 'dev-only-pkg'\nimport { sum } from '../src/index.js'\nexport const both = value + sum\n",
  )
})
afterAll(() => rmSync(tree, { recursive: true, force: true }))

describe('the dependency rules on a planted workspace', () => {
  it('fail on an import its package.json does not declare and on production code importing a dev dependency', () => {
    const { status, violations } = cruise()
    expect(status).not.toBe(0)
    expect([...violations].sort()).toEqual([
      'no-non-package-json: adapters/demo/src/index.ts -> node_modules/undeclared-pkg/dist/index.js',
      'not-to-dev-dep: adapters/demo/src/index.ts -> node_modules/dev-only-pkg/index.js',
    ])
  })
})
