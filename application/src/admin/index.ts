// The administrator calls, one module per use case: users, manual matching, teams, program years,
// the identity-provider sync, the audit trail and retention. createServices wraps them in audit.ts.
import type { Services } from '../ports/services.port.js'
import type { ServiceContext } from '../context.js'
import type { Unaudited } from '../audit/audit.js'
import { auditTrailAdmin } from './audit-trail.admin.js'
import { clustersAdmin } from './clusters.admin.js'
import { retentionAdmin } from './retention.admin.js'
import { identitySyncAdmin } from './identity-sync.admin.js'
import { manualTandemAdmin } from './manual-tandem.admin.js'
import { teamsAdmin } from './teams.admin.js'
import { usersAdmin } from './users.admin.js'

export type AdminServicePorts = Pick<
  ServiceContext,
  | 'activeQuestionnaire'
  | 'adminEmails'
  | 'answers'
  | 'audit'
  | 'checkInMails'
  | 'clock'
  | 'clusters'
  | 'identityAccounts'
  | 'inOneTransaction'
  | 'lists'
  | 'logger'
  | 'master'
  | 'meetingMails'
  | 'meetings'
  | 'mentorship'
  | 'outbox'
  | 'publicUrl'
  | 'retention'
  | 'retentionMonths'
  | 'store'
  | 'timeZone'
  | 'users'
>

export const adminService = (ctx: AdminServicePorts): Unaudited<Services['admin']> => ({
  ...usersAdmin(ctx),
  ...manualTandemAdmin(ctx),
  ...teamsAdmin(ctx),
  ...clustersAdmin(ctx),
  ...identitySyncAdmin(ctx),
  ...auditTrailAdmin(ctx),
  ...retentionAdmin(ctx),
})
