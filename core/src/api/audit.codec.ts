// Accountability and retention calls (administrators): the audit trail with its filters, and the
// people the retention sweep will erase. Records name people by id only.
import * as t from 'io-ts'
import { UserId } from '../shared/ids.js'
import { RetentionReason } from '../users/retention.js'
import { Id, IsoDate, IsoDateTime, NonNegativeInt, nullable, refined } from './wire.codec.js'

/** A person in a filter: an e-mail address or a user id (digits). */
export const PersonReference = refined('PersonReference', t.string, (s) => {
  const text = s.trim()
  return text.length > 0 && text.length <= 254 && (/^\d{1,15}$/.test(text) || /^[^\s@]+@[^\s@]+$/.test(text))
})

export const AUDIT_PAGE_SIZE_MAX = 100

/** GetAuditRecords body: every filter optional (null: any); pages count from 1. */
export const AuditRecordsRequest = t.exact(
  t.intersection([
    t.type({
      admin: nullable(PersonReference),
      person: nullable(PersonReference),
      action: nullable(refined('AuditAction', t.string, (s) => /^[a-z-]+(\.[a-z-]+)*$/.test(s) && s.length <= 60)),
      from: nullable(IsoDate),
      to: nullable(IsoDate),
      page: refined('Page', t.number, (n) => Number.isSafeInteger(n) && n >= 1),
      pageSize: refined('PageSize', t.number, (n) => Number.isSafeInteger(n) && n >= 1 && n <= AUDIT_PAGE_SIZE_MAX),
    }),
    /** Only the records of changes (docs/privacy.md: the audit page's default view); absent or false: reads too. */
    t.partial({ changesOnly: t.boolean }),
  ]),
  'AuditRecordsRequest',
)
export type AuditRecordsRequest = t.TypeOf<typeof AuditRecordsRequest>

export const AuditRecordView = t.type(
  {
    id: Id,
    at: IsoDateTime,
    adminId: UserId,
    /** The administrator's name while their account exists; null after it was erased. */
    adminName: nullable(t.string),
    action: t.string,
    objectId: nullable(Id),
    subjectIds: t.array(UserId),
    subjectCount: NonNegativeInt,
  },
  'AuditRecordView',
)
export type AuditRecordView = t.TypeOf<typeof AuditRecordView>

export const AuditRecordsPage = t.type(
  {
    records: t.array(AuditRecordView),
    total: NonNegativeInt,
    page: Id,
    pageSize: Id,
    /** Every action recorded so far, for the filter's choices. */
    actions: t.array(t.string),
  },
  'AuditRecordsPage',
)
export type AuditRecordsPage = t.TypeOf<typeof AuditRecordsPage>

/** A person the retention sweep will erase (GetRetentionDue), with the notice's state. */
export const RetentionDueRow = t.type(
  {
    userId: UserId,
    firstName: t.string,
    lastName: t.string,
    email: t.string,
    reason: RetentionReason,
    /** When the notice mail was written; null while it is not yet due. */
    noticeSentAt: nullable(IsoDateTime),
    /** The earliest the sweep erases the person (30 days after the notice). */
    erasureFrom: IsoDateTime,
  },
  'RetentionDueRow',
)
export type RetentionDueRow = t.TypeOf<typeof RetentionDueRow>
