// What the retention sweep reads and writes (docs/privacy.md): each person's last activity, program
// year end, live tandems and notice; the sign-in that restarts the clock; the outbox bodies that
// outlived the retention period (their subject and date stay as the history).
import { userIdOf, type Instant, type UserId } from '@tandem/core'
import { sql } from 'kysely'
import type { Database } from '../portable/database.js'
import { rolesOf } from '../portable/rows.js'
import type { RetentionPerson, RetentionRepository } from '@tandem/application/ports'

export type { RetentionPerson, RetentionRepository }

export const createRetentionRepository = (db: Database): RetentionRepository => {
  const k = db.kysely
  const live = (column: 'mentee_id' | 'mentor_id') =>
    // 0/1 on both: PostgreSQL answers a bare exists as a boolean, SQLite as a number.
    sql<number>`case when exists (select 1 from tandems t where t.${sql.ref(column)} = users.id and t.state in ('ACTIVE', 'MATCHED')) then 1 else 0 end`
  const people = async (id?: UserId): Promise<RetentionPerson[]> => {
    let query = k
      .selectFrom('users')
      .leftJoin('clusters', (join) => join.onRef('clusters.id', '=', 'users.mentee_cluster_id').on('clusters.is_ended', '=', 1))
      .select([
        'users.id',
        'users.issuer',
        'users.subject',
        'users.email',
        'users.first_name',
        'users.last_name',
        'users.language',
        'users.roles',
        'users.registered_at',
        'users.last_signed_in_at',
        'users.retention_notice_at',
        'clusters.ended_at',
      ])
      .select([live('mentee_id').as('live_as_mentee'), live('mentor_id').as('live_as_mentor')])
      .orderBy('users.id')
    if (id !== undefined) query = query.where('users.id', '=', id)
    return (await db.all(query)).map((r) => ({
      id: userIdOf(r.id),
      issuer: r.issuer,
      subject: r.subject,
      email: r.email,
      firstName: r.first_name,
      lastName: r.last_name,
      language: r.language === 'de' ? 'de' : 'en',
      roles: rolesOf({ id: r.id, roles: r.roles }),
      registeredAt: r.registered_at,
      lastSignedInAt: r.last_signed_in_at,
      noticeAt: r.retention_notice_at,
      programYearEndedAt: r.ended_at ?? null,
      hasLiveTandem: r.live_as_mentee === 1 || r.live_as_mentor === 1,
    }))
  }
  return {
    /** Every user with what retention decides on (the caller leaves out administrators and placeholders). */
    people: (): Promise<readonly RetentionPerson[]> => people(),
    person: async (id: UserId): Promise<RetentionPerson | undefined> => (await people(id))[0],
    /** A sign-in: the retention clock restarts and a notice sent before is void. */
    markSignedIn: async (id: UserId, at: Instant): Promise<void> => {
      await db.run(k.updateTable('users').set({ last_signed_in_at: at, retention_notice_at: null }).where('id', '=', id))
    },
    /** Notes the notice unless one was noted already (two sweeps at once send one); answers whether it did. */
    markNoticeSent: async (id: UserId, at: Instant): Promise<boolean> =>
      (await db.run(
        k.updateTable('users').set({ retention_notice_at: at }).where('id', '=', id).where('retention_notice_at', 'is', null),
      )) === 1,
    /**
     * Mails older than `before` keep subject, date and state (the history) and lose their body,
     * recipient and error text. Answers how many were scrubbed.
     */
    scrubOutboxBefore: async (before: Instant): Promise<number> =>
      await db.run(
        k
          .updateTable('outbox')
          .set({ data: '{}', recipient_email: '', recipient_name: '', last_error: null })
          .where('created_at', '<', before)
          .where('status', 'in', ['sent', 'failed'])
          .where((eb) => eb.or([eb('data', '!=', '{}'), eb('recipient_email', '!=', ''), eb('recipient_name', '!=', '')])),
      ),
    /** The outbox ids written at or after `since`: their delivered mail files stay. */
    outboxIdsSince: async (since: Instant): Promise<ReadonlySet<number>> =>
      new Set((await db.all(k.selectFrom('outbox').select('id').where('created_at', '>=', since))).map((r) => r.id)),
  }
}
