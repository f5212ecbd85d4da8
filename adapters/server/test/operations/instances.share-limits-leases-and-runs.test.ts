// Two server instances on one PostgreSQL database, over real HTTP: the API's sign-in limit counts the
// attempts of both, a sweep's lease held by one is refused to the other, neither counting nor leasing
// changes the revision every instance's caches are keyed by, and a starting instance leaves the
// other's matching run alone (only a run older than any run takes counts as interrupted). Instances
// starting together on an empty database all start, with one default program year.
import { beginMatchingRun } from '@tandem/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { manualClock } from '../../src/clock.js'
import { INTERRUPTED_RUN_AFTER } from '@tandem/application'
import { startInstances, type InProcessInstance, type Instances } from '../support/instances.support.js'
import { idByEmail } from '../support/user-ids.support.js'

const START = Date.UTC(2026, 2, 2, 9, 0, 0)
const clock = manualClock(START)
let t: Instances
let a: InProcessInstance
let b: InProcessInstance
beforeAll(async () => {
  t = await startInstances()
  a = await t.startInProcess({ clock })
  b = await t.startInProcess({ clock })
}, 60_000)
afterAll(async () => {
  await t?.close()
})

describe('two instances on one PostgreSQL database', () => {
  it('count the API sign-ins of one address together, and counting leaves the caches valid', async () => {
    const p = t.person('Sam')
    t.expectOk(await t.signUp(a, p, 'Mentee'), 'sign-up')
    const signIn = (at: InProcessInstance, address: string) =>
      t.call(at, p, '/api/Account/signin', { Email: p.email, Role: null }, { 'x-forwarded-for': address })
    const statuses: number[] = []
    // The API's budget is 60 a minute per address: 70 attempts, alternating between the instances.
    for (let i = 0; i < 70; i++) statuses.push((await signIn(i % 2 === 0 ? a : b, '203.0.113.7')).status)
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true)
    expect(statuses.slice(60).every((s) => s === 429)).toBe(true)
    // Another address is not held back by it, at either instance.
    expect((await signIn(b, '203.0.113.8')).status).toBe(200)
    expect((await signIn(a, '203.0.113.8')).status).toBe(200)
    // A refused attempt is counted and reaches no service: it changes no data, so the caches of
    // every instance stay valid.
    const before = await a.server.ctx.generation()
    for (const at of [a, b, a, b]) expect((await signIn(at, '203.0.113.7')).status).toBe(429)
    expect(await a.server.ctx.generation()).toBe(before)
    expect(await b.server.ctx.generation()).toBe(before)
  })

  it('hand a sweep lease to one instance at a time, without touching the caches', async () => {
    const before = await a.server.ctx.generation()
    expect(a.server.instance).not.toBe(b.server.instance)
    expect(await a.server.leases.take('deadline-sweep', a.server.instance, clock(), 60_000)).toBe(true)
    expect(await b.server.leases.take('deadline-sweep', b.server.instance, clock(), 60_000)).toBe(false)
    expect(await a.server.leases.take('deadline-sweep', a.server.instance, clock(), 60_000)).toBe(true)
    await a.server.leases.release('deadline-sweep', a.server.instance)
    expect(await b.server.leases.take('deadline-sweep', b.server.instance, clock(), 60_000)).toBe(true)
    expect((await a.server.leases.current('deadline-sweep'))?.holder).toBe(b.server.instance)
    expect(await a.server.ctx.generation()).toBe(before)
  })

  it("a starting instance leaves another instance's matching run alone; a run left PENDING too long is cleared by the sweep", async () => {
    const clusterId = (await a.server.ctx.clusters.defaultCluster())?.clusterId ?? 0
    const mentee = await t.readyMentee(a, clusterId, 'Pia')
    const id = await idByEmail(a.server.ctx, mentee.email)
    // Instance a is in the middle of this mentee's run (its first transaction committed).
    const begun = await a.server.ctx.store.run(
      { userIds: [id] },
      beginMatchingRun(clock(), { menteeId: id, profileComplete: true }),
      clock(),
    )
    expect(begun._tag).toBe('Right')
    const statusOf = async () => (await a.server.ctx.users.byEmail(mentee.email))?.participant.mentee?.status

    const c = await t.startInProcess({ clock })
    expect(await statusOf()).toBe('PENDING')
    clock.advance(INTERRUPTED_RUN_AFTER - 1000)
    expect(await c.server.sweepInterruptedRuns()).toBe(0)
    expect(await statusOf()).toBe('PENDING')

    // Instance a died with the run: once it is older than any run takes, the sweep clears it.
    clock.advance(2000)
    expect(await c.server.sweepInterruptedRuns()).toBe(1)
    expect(await statusOf()).toBe('NEW')
    t.expectOk(await t.startMatching(b, mentee), 'start matching again')
  })
})

describe('instances starting together on an empty PostgreSQL database', () => {
  it('all start, with one default program year between them', async () => {
    const fresh = await startInstances()
    try {
      const started = await Promise.all([fresh.startInProcess({ clock }), fresh.startInProcess({ clock }), fresh.startInProcess({ clock })])
      const years = await Promise.all(started.map(async (i) => (await i.server.ctx.clusters.list()).map((c) => c.clusterId)))
      expect(years.map((y) => y.length)).toEqual([1, 1, 1])
      expect(new Set(years.flat()).size).toBe(1)
    } finally {
      await fresh.close()
    }
  })
})
