// GetAuditRecords: one page of the administrators' audit trail. People are named in filters by
// e-mail or id; records answer with ids, and the administrator's name while their account exists.
import { DAY, fieldError, toIsoDateTime, validationFailed, type AuditRecordView, type UserId } from '@tandem/core'
import type { Services } from '../ports/services.port.js'
import type { AuditFilter } from '../ports/store/index.js'
import { left, right } from 'fp-ts/lib/Either.js'
import type { ServiceContext } from '../context.js'
import type { Unaudited } from './audit.js'

const SUBJECTS_SHOWN = 20

/** A person reference (digits: an id; else an e-mail) as a user id; 0 when nobody has the address. */
const personId = async (ctx: ServiceContext, reference: string): Promise<UserId> => {
  const text = reference.trim()
  return /^\d+$/.test(text) ? Number(text) : ((await ctx.users.byEmail(text))?.id ?? 0)
}

export const auditTrailAdmin = (ctx: ServiceContext): Pick<Unaudited<Services['admin']>, 'auditRecords'> => ({
  auditRecords: async (body) => {
    const from = body.from === null ? undefined : Date.parse(`${body.from}T00:00:00Z`)
    // The "to" day is included: records before the next midnight (UTC).
    const until = body.to === null ? undefined : Date.parse(`${body.to}T00:00:00Z`) + DAY
    if (from !== undefined && until !== undefined && from >= until) return left(validationFailed([fieldError('to', 'invalid-value')]))
    const filter: AuditFilter = {
      ...(body.admin === null ? {} : { adminId: await personId(ctx, body.admin) }),
      ...(body.person === null ? {} : { subjectId: await personId(ctx, body.person) }),
      ...(body.action === null ? {} : { action: body.action }),
      ...(from === undefined ? {} : { from }),
      ...(until === undefined ? {} : { until }),
    }
    const page = await ctx.audit.list(filter, (body.page - 1) * body.pageSize, body.pageSize)
    const names = new Map<UserId, string | null>()
    const nameOf = async (id: UserId): Promise<string | null> => {
      if (!names.has(id)) {
        const user = await ctx.users.byId(id)
        names.set(id, user === undefined ? null : `${user.firstName} ${user.lastName}`.trim())
      }
      return names.get(id) ?? null
    }
    const records: AuditRecordView[] = []
    for (const r of page.records)
      records.push({
        id: r.id,
        at: toIsoDateTime(r.at),
        adminId: r.adminId,
        adminName: await nameOf(r.adminId),
        action: r.action,
        objectId: r.objectId,
        // A list read may name thousands: the page shows the first ones and the count.
        subjectIds: r.subjectIds.slice(0, SUBJECTS_SHOWN),
        subjectCount: r.subjectCount,
      })
    return right({ records, total: page.total, page: body.page, pageSize: body.pageSize, actions: [...(await ctx.audit.actions())] })
  },
})
