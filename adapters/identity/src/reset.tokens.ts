// Single-use e-mailed links: a random token stored only as its SHA-256, valid for a while and good
// for one use. Password resets (one hour) and address confirmations (24 h) share the table by purpose.
import type BetterSqlite3 from 'better-sqlite3'
import { createHash, randomBytes } from 'node:crypto'
import { DAY, HOUR } from '@tandem/core'

export const RESET_LINK_VALIDITY = HOUR
export const VERIFY_LINK_VALIDITY = DAY

/** What a link is for: a reset token never confirms through /verify-email, nor the other way round. */
export type LinkPurpose = 'reset' | 'verify-email'

export type ResetTokens = {
  /** A new link; asking again invalidates the earlier links of the account with the same purpose. */
  readonly issue: (accountSubject: string) => string
  /** The account the token belongs to while it is unused and unexpired, else null. */
  readonly check: (token: string) => string | null
  /**
   * Marks the token used; the account when this call was the one that used it, else null. Using a
   * mailed link proves the address, so the account's e-mail counts as confirmed from then on.
   */
  readonly redeem: (token: string) => string | null
}

const digest = (token: string): string => createHash('sha256').update(token).digest('hex')

type ResetRow = { readonly account_id: string; readonly expires_at: number; readonly used_at: number | null }

export const createResetTokens = (
  db: BetterSqlite3.Database,
  now: () => number,
  purpose: LinkPurpose = 'reset',
  validity: number = purpose === 'reset' ? RESET_LINK_VALIDITY : VERIFY_LINK_VALIDITY,
): ResetTokens => {
  const retire = db.prepare('UPDATE identity_password_resets SET used_at = ? WHERE account_id = ? AND purpose = ? AND used_at IS NULL')
  const insert = db.prepare('INSERT INTO identity_password_resets (token_hash, account_id, expires_at, purpose) VALUES (?, ?, ?, ?)')
  const find = db.prepare<[string, string], ResetRow>(
    'SELECT account_id, expires_at, used_at FROM identity_password_resets WHERE token_hash = ? AND purpose = ?',
  )
  // Spent and expired links are useless after a day; the table stays as small as the live links.
  const prune = db.prepare('DELETE FROM identity_password_resets WHERE expires_at < ?')
  const use = db.prepare(
    'UPDATE identity_password_resets SET used_at = ? WHERE token_hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?',
  )
  const confirm = db.prepare('UPDATE identity_accounts SET email_verified_at = ? WHERE id = ? AND email_verified_at IS NULL')

  const check = (token: string): string | null => {
    const row = find.get(digest(token), purpose)
    return row !== undefined && row.used_at === null && row.expires_at > now() ? row.account_id : null
  }
  return {
    issue: (accountSubject) => {
      const token = randomBytes(32).toString('base64url')
      db.transaction(() => {
        prune.run(now() - DAY)
        retire.run(now(), accountSubject, purpose)
        insert.run(digest(token), accountSubject, now() + validity, purpose)
      })()
      return token
    },
    check,
    redeem: (token) => {
      const account = check(token)
      if (account === null) return null
      // The conditional update makes two concurrent submissions of one link succeed at most once.
      return db.transaction(() => {
        if (use.run(now(), digest(token), purpose, now()).changes !== 1) return null
        confirm.run(now(), account)
        return account
      })()
    },
  }
}
