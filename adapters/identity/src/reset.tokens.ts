// Single-use e-mailed links: a random token stored only as its SHA-256, valid for a while and good
// for one use. Password resets (one hour) and address confirmations (24 h) share the table by purpose.
// Each step is one statement on the caller's executor, so it holds on any number of instances of one
// PostgreSQL database without locks, and on SQLite no transaction stays open across an await (the
// connection is shared with the server's synchronous code).
import { createHash, randomBytes } from 'node:crypto'
import { DAY, HOUR } from '@tandem/core'
import { identityTables, toNullableNumber, toNumber, type IdentityDatabase } from './identity.database.js'

export const RESET_LINK_VALIDITY = HOUR
export const VERIFY_LINK_VALIDITY = DAY

/** What a link is for: a reset token never confirms through /verify-email, nor the other way round. */
export type LinkPurpose = 'reset' | 'verify-email'

export type ResetTokens = {
  /** A new link; asking again invalidates the earlier links of the account with the same purpose. */
  readonly issue: (accountSubject: string) => Promise<string>
  /** The account the token belongs to while it is unused and unexpired, else null. */
  readonly check: (token: string) => Promise<string | null>
  /**
   * Marks the token used; the account when this call was the one that used it, else null. Using a
   * mailed link proves the address, so the account's e-mail counts as confirmed from then on.
   */
  readonly redeem: (token: string) => Promise<string | null>
}

const digest = (token: string): string => createHash('sha256').update(token).digest('hex')

export const createResetTokens = (
  database: IdentityDatabase,
  now: () => number,
  purpose: LinkPurpose = 'reset',
  validity: number = purpose === 'reset' ? RESET_LINK_VALIDITY : VERIFY_LINK_VALIDITY,
): ResetTokens => {
  const db = identityTables(database)
  /** The live row of a token: unused and unexpired, of this purpose. */
  const liveToken = (token: string) =>
    db
      .selectFrom('identity_password_resets')
      .select(['account_id', 'expires_at', 'used_at'])
      .where('token_hash', '=', digest(token))
      .where('purpose', '=', purpose)

  return {
    issue: async (accountSubject) => {
      const token = randomBytes(32).toString('base64url')
      const at = now()
      // An account has at most one unused link per purpose (a partial unique index): the new link
      // replaces the earlier one in one upsert, so two requests at once leave exactly one live link.
      await db
        .insertInto('identity_password_resets')
        .values({ token_hash: digest(token), account_id: accountSubject, expires_at: at + validity, purpose })
        .onConflict((oc) =>
          oc
            .columns(['account_id', 'purpose'])
            .where('used_at', 'is', null)
            .doUpdateSet({ token_hash: digest(token), expires_at: at + validity }),
        )
        .execute()
      // Spent and expired links are useless after a day; the table stays as small as the live links.
      await db
        .deleteFrom('identity_password_resets')
        .where('expires_at', '<', at - DAY)
        .execute()
      return token
    },
    check: async (token) => {
      const row = await liveToken(token).executeTakeFirst()
      return row !== undefined && toNullableNumber(row.used_at) === null && toNumber(row.expires_at) > now() ? row.account_id : null
    },
    redeem: async (token) => {
      const at = now()
      const hash = digest(token)
      // Two statements, ordered so that every state in between is true: the address is confirmed
      // only while the link is live (it was opened by whoever got the mail), then the link is spent
      // by a conditional UPDATE … RETURNING, which one caller at most wins, on any instance.
      await db
        .updateTable('identity_accounts')
        .set({ email_verified_at: at })
        .where('email_verified_at', 'is', null)
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('identity_password_resets')
            .select('account_id')
            .where('token_hash', '=', hash)
            .where('purpose', '=', purpose)
            .where('used_at', 'is', null)
            .where('expires_at', '>', at),
        )
        .execute()
      const spent = await db
        .updateTable('identity_password_resets')
        .set({ used_at: at })
        .where('token_hash', '=', hash)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', at)
        .returning('account_id')
        .executeTakeFirst()
      return spent?.account_id ?? null
    },
  }
}
