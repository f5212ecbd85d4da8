// Storage of oidc-provider's models (sessions, grants, codes, tokens, interactions) in SQLite, so
// sign-ins survive a restart and no in-memory adapter is ever used.
import type BetterSqlite3 from 'better-sqlite3'
import type { Adapter, AdapterPayload } from 'oidc-provider'

type Row = { readonly payload: string; readonly expires_at: number | null }

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
export const sqliteOidcAdapter = (db: BetterSqlite3.Database, now: () => number = Date.now): new (model: string) => Adapter => {
  const upsert = db.prepare(
    `INSERT INTO oidc_models (model, id, payload, grant_id, user_code, uid, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (model, id) DO UPDATE SET payload = excluded.payload, grant_id = excluded.grant_id,
       user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`,
  )
  const byId = db.prepare<[string, string], Row>('SELECT payload, expires_at FROM oidc_models WHERE model = ? AND id = ?')
  const byUid = db.prepare<[string, string], Row>('SELECT payload, expires_at FROM oidc_models WHERE model = ? AND uid = ?')
  const byUserCode = db.prepare<[string, string], Row>('SELECT payload, expires_at FROM oidc_models WHERE model = ? AND user_code = ?')
  const destroy = db.prepare('DELETE FROM oidc_models WHERE model = ? AND id = ?')
  const revoke = db.prepare('DELETE FROM oidc_models WHERE grant_id = ?')
  const sweep = db.prepare('DELETE FROM oidc_models WHERE expires_at IS NOT NULL AND expires_at < ?')
  const consume = db.prepare(`UPDATE oidc_models SET payload = json_set(payload, '$.consumed', ?) WHERE model = ? AND id = ?`)
  let writes = 0

  const live = (row: Row | undefined): AdapterPayload | undefined =>
    row === undefined || (row.expires_at !== null && row.expires_at <= now()) ? undefined : (JSON.parse(row.payload) as AdapterPayload)

  return class SqliteOidcAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const expiresAt = typeof expiresIn === 'number' ? now() + expiresIn * 1000 : null
      const grantId = GRANTABLE.has(this.model) ? (payload.grantId ?? null) : null
      upsert.run(this.model, id, JSON.stringify(payload), grantId, payload.userCode ?? null, payload.uid ?? null, expiresAt)
      // Expired rows are useless; sweeping every few hundred writes keeps the table small without a timer.
      if (++writes % 200 === 0) sweep.run(now())
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      return live(byId.get(this.model, id))
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return live(byUid.get(this.model, uid))
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return live(byUserCode.get(this.model, userCode))
    }

    async consume(id: string): Promise<void> {
      consume.run(Math.floor(now() / 1000), this.model, id)
    }

    async destroy(id: string): Promise<void> {
      destroy.run(this.model, id)
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      revoke.run(grantId)
    }
  }
}
