// Accounts of the embedded provider in SQLite: e-mail (unique, case-insensitive), argon2id hash,
// the profile claims and the legal acceptances. Other adapters reach it only through AccountStore.
import argon2 from 'argon2'
import type BetterSqlite3 from 'better-sqlite3'
import { either as E } from 'fp-ts'
import { randomUUID } from 'node:crypto'
import type { Language } from '@tandem/core'

export type Gender = 'Female' | 'Male' | 'Non-binary' | 'NA'
export const GENDERS: readonly Gender[] = ['Female', 'Male', 'Non-binary', 'NA']

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
  readonly findBySubject: (subject: string) => Account | undefined
  readonly findByEmail: (email: string) => Account | undefined
  /** The account when the password fits, else null; unknown e-mails cost the same hashing time. */
  readonly verifyPassword: (email: string, password: string) => Promise<Account | null>
  readonly setPassword: (subject: string, password: string) => Promise<void>
  /** Marks the address confirmed without a mailed link: only for accounts the operator creates (demo). */
  readonly confirmEmail: (subject: string) => void
  /** Ends every session and revokes every grant and token of the account (after a password reset). */
  readonly endSessions: (subject: string) => Promise<void>
  /** Removes the account, its sessions, grants and tokens; false when no such account. */
  readonly deleteAccount: (email: string) => Promise<boolean>
  readonly listAccounts: () => Promise<readonly Account[]>
}

type AccountRow = {
  readonly id: string
  readonly email: string
  readonly password_hash: string
  readonly given_name: string
  readonly family_name: string
  readonly birthdate: string | null
  readonly gender: string
  readonly locale: string
  readonly terms_accepted_at: number
  readonly privacy_accepted_at: number
  readonly email_verified_at?: number | null
  readonly created_at: number
  readonly updated_at: number
}

const toAccount = (row: AccountRow): Account => ({
  subject: row.id,
  email: row.email,
  givenName: row.given_name,
  familyName: row.family_name,
  birthdate: row.birthdate,
  gender: (GENDERS as readonly string[]).includes(row.gender) ? (row.gender as Gender) : 'NA',
  locale: row.locale === 'de' ? 'de' : 'en',
  termsAcceptedAt: row.terms_accepted_at,
  privacyAcceptedAt: row.privacy_accepted_at,
  emailVerifiedAt: row.email_verified_at ?? null,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
})

export const hashPassword = (password: string): Promise<string> => argon2.hash(password, { type: argon2.argon2id })

export const createAccountStore = (db: BetterSqlite3.Database, now: () => number = Date.now): AccountStore => {
  const insert = db.prepare(
    `INSERT INTO identity_accounts (id, email, password_hash, given_name, family_name, birthdate, gender, locale,
       terms_accepted_at, privacy_accepted_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (email) DO NOTHING`,
  )
  const byEmail = db.prepare<[string], AccountRow>('SELECT * FROM identity_accounts WHERE email = ?')
  const bySubject = db.prepare<[string], AccountRow>('SELECT * FROM identity_accounts WHERE id = ?')
  const all = db.prepare<[], AccountRow>('SELECT * FROM identity_accounts ORDER BY created_at, rowid')
  const updateHash = db.prepare('UPDATE identity_accounts SET password_hash = ?, updated_at = ? WHERE id = ?')
  const confirm = db.prepare('UPDATE identity_accounts SET email_verified_at = ? WHERE id = ? AND email_verified_at IS NULL')
  const removeAccount = db.prepare('DELETE FROM identity_accounts WHERE id = ?')
  const removeResets = db.prepare('DELETE FROM identity_password_resets WHERE account_id = ?')
  // Sessions and grants name the account inside their JSON payload.
  const removeModels = db.prepare(
    `DELETE FROM oidc_models WHERE json_extract(payload, '$.accountId') = ?
       OR (grant_id IS NOT NULL AND grant_id IN (SELECT id FROM oidc_models WHERE model = 'Grant' AND json_extract(payload, '$.accountId') = ?))`,
  )
  // Hashed once so that an unknown e-mail costs one argon2 verification like a known one.
  const dummyHash = hashPassword(randomUUID())

  return {
    createAccount: async (input) => {
      const hash = await hashPassword(input.password)
      const at = now()
      const id = randomUUID()
      const result = insert.run(
        id,
        input.email.trim(),
        hash,
        input.givenName.trim(),
        input.familyName.trim(),
        input.birthdate,
        input.gender,
        input.locale,
        at,
        at,
        at,
        at,
      )
      const row = result.changes === 1 ? bySubject.get(id) : undefined
      return row === undefined ? E.left('EmailTaken') : E.right(toAccount(row))
    },
    findBySubject: (subject) => {
      const row = bySubject.get(subject)
      return row === undefined ? undefined : toAccount(row)
    },
    findByEmail: (email) => {
      const row = byEmail.get(email.trim())
      return row === undefined ? undefined : toAccount(row)
    },
    verifyPassword: async (email, password) => {
      const row = byEmail.get(email.trim())
      const hash = row?.password_hash ?? (await dummyHash)
      const fits = await argon2.verify(hash, password).catch(() => false)
      return fits && row !== undefined ? toAccount(row) : null
    },
    setPassword: async (subject, password) => {
      updateHash.run(await hashPassword(password), now(), subject)
    },
    confirmEmail: (subject) => {
      confirm.run(now(), subject)
    },
    endSessions: async (subject) => {
      removeModels.run(subject, subject)
    },
    deleteAccount: async (email) => {
      const row = byEmail.get(email.trim())
      if (row === undefined) return false
      db.transaction(() => {
        removeModels.run(row.id, row.id)
        removeResets.run(row.id)
        removeAccount.run(row.id)
      })()
      return true
    },
    listAccounts: async () => all.all().map(toAccount),
  }
}
