// GetAuditRecords: one page of the administrators' audit trail. People are named in filters by
// e-mail or id; records answer with ids, and the administrator's name while their account exists.
import { DAY, fieldError, toIsoDateTime, UserId, validationFailed, type AuditRecordView } from '@tandem/core'
import type { Services } from '../ports/services.port.js'
import type { AuditFilter, AuditPage } from '../ports/store/index.js'
import { left, right } from 'fp-ts/lib/Either.js'
import type { ServiceContext } from '../context.js'
import { changeActions, type Unaudited } from '../audit/audit.js'

const SUBJECTS_SHOWN = 20

/**
 * A person reference (digits: an id; else an e-mail) as a user id; null when it names nobody (an
 * address nobody has, or digits no id can be), whose records are none.
 */
const personId = async (ctx: Pick<ServiceContext, 'users'>, reference: string): Promise<UserId | null> => {
  const text = reference.trim()
  if (!/^\d+$/.test(text)) return (await ctx.users.byEmail(text))?.id ?? null
  const id = Number(text)
  return UserId.is(id) ? id : null
}

export type AuditTrailAdminPorts = Pick<ServiceContext, 'audit' | 'lists' | 'outbox' | 'users'>

export const auditTrailAdmin = (ctx: AuditTrailAdminPorts): Pick<Unaudited<Services['admin']>, 'auditRecords'> => ({
  auditRecords: async (body) => {
    const from = body.from === null ? undefined : Date.parse(`${body.from}T00:00:00Z`)
    // The "to" day is included: records before the next midnight (UTC).
    const until = body.to === null ? undefined : Date.parse(`${body.to}T00:00:00Z`) + DAY
    if (from !== undefined && until !== undefined && from >= until) return left(validationFailed([fieldError('to', 'invalid-value')]))
    const adminId = body.admin === null ? undefined : await personId(ctx, body.admin)
    const subjectId = body.person === null ? undefined : await personId(ctx, body.person)
    const filter: AuditFilter = {
      ...(adminId === undefined || adminId === null ? {} : { adminId }),
      ...(subjectId === undefined || subjectId === null ? {} : { subjectId }),
      ...(body.action === null ? {} : { action: body.action }),
      ...(body.changesOnly === true ? { actions: changeActions(ctx) } : {}),
      ...(from === undefined ? {} : { from }),
      ...(until === undefined ? {} : { until }),
    }
    const namesNobody = adminId === null || subjectId === null
    const page: AuditPage = namesNobody
      ? { records: [], total: 0 }
      : await ctx.audit.list(filter, (body.page - 1) * body.pageSize, body.pageSize)
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
