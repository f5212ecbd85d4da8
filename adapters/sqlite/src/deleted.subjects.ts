// Accounts an administrator deleted, remembered without saying whose: only an HMAC of issuer +
// subject (keyed by a secret in the database) and the deletion time, so the API can refuse tokens
// issued before the deletion while no personal data stays behind.
import { createHmac } from 'node:crypto'
import type { Instant } from '@tandem/core'
import type { Database } from './database.js'
import { secretNamed } from './secrets.js'

export type DeletedSubjects = {
  /** Records (or moves later) the deletion of the account issuer + subject, at `at`. */
  readonly record: (issuer: string, subject: string, at: Instant) => void
  /** When the account issuer + subject was deleted, or undefined. */
  readonly deletedAt: (issuer: string, subject: string) => Instant | undefined
}

export const createDeletedSubjects = (db: Database): DeletedSubjects => {
  const k = db.kysely
  const key = secretNamed(db, 'deleted-subjects-hmac')
  // JSON keeps issuer and subject apart whatever characters they hold.
  const hashOf = (issuer: string, subject: string): string =>
    createHmac('sha256', key)
      .update(JSON.stringify([issuer, subject]))
      .digest('hex')
  return {
    record: (issuer, subject, at) => {
      db.run(
        k
          .insertInto('deleted_subjects')
          .values({ subject_hash: hashOf(issuer, subject), deleted_at: at })
          .onConflict((oc) => oc.column('subject_hash').doUpdateSet({ deleted_at: at })),
      )
    },
    deletedAt: (issuer, subject) =>
      db.first(k.selectFrom('deleted_subjects').select('deleted_at').where('subject_hash', '=', hashOf(issuer, subject)))?.deleted_at,
  }
}
