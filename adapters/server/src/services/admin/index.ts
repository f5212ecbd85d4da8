// The administrator calls, one module per use case: users, manual matching, teams, program years
// and the identity-provider sync.
import type { Services } from '@tandem/http'
import type { ServiceContext } from '../context.js'
import { clustersAdmin } from './clusters.admin.js'
import { identitySyncAdmin } from './identity-sync.admin.js'
import { manualTandemAdmin } from './manual-tandem.admin.js'
import { teamsAdmin } from './teams.admin.js'
import { usersAdmin } from './users.admin.js'

export const adminService = (ctx: ServiceContext): Services['admin'] => ({
  ...usersAdmin(ctx),
  ...manualTandemAdmin(ctx),
  ...teamsAdmin(ctx),
  ...clustersAdmin(ctx),
  ...identitySyncAdmin(ctx),
})
