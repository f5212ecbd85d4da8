import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { plantedTree, type PlantedTree } from './support/planted-tree.js'

// Runs the repository's real .dependency-cruiser.cjs over a planted workspace tree: the rules must
// name the undeclared import and the production import of a dev dependency, and nothing else.
let planted: PlantedTree
const write = (path: string, text: string): void => planted.write(path, text)
const fakePackage = (name: string, main: string): void => {
  write(`node_modules/${name}/package.json`, JSON.stringify({ name, version: '1.0.0', main }))
  write(`node_modules/${name}/${main}`, 'export const value = 1\n')
}

beforeAll(() => {
  planted = plantedTree('tandem-depcruise-')
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
afterAll(() => planted.remove())

describe('the dependency rules on a planted workspace', () => {
  it('fail on an import its package.json does not declare and on production code importing a dev dependency', () => {
    const { status, violations } = planted.cruise(['adapters'])
    expect(status).not.toBe(0)
    expect([...violations].sort()).toEqual([
      'no-non-package-json: adapters/demo/src/index.ts -> node_modules/undeclared-pkg/dist/index.js',
      'not-to-dev-dep: adapters/demo/src/index.ts -> node_modules/dev-only-pkg/index.js',
    ])
  })
})
