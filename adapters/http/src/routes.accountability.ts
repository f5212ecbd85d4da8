// Accountability (docs/privacy.md): the administrators' audit trail, and the people the retention
// sweep erases next. Admin only.
import { AuditRecordsRequest } from '@tandem/core'
import { answer, defineRoute, type Route } from './route.js'
import type { Services } from '@tandem/application/ports'

export const accountabilityRoutes = (s: Services): readonly Route[] => [
  defineRoute({
    method: 'POST',
    path: '/api/Admin/GetAuditRecords',
    policy: 'admin',
    summary:
      "the administrators' audit trail (who read or changed whose data, when), filtered by admin, person, action and dates; one page",
    body: AuditRecordsRequest,
    handle: async ({ actor, body }) => answer(await s.admin.auditRecords(actor, body)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Admin/GetRetentionDue',
    policy: 'admin',
    summary: 'the people the retention sweep will erase (RETENTION_MONTHS), with their notice',
    handle: async ({ actor }) => answer(await s.admin.retentionDue(actor)),
  }),
]
