import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { plantedTree, type PlantedTree } from './support/planted-tree.js'

// Runs the repository's real .dependency-cruiser.cjs over a planted tree with one violation of each
// layout rule beyond single files (README.md#layout): the mentorship folder importing matching, which
// sits above it; errors.ts importing a tandem file above it; two application folders importing each
// other through files that form no import cycle; a web feature importing another feature; an adapter
// importing the application's use cases. Beside them the allowed shapes: routes composing two
// features, features importing shared/, one application folder importing another one way, events.ts
// importing the tandem beside it, an adapter importing the application's ports, the composition root
// importing its use cases.
let planted: PlantedTree
const write = (path: string, text: string): void => planted.write(path, text)

beforeAll(() => {
  planted = plantedTree('tandem-depcruise-folders-')
  write(
    'package.json',
    JSON.stringify({ name: 'planted', private: true, type: 'module', workspaces: ['core', 'application', 'web', 'adapters/*'] }),
  )
  write('tsconfig.json', JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', allowJs: true } }))
  for (const workspace of ['core', 'application', 'web', 'adapters/http', 'adapters/server'])
    write(`${workspace}/package.json`, JSON.stringify({ name: workspace, type: 'module' }))
  // core: mentorship sits below matching; errors.ts below the tandem; events.ts beside it
  write('core/src/shared/ids.ts', 'export const id = 1\n')
  write('core/src/tandem/codec.ts', "import { id } from '../shared/ids.js'\nexport const state = id\n")
  write('core/src/matching/rank.ts', "import { state } from '../tandem/codec.js'\nexport const rank = state + 1\n")
  write('core/src/mentorship/timeline.ts', "import { rank } from '../matching/rank.js'\nexport const timeline = rank + 1\n")
  write('core/src/errors.ts', "import { state } from './tandem/codec.js'\nexport const error = state + 1\n")
  write('core/src/events.ts', "import { state } from './tandem/codec.js'\nexport const event = state + 2\n")
  // application: admin and account import each other, file by file without a cycle; cohort only one way
  write('application/src/admin/teams.ts', "import { erase } from '../account/erasure.js'\nexport const teams = () => erase() + 1\n")
  write('application/src/admin/audit.ts', 'export const audit = () => 1\n')
  write('application/src/account/erasure.ts', 'export const erase = () => 1\n')
  write('application/src/account/service.ts', "import { audit } from '../admin/audit.js'\nexport const service = () => audit() + 1\n")
  write('application/src/cohort/run.ts', "import { erase } from '../account/erasure.js'\nexport const run = () => erase() + 2\n")
  // adapters: the HTTP adapter imports a use case beside the ports; the composition root may
  write('adapters/http/src/routes.ts', "import { createServices } from '@tandem/application'\nexport const routes = [createServices]\n")
  write(
    'adapters/http/src/policy.ts',
    "import type { Services } from '@tandem/application/ports'\nexport const policy = (s: Services) => s\n",
  )
  write('adapters/server/src/wire.ts', "import { createServices } from '@tandem/application'\nexport const wire = createServices\n")
  // web: the questionnaire feature imports the dashboard's; routes compose both; shared serves them
  write('web/src/shared/dates.ts', 'export const today = () => 1\n')
  write(
    'web/src/features/dashboard/Dashboard.ts',
    "import { today } from '../../shared/dates.js'\nexport const Dashboard = () => today()\n",
  )
  write(
    'web/src/features/questionnaire/Form.ts',
    "import { Dashboard } from '../dashboard/Dashboard.js'\nexport const Form = () => Dashboard() + 1\n",
  )
  write(
    'web/src/routes/routes.ts',
    "import { Dashboard } from '../features/dashboard/Dashboard.js'\nimport { Form } from '../features/questionnaire/Form.js'\nexport const routes = [Dashboard, Form]\n",
  )
})
afterAll(() => planted.remove())

describe('the folder rules on a planted tree', () => {
  it('fail on each planted violation and on nothing else', () => {
    const { status, violations } = planted.cruise(['core', 'application', 'web', 'adapters'])
    expect(status).not.toBe(0)
    expect([...violations].sort()).toEqual([
      'adapters-import-only-ports: adapters/http/src/routes.ts -> @tandem/application',
      'core-no-upward-import: core/src/errors.ts -> core/src/tandem/codec.ts',
      'core-no-upward-import: core/src/mentorship/timeline.ts -> core/src/matching/rank.ts',
      'features-meet-in-routes: web/src/features/questionnaire/Form.ts -> web/src/features/dashboard/Dashboard.ts',
      'no-sibling-folder-cycle: application/src/account -> application/src/admin',
      'no-sibling-folder-cycle: application/src/admin -> application/src/account',
    ])
  })
})
