// Erasing one user's personal data while the partners' tandem history stays whole: the user's
// tandems pass to a placeholder user, their mails leave the outbox, their row goes.
import type { UserId } from '@tandem/core'
import { sql } from 'kysely'
import type { Database } from './database.js'

export type ErasureRules = {
  /** The placeholder that takes the user's places in tandems (made on first use, inside the transaction). */
  readonly placeholderId: () => UserId
  /** A delivered partner mail's subject without what it said about the user. */
  readonly scrubSubject: (subject: string, user: { readonly firstName: string; readonly lastName: string }) => string
  /** Writes what must outlive the user (the record that refuses their old tokens), in the same transaction. */
  readonly recordDeletion?: () => void
}

export const createErasureRepository = (db: Database) => {
  const k = db.kysely
  return {
    /**
     * In one transaction: the user's tandems move to the placeholder with the user's own free texts
     * (comments, information for the mentee) cleared, the mails addressed to them leave the outbox
     * (and partners' mails lose what they said about them), and the user row goes, taking answers,
     * profile answers and the profile image with it (foreign keys cascade). Live tandems must have
     * been released before. False when there was no such user.
     */
    erase: (id: UserId, rules: ErasureRules): boolean =>
      db.transaction(() => {
        const user = db.first(k.selectFrom('users').select(['email', 'first_name', 'last_name']).where('id', '=', id))
        if (user === undefined) return false
        rules.recordDeletion?.()
        const placeholder = rules.placeholderId()
        const email = user.email.toLowerCase()
        db.run(k.updateTable('tandems').set({ mentee_id: placeholder, mentee_comment: null }).where('mentee_id', '=', id))
        db.run(
          k
            .updateTable('tandems')
            .set({ mentor_id: placeholder, mentor_comment: null, mentor_info_text: null })
            .where('mentor_id', '=', id),
        )
        db.run(
          k
            .deleteFrom('outbox')
            .where((eb) => eb.or([eb('user_id', '=', id), eb(eb.fn<string>('lower', ['recipient_email']), '=', email)])),
        )
        // Partners' mails may carry the user as their partner (name and address in the template data):
        // undelivered ones must not go out any more; delivered ones keep subject and date, not the data.
        const mentions = sql<boolean>`instr(lower(data), ${email}) > 0`
        db.run(k.deleteFrom('outbox').where(mentions).where('status', 'in', ['pending', 'failed']))
        const names = { firstName: user.first_name, lastName: user.last_name }
        for (const row of db.all(k.selectFrom('outbox').select(['id', 'subject']).where(mentions))) {
          db.run(
            k
              .updateTable('outbox')
              .set({ data: '{}', subject: rules.scrubSubject(row.subject, names) })
              .where('id', '=', row.id),
          )
        }
        db.bumpMentorPool()
        return db.run(k.deleteFrom('users').where('id', '=', id)) === 1
      }),
  }
}

export type ErasureRepository = ReturnType<typeof createErasureRepository>
