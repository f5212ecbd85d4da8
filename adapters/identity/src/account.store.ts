// Accounts of the embedded provider: e-mail (unique, case-insensitive), argon2id hash, the profile
// claims and the legal acceptances. Other adapters reach it only through AccountStore. Every
// operation is one statement on the caller's asynchronous executor (SQLite or PostgreSQL): on SQLite
// the connection is shared with the server's synchronous code, so no transaction may stay open
// across an await, and on PostgreSQL one statement is atomic under READ COMMITTED without locks.
import argon2 from 'argon2'
import { either as E } from 'fp-ts'
import { randomUUID } from 'node:crypto'
import { GENDERS, type Gender, type Language } from '@tandem/core'
import { identityTables, toNullableNumber, toNumber, type IdentityDatabase, type IdentityTables } from './identity.database.js'
import type { Selectable } from 'kysely'

/** The gender values are core's. */
export { GENDERS, type Gender }

/** An account as other parts see it: never the password hash. `subject` is the `sub` claim. */
export type Account = {
  readonly subject: string
  readonly email: string
  readonly givenName: string
  readonly familyName: string
  readonly birthdate: string | null
  readonly gender: Gender
  readonly locale: Language
  readonly termsAcceptedAt: number
  readonly privacyAcceptedAt: number
  /** When the owner opened a mailed link (confirmation or password reset); null while unproven. */
  readonly emailVerifiedAt: number | null
  readonly createdAt: number
  readonly updatedAt: number
}

export type NewAccount = {
  readonly email: string
  readonly password: string
  readonly givenName: string
  readonly familyName: string
  readonly birthdate: string
  readonly gender: Gender
  readonly locale: Language
}

export type AccountStore = {
  readonly createAccount: (input: NewAccount) => Promise<E.Either<'EmailTaken', Account>>
  readonly findBySubject: (subject: string) => Promise<Account | undefined>
  readonly findByEmail: (email: string) => Promise<Account | undefined>
  /** The account when the password fits, else null; unknown e-mails cost the same hashing time. */
  readonly verifyPassword: (email: string, password: string) => Promise<Account | null>
  readonly setPassword: (subject: string, password: string) => Promise<void>
  /** Marks the address confirmed without a mailed link: only for accounts the operator creates (demo). */
  readonly confirmEmail: (subject: string) => Promise<void>
  /** Ends every session and revokes every grant and token of the account (after a password reset). */
  readonly endSessions: (subject: string) => Promise<void>
  /** Removes the account, its sessions, grants and tokens; false when no such account. */
  readonly deleteAccount: (email: string) => Promise<boolean>
  readonly listAccounts: () => Promise<readonly Account[]>
}

type AccountRow = Selectable<IdentityTables['identity_accounts']>

const toAccount = (row: AccountRow): Account => ({
  subject: row.id,
  email: row.email,
  givenName: row.given_name,
  familyName: row.family_name,
  birthdate: row.birthdate,
  gender: (GENDERS as readonly string[]).includes(row.gender) ? (row.gender as Gender) : 'NA',
  locale: row.locale === 'de' ? 'de' : 'en',
  termsAcceptedAt: toNumber(row.terms_accepted_at),
  privacyAcceptedAt: toNumber(row.privacy_accepted_at),
  emailVerifiedAt: toNullableNumber(row.email_verified_at),
  createdAt: toNumber(row.created_at),
  updatedAt: toNumber(row.updated_at),
})

export const hashPassword = (password: string): Promise<string> => argon2.hash(password, { type: argon2.argon2id })

/**
 * Deletes the sessions, grants and tokens of an account in one statement: rows name their account
 * (a column filled from the payload's accountId), and tokens also go with a grant of the account.
 */
export const endSessionsOf = async (database: IdentityDatabase, subject: string): Promise<void> => {
  const db = identityTables(database)
  await db
    .deleteFrom('oidc_models')
    .where((eb) =>
      eb.or([
        eb('account_id', '=', subject),
        eb(
          'grant_id',
          'in',
          eb
            .selectFrom('oidc_models as grants')
            .select('grants.id')
            .where('grants.model', '=', 'Grant')
            .where('grants.account_id', '=', subject),
        ),
      ]),
    )
    .execute()
}

export const createAccountStore = (database: IdentityDatabase, now: () => number = Date.now): AccountStore => {
  const db = identityTables(database)
  const byEmail = (email: string) => db.selectFrom('identity_accounts').selectAll().where('email', '=', email.trim()).executeTakeFirst()
  const bySubject = (subject: string) => db.selectFrom('identity_accounts').selectAll().where('id', '=', subject).executeTakeFirst()
  // Hashed once so that an unknown e-mail costs one argon2 verification like a known one.
  const dummyHash = hashPassword(randomUUID())

  return {
    createAccount: async (input) => {
      const hash = await hashPassword(input.password)
      const at = now()
      // One statement decides between two sign-ups with one address, on any number of instances.
      const row = await db
        .insertInto('identity_accounts')
        .values({
          id: randomUUID(),
          email: input.email.trim(),
          password_hash: hash,
          given_name: input.givenName.trim(),
          family_name: input.familyName.trim(),
          birthdate: input.birthdate,
          gender: input.gender,
          locale: input.locale,
          terms_accepted_at: at,
          privacy_accepted_at: at,
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) => oc.column('email').doNothing())
        .returningAll()
        .executeTakeFirst()
      return row === undefined ? E.left('EmailTaken') : E.right(toAccount(row))
    },
    findBySubject: async (subject) => {
      const row = await bySubject(subject)
      return row === undefined ? undefined : toAccount(row)
    },
    findByEmail: async (email) => {
      const row = await byEmail(email)
      return row === undefined ? undefined : toAccount(row)
    },
    verifyPassword: async (email, password) => {
      const row = await byEmail(email)
      const hash = row?.password_hash ?? (await dummyHash)
      const fits = await argon2.verify(hash, password).catch(() => false)
      return fits && row !== undefined ? toAccount(row) : null
    },
    setPassword: async (subject, password) => {
      const hash = await hashPassword(password)
      await db.updateTable('identity_accounts').set({ password_hash: hash, updated_at: now() }).where('id', '=', subject).execute()
    },
    confirmEmail: async (subject) => {
      await db
        .updateTable('identity_accounts')
        .set({ email_verified_at: now() })
        .where('id', '=', subject)
        .where('email_verified_at', 'is', null)
        .execute()
    },
    endSessions: (subject) => endSessionsOf(database, subject),
    deleteAccount: async (email) => {
      // The account goes first, in one statement (its links with it, by the foreign key): from then
      // on no sign-in, refresh or session can use it, as oidc-provider finds no account. Its
      // sessions and tokens go next; should the process stop in between, they are inert and expire.
      const deleted = await db.deleteFrom('identity_accounts').where('email', '=', email.trim()).returning('id').executeTakeFirst()
      if (deleted === undefined) return false
      await db.deleteFrom('identity_password_resets').where('account_id', '=', deleted.id).execute()
      await endSessionsOf(database, deleted.id)
      return true
    },
    // Accounts made in the same millisecond come in e-mail order, on both databases.
    listAccounts: async () =>
      (await db.selectFrom('identity_accounts').selectAll().orderBy('created_at').orderBy('email').execute()).map(toAccount),
  }
}
