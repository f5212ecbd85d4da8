import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { plantedTree, type PlantedTree } from './support/planted-tree.js'

// Runs the repository's real .dependency-cruiser.cjs over a planted tree: import cycles between two
// adapter files and between two web files, a core folder importing a folder above it, and a core
// folder importing one below it, which must pass.
let planted: PlantedTree
const write = (path: string, text: string): void => planted.write(path, text)

beforeAll(() => {
  planted = plantedTree('tandem-depcruise-layers-')
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
afterAll(() => planted.remove())

describe('the cycle and core layer rules on a planted tree', () => {
  it('fail on an import cycle anywhere and on a core folder importing a higher one, and on nothing else', () => {
    const { status, violations } = planted.cruise(['core', 'adapters', 'web'])
    expect(status).not.toBe(0)
    expect([...violations].sort()).toEqual([
      'core-no-upward-import: core/src/users/status.ts -> core/src/tandem/moves.ts',
      'no-circular: adapters/demo/src/a.ts -> adapters/demo/src/b.ts',
      'no-circular: web/src/x.ts -> web/src/y.ts',
    ])
  })
})
