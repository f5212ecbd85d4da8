// Erasing one user's personal data while the partners' tandem history stays whole: the user's
// tandems pass to a placeholder user, their mails leave the outbox, their row goes.
import type { DomainError, UserId } from '@tandem/core'
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js'
import { sql } from 'kysely'
import type { Database } from '../portable/database.js'
import { containsText } from '../portable/dialect.js'
import type { ErasureRules, Erased, ErasureRepository } from '@tandem/application/ports'

export type { ErasureRules, Erased, ErasureRepository }

class Refused extends Error {
  constructor(readonly error: DomainError) {
    super(error._tag)
  }
}

export const createErasureRepository = (db: Database): ErasureRepository => {
  const k = db.kysely
  const repository = {
    /**
     * In one transaction: the user's tandems move to the placeholder with the user's own free texts
     * (comments, information for the mentee) cleared, the mails addressed to them leave the outbox
     * (and partners' mails lose what they said about them), and the user row goes, taking answers,
     * profile answers and the profile image with it (foreign keys cascade). Live tandems must have
     * been released before (or by `rules.before`). Null when there was no such user. Afterwards the
     * write-ahead log is checkpointed, so the erased rows leave the data folder's files too (the
     * database zeroes deleted content: secure_delete).
     */
    erase: async (id: UserId, rules: ErasureRules): Promise<Either<DomainError, Erased | null>> => {
      let result: Erased | null
      try {
        result = await db.transaction(async () => eraseInTransaction(id, rules))
      } catch (e) {
        if (e instanceof Refused) return left(e.error)
        throw e
      }
      // SQLite: the erased rows leave the write-ahead log too (PostgreSQL's vacuum and WAL recycling do this there).
      if (result !== null) db.raw?.pragma('wal_checkpoint(TRUNCATE)')
      return right(result)
    },
  }

  const eraseInTransaction = async (id: UserId, rules: ErasureRules): Promise<Erased | null> => {
    const user = await db.first(k.selectFrom('users').select(['email', 'first_name', 'last_name']).where('id', '=', id))
    if (user === undefined) return null
    const first = await rules.before?.()
    if (first !== undefined && isLeft(first)) throw new Refused(first.left)
    await rules.recordDeletion?.()
    const placeholder = await rules.placeholderId()
    const email = user.email.toLowerCase()
    const mentions = containsText(db, sql<string>`lower(data)`, email)
    const touched = await db.all(
      k
        .selectFrom('outbox')
        .select('id')
        .where((eb) => eb.or([eb('user_id', '=', id), eb(eb.fn<string>('lower', ['recipient_email']), '=', email), mentions])),
    )
    // The text a person wrote when ending a team is theirs: it goes with them.
    await db.run(k.updateTable('tandems').set({ end_other_text: null }).where('mentee_id', '=', id).where('ended_by', '=', 'Mentee'))
    await db.run(k.updateTable('tandems').set({ end_other_text: null }).where('mentor_id', '=', id).where('ended_by', '=', 'Mentor'))
    await db.run(k.updateTable('tandems').set({ mentee_id: placeholder, mentee_comment: null }).where('mentee_id', '=', id))
    await db.run(
      k.updateTable('tandems').set({ mentor_id: placeholder, mentor_comment: null, mentor_info_text: null }).where('mentor_id', '=', id),
    )
    await db.run(
      k.deleteFrom('outbox').where((eb) => eb.or([eb('user_id', '=', id), eb(eb.fn<string>('lower', ['recipient_email']), '=', email)])),
    )
    // Partners' mails may carry the user as their partner (name and address in the template data):
    // undelivered ones must not go out any more; delivered ones keep subject and date, not the data.
    await db.run(k.deleteFrom('outbox').where(mentions).where('status', 'in', ['pending', 'failed']))
    const names = { firstName: user.first_name, lastName: user.last_name }
    for (const row of await db.all(k.selectFrom('outbox').select(['id', 'subject']).where(mentions))) {
      await db.run(
        k
          .updateTable('outbox')
          .set({ data: '{}', subject: rules.scrubSubject(row.subject, names) })
          .where('id', '=', row.id),
      )
    }
    // The waitlist mails' stop links name the person: they go with them.
    await db.run(k.deleteFrom('waitlist_stop_links').where('user_id', '=', id))
    await db.bumpMentorPool()
    await db.run(k.deleteFrom('users').where('id', '=', id))
    return { outboxIds: touched.map((r) => r.id) }
  }
  return repository
}
