// Accounts an administrator deleted, remembered without saying whose: only an HMAC of issuer +
// subject (keyed by a secret in the database) and the deletion time, so the API can refuse tokens
// issued before the deletion while no personal data stays behind.
import { createHmac } from 'node:crypto'
import type { Database } from '../portable/database.js'
import { secretNamed } from '../portable/secrets.js'
import type { DeletedSubjects } from '@tandem/application/ports'

export type { DeletedSubjects }

export const createDeletedSubjects = (db: Database): DeletedSubjects => {
  const k = db.kysely
  let key: Promise<string> | undefined
  // JSON keeps issuer and subject apart whatever characters they hold.
  const hashOf = async (issuer: string, subject: string): Promise<string> =>
    createHmac('sha256', await (key ??= secretNamed(db, 'deleted-subjects-hmac')))
      .update(JSON.stringify([issuer, subject]))
      .digest('hex')
  return {
    record: async (issuer, subject, at) => {
      await db.run(
        k
          .insertInto('deleted_subjects')
          .values({ subject_hash: await hashOf(issuer, subject), deleted_at: at })
          .onConflict((oc) => oc.column('subject_hash').doUpdateSet({ deleted_at: at })),
      )
    },
    deletedAt: async (issuer, subject) => {
      const hash = await hashOf(issuer, subject)
      return (await db.first(k.selectFrom('deleted_subjects').select('deleted_at').where('subject_hash', '=', hash)))?.deleted_at
    },
  }
}
