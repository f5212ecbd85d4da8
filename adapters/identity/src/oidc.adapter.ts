// Storage of oidc-provider's models (sessions, grants, codes, tokens, interactions) in the database,
// so sign-ins survive a restart, every instance on one database honours the others' sessions and
// tokens, and no in-memory adapter is ever used. Each method is one statement: on SQLite the
// connection is shared with the server's synchronous code, so nothing may stay open across an await.
import { sql } from 'kysely'
import type { Adapter, AdapterPayload } from 'oidc-provider'
import { identityTables, toNullableNumber, type IdentityDatabase } from './identity.database.js'

type Row = { readonly payload: string; readonly expires_at: number | string | null; readonly consumed_at: number | string | null }

// Models whose rows carry a grant id and are revoked together with their grant.
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
])

/** Returns the adapter constructor oidc-provider instantiates once per model name. */
export const databaseOidcAdapter = (database: IdentityDatabase, now: () => number = Date.now): new (model: string) => Adapter => {
  const db = identityTables(database)
  let writes = 0

  const live = (row: Row | undefined): AdapterPayload | undefined => {
    if (row === undefined) return undefined
    const expiresAt = toNullableNumber(row.expires_at)
    if (expiresAt !== null && expiresAt <= now()) return undefined
    const payload = JSON.parse(row.payload) as AdapterPayload
    const consumed = toNullableNumber(row.consumed_at)
    // Consumption is a column (one UPDATE); rows of earlier versions carry it inside the payload.
    return consumed === null ? payload : { ...payload, consumed }
  }
  const select = () => db.selectFrom('oidc_models').select(['payload', 'expires_at', 'consumed_at'])

  return class DatabaseOidcAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const expiresAt = typeof expiresIn === 'number' ? now() + expiresIn * 1000 : null
      const grantId = GRANTABLE.has(this.model) ? (payload.grantId ?? null) : null
      const row = {
        payload: JSON.stringify(payload),
        grant_id: grantId,
        user_code: payload.userCode ?? null,
        uid: payload.uid ?? null,
        account_id: typeof payload.accountId === 'string' ? payload.accountId : null,
        consumed_at: typeof payload.consumed === 'number' ? payload.consumed : null,
        expires_at: expiresAt,
      }
      await db
        .insertInto('oidc_models')
        .values({ model: this.model, id, ...row })
        // Consumption sticks: a copy loaded before another instance consumed the model and saved
        // again afterwards must not make it usable again.
        .onConflict((oc) =>
          oc
            .columns(['model', 'id'])
            .doUpdateSet({ ...row, consumed_at: sql<number | null>`coalesce(oidc_models.consumed_at, excluded.consumed_at)` }),
        )
        .execute()
      // Expired rows are useless; sweeping every few hundred writes keeps the table small without a timer.
      if (++writes % 200 === 0)
        await db.deleteFrom('oidc_models').where('expires_at', 'is not', null).where('expires_at', '<', now()).execute()
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      return live(await select().where('model', '=', this.model).where('id', '=', id).executeTakeFirst())
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return live(await select().where('model', '=', this.model).where('uid', '=', uid).executeTakeFirst())
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return live(await select().where('model', '=', this.model).where('user_code', '=', userCode).executeTakeFirst())
    }

    async consume(id: string): Promise<void> {
      await db
        .updateTable('oidc_models')
        .set({ consumed_at: Math.floor(now() / 1000) })
        .where('model', '=', this.model)
        .where('id', '=', id)
        .execute()
    }

    async destroy(id: string): Promise<void> {
      await db.deleteFrom('oidc_models').where('model', '=', this.model).where('id', '=', id).execute()
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.deleteFrom('oidc_models').where('grant_id', '=', grantId).execute()
    }
  }
}
