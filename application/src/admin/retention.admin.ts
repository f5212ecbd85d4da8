// The administrators' view of retention: everyone in the notice window or past it, with why and
// from when the sweep erases them (the same rule the sweep applies).
import { RETENTION_NOTICE_PERIOD, erasureFrom, retentionDeadline, toIsoDateTime, type RetentionDueRow } from '@tandem/core'
import type { Services } from '../ports/services.port.js'
import { right } from 'fp-ts/lib/Either.js'
import { retentionFactsOf, underRetention } from '../account/retention.js'
import type { ServiceContext } from '../context.js'
import type { Unaudited } from '../audit/audit.js'

export type RetentionAdminPorts = Pick<ServiceContext, 'clock' | 'retention' | 'retentionMonths'>

export const retentionAdmin = (ctx: RetentionAdminPorts): Pick<Unaudited<Services['admin']>, 'retentionDue'> => ({
  retentionDue: async () => {
    const now = ctx.clock()
    const rows = (await ctx.retention.people()).flatMap((p): RetentionDueRow[] => {
      if (!underRetention(p)) return []
      const facts = retentionFactsOf(p)
      const deadline = retentionDeadline(ctx.retentionMonths, facts)
      if (deadline === null || now < deadline.periodEndsAt - RETENTION_NOTICE_PERIOD) return []
      return [
        {
          userId: p.id,
          firstName: p.firstName,
          lastName: p.lastName,
          email: p.email,
          reason: deadline.reason,
          noticeSentAt: p.noticeAt === null ? null : toIsoDateTime(p.noticeAt),
          erasureFrom: toIsoDateTime(erasureFrom(deadline, p.noticeAt ?? now)),
        },
      ]
    })
    return right(rows)
  },
})
