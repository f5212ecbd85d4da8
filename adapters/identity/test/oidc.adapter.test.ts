// The SQLite storage of oidc-provider's models: expiry on read, consumption, lookups by session uid
// and user code, and revocation of everything issued under one grant.
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { createIdentitySchema } from '../src/identity.schema.js'
import { sqliteOidcAdapter } from '../src/oidc.adapter.js'

const setup = () => {
  const db = new Database(':memory:')
  createIdentitySchema(db)
  createIdentitySchema(db) // idempotent: a restart runs it again
  const clock = { now: 1_000_000 }
  const Adapter = sqliteOidcAdapter(db, () => clock.now)
  return { db, clock, Adapter }
}

describe('sqlite adapter for oidc-provider', () => {
  it('finds a stored model until it expires', async () => {
    const { clock, Adapter } = setup()
    const codes = new Adapter('AuthorizationCode')
    await codes.upsert('c1', { accountId: 'a', grantId: 'g' }, 60)
    expect(await codes.find('c1')).toEqual({ accountId: 'a', grantId: 'g' })
    clock.now += 60_000
    expect(await codes.find('c1')).toBeUndefined()
  })

  it('keeps models of different kinds apart under the same id', async () => {
    const { Adapter } = setup()
    await new Adapter('Session').upsert('x', { uid: 'u1', accountId: 'a' })
    expect(await new Adapter('Grant').find('x')).toBeUndefined()
    expect(await new Adapter('Session').findByUid('u1')).toEqual({ uid: 'u1', accountId: 'a' })
  })

  it('marks a model consumed', async () => {
    const { Adapter } = setup()
    const codes = new Adapter('AuthorizationCode')
    await codes.upsert('c1', { accountId: 'a' }, 60)
    await codes.consume('c1')
    expect((await codes.find('c1'))?.consumed).toBe(1000)
  })

  it('revokes every token of a grant and nothing else', async () => {
    const { Adapter } = setup()
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
    const { Adapter } = setup()
    const devices = new Adapter('DeviceCode')
    await devices.upsert('d1', { userCode: 'ABCD-EFGH' }, 600)
    expect(await devices.findByUserCode('ABCD-EFGH')).toEqual({ userCode: 'ABCD-EFGH' })
    await devices.destroy('d1')
    expect(await devices.findByUserCode('ABCD-EFGH')).toBeUndefined()
  })
})
