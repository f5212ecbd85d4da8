// Password-reset links: a random token e-mailed once, stored only as its SHA-256, valid one hour
// and good for one use. Asking again invalidates the earlier links of the account.
import type BetterSqlite3 from 'better-sqlite3'
import { createHash, randomBytes } from 'node:crypto'
import { DAY, HOUR } from '@tandem/core'

export const RESET_LINK_VALIDITY = HOUR

export type ResetTokens = {
  readonly issue: (accountSubject: string) => string
  /** The account the token belongs to while it is unused and unexpired, else null. */
  readonly check: (token: string) => string | null
  /** Marks the token used; the account when this call was the one that used it, else null. */
  readonly redeem: (token: string) => string | null
}

const digest = (token: string): string => createHash('sha256').update(token).digest('hex')

type ResetRow = { readonly account_id: string; readonly expires_at: number; readonly used_at: number | null }

export const createResetTokens = (db: BetterSqlite3.Database, now: () => number): ResetTokens => {
  const retire = db.prepare('UPDATE identity_password_resets SET used_at = ? WHERE account_id = ? AND used_at IS NULL')
  const insert = db.prepare('INSERT INTO identity_password_resets (token_hash, account_id, expires_at) VALUES (?, ?, ?)')
  const find = db.prepare<[string], ResetRow>('SELECT account_id, expires_at, used_at FROM identity_password_resets WHERE token_hash = ?')
  // Spent and expired links are useless after a day; the table stays as small as the live links.
  const prune = db.prepare('DELETE FROM identity_password_resets WHERE expires_at < ?')
  const use = db.prepare('UPDATE identity_password_resets SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?')

  const check = (token: string): string | null => {
    const row = find.get(digest(token))
    return row !== undefined && row.used_at === null && row.expires_at > now() ? row.account_id : null
  }
  return {
    issue: (accountSubject) => {
      const token = randomBytes(32).toString('base64url')
      db.transaction(() => {
        prune.run(now() - DAY)
        retire.run(now(), accountSubject)
        insert.run(digest(token), accountSubject, now() + RESET_LINK_VALIDITY)
      })()
      return token
    },
    check,
    redeem: (token) => {
      const account = check(token)
      // The conditional update makes two concurrent submissions of one link succeed at most once.
      return account !== null && use.run(now(), digest(token), now()).changes === 1 ? account : null
    },
  }
}
