// The database storage of oidc-provider's models, on SQLite and PostgreSQL: expiry on read,
// consumption, lookups by session uid and user code, and revocation of everything issued under one grant.
import { afterEach, describe, expect, it } from 'vitest'
import { createIdentitySchema } from '../src/identity.schema.js'
import { databaseOidcAdapter } from '../src/oidc.adapter.js'
import { DATABASES, freshPostgresDatabase, openPostgres, openSqlite, type DatabaseKind, type OpenDatabase } from './support/databases.js'

const opened: OpenDatabase[] = []
afterEach(async () => {
  for (const db of opened.splice(0)) await db.close()
})

const setup = async (kind: DatabaseKind) => {
  const db = kind === 'sqlite' ? openSqlite(':memory:') : openPostgres(await freshPostgresDatabase())
  opened.push(db)
  await createIdentitySchema(db.kysely)
  await createIdentitySchema(db.kysely) // idempotent: a restart runs it again
  const clock = { now: 1_000_000 }
  const Adapter = databaseOidcAdapter(db.kysely, () => clock.now)
  return { clock, Adapter }
}

describe.each(DATABASES)('database adapter for oidc-provider on %s', (kind) => {
  it('finds a stored model until it expires', async () => {
    const { clock, Adapter } = await setup(kind)
    const codes = new Adapter('AuthorizationCode')
    await codes.upsert('c1', { accountId: 'a', grantId: 'g' }, 60)
    expect(await codes.find('c1')).toEqual({ accountId: 'a', grantId: 'g' })
    clock.now += 60_000
    expect(await codes.find('c1')).toBeUndefined()
  })

  it('keeps models of different kinds apart under the same id', async () => {
    const { Adapter } = await setup(kind)
    await new Adapter('Session').upsert('x', { uid: 'u1', accountId: 'a' })
    expect(await new Adapter('Grant').find('x')).toBeUndefined()
    expect(await new Adapter('Session').findByUid('u1')).toEqual({ uid: 'u1', accountId: 'a' })
  })

  it('marks a model consumed', async () => {
    const { Adapter } = await setup(kind)
    const codes = new Adapter('AuthorizationCode')
    await codes.upsert('c1', { accountId: 'a' }, 60)
    await codes.consume('c1')
    expect((await codes.find('c1'))?.consumed).toBe(1000)
  })

  it('keeps a model consumed when a copy read before the consumption is saved again', async () => {
    const { clock, Adapter } = await setup(kind)
    const tokens = new Adapter('RefreshToken')
    await tokens.upsert('r1', { accountId: 'a', grantId: 'g' }, 600)
    const stale = await tokens.find('r1')
    await tokens.consume('r1')
    clock.now += 5_000
    await tokens.upsert('r1', { ...stale, iat: 1 }, 600)
    expect(await tokens.find('r1')).toEqual({ accountId: 'a', grantId: 'g', iat: 1, consumed: 1000 })
  })

  it('revokes every token of a grant and nothing else', async () => {
    const { Adapter } = await setup(kind)
    const refresh = new Adapter('RefreshToken')
    const access = new Adapter('AccessToken')
    await refresh.upsert('r1', { grantId: 'g1' }, 600)
    await access.upsert('a1', { grantId: 'g1' }, 600)
    await refresh.upsert('r2', { grantId: 'g2' }, 600)
    await access.revokeByGrantId('g1')
    expect(await refresh.find('r1')).toBeUndefined()
    expect(await access.find('a1')).toBeUndefined()
    expect(await refresh.find('r2')).toEqual({ grantId: 'g2' })
  })

  it('finds a device code by its user code and forgets destroyed models', async () => {
    const { Adapter } = await setup(kind)
    const devices = new Adapter('DeviceCode')
    await devices.upsert('d1', { userCode: 'ABCD-EFGH' }, 600)
    expect(await devices.findByUserCode('ABCD-EFGH')).toEqual({ userCode: 'ABCD-EFGH' })
    await devices.destroy('d1')
    expect(await devices.findByUserCode('ABCD-EFGH')).toBeUndefined()
  })
})
