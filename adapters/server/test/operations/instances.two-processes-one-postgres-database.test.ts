// Two real server processes (instance-process.ts) on one PostgreSQL database: 200 mentees start
// matching at once across both against 50 published mentors, and no mentor is reserved twice; then
// one instance is killed (SIGKILL) under load: every acknowledged write is in the database, and the
// survivor delivers every outbox row to a real SMTP peer, none lost.
import { checkInvariants, LIVE_TANDEM_STATES, type World } from '@tandem/core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startTestSmtp, type TestSmtp } from '../../../mail/test/support/smtp.server.js'
import { killed, waitFor } from '../support/main-process.js'
import { startInstances, type InProcessInstance, type Instance, type Instances, type Person } from '../support/instances.support.js'

let smtp: TestSmtp
beforeAll(async () => {
  smtp = await startTestSmtp()
})
afterAll(async () => {
  await smtp.stop()
})
let t: Instances | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

const wholeWorld = async (at: InProcessInstance): Promise<World> =>
  await at.server.ctx.store.load({ userIds: (await at.server.ctx.users.all()).map((u) => u.id) })

/** Runs `make` for 0..n-1, `width` at a time (setting up hundreds of people one by one takes long). */
const inBatches = async <T>(n: number, width: number, make: (i: number) => Promise<T>): Promise<T[]> => {
  const out: T[] = []
  for (let from = 0; from < n; from += width)
    out.push(...(await Promise.all(Array.from({ length: Math.min(width, n - from) }, (_, k) => make(from + k)))))
  return out
}

/** The people for the tests, prepared through an instance in this process (which serves no burst). */
const prepare = async (instances: Instances, mentors: number, mentees: number) => {
  const setup = await instances.startInProcess()
  const clusterId = (await setup.server.ctx.clusters.defaultCluster())?.clusterId ?? 0
  await inBatches(mentors, 10, (i) => instances.publishedMentor(setup, `Mentor${i}`))
  const ready = await inBatches(mentees, 10, (i) => instances.readyMentee(setup, clusterId, `Mentee${i}`))
  return { setup, clusterId, mentees: ready }
}

const statusOf = async (at: InProcessInstance, p: Person) => (await at.server.ctx.users.byEmail(p.email))?.participant.mentee?.status

describe('two server processes on one PostgreSQL database', () => {
  it('200 mentees start matching at once across both against 50 mentors: no mentor is reserved twice', async () => {
    const instances = await startInstances()
    t = instances
    const { setup, mentees } = await prepare(instances, 50, 200)
    const both: Instance[] = [await instances.startChild(), await instances.startChild()]

    const replies = await Promise.all(mentees.map((m, i) => instances.startMatching(both[i % 2] ?? setup, m)))
    expect(replies.map((r) => r.status)).toEqual(replies.map(() => 200))

    const check = async () => {
      const world = await wholeWorld(setup)
      expect(checkInvariants(world)).toEqual([])
      const live = [...world.tandems.values()].filter((x) => LIVE_TANDEM_STATES.includes(x.state))
      // Every mentor is proposed to one mentee at most.
      expect(new Set(live.map((x) => x.mentorId)).size).toBe(live.length)
      const statuses = await Promise.all(mentees.map((m) => statusOf(setup, m)))
      expect(statuses.filter((s) => s !== 'PROPOSED' && s !== 'AVAILABLE')).toEqual([])
      expect(new Set(live.map((x) => x.menteeId)).size).toBe(statuses.filter((s) => s === 'PROPOSED').length)
      return { live: live.length, waiting: mentees.filter((_, i) => statuses[i] === 'AVAILABLE') }
    }
    // Runs score before they write, so a burst ranks the same best mentors for many mentees and the
    // later ones find them taken (no match). Those start again, all at once, until the pool is used up.
    let state = await check()
    for (let wave = 0; wave < 10 && state.live < 50; wave++) {
      const again = await Promise.all(state.waiting.map((m, i) => instances.startMatching(both[i % 2] ?? setup, m)))
      expect(again.map((r) => r.status)).toEqual(again.map(() => 200))
      state = await check()
    }
    // 50 mentors, 50 live tandems with 50 different mentors.
    expect(state.live).toBe(50)
  }, 300_000)

  it('kill -9 of one instance under load loses no acknowledged write and no outbox row', async () => {
    const instances = await startInstances()
    t = instances
    const { setup, clusterId, mentees } = await prepare(instances, 30, 80)
    const env = { SMTP_URL: smtp.url, MAIL_INTERVAL_MS: '50', MAIL_LEASE_MS: '1500', SWEEP_INTERVAL_MS: '200' }
    const survivor = await instances.startChild(env)
    const victim = await instances.startChild(env)
    // Each SMTP reply waits a while, so mails are still being sent while the load runs, however
    // slowly the machine answers: the victim is killed with messages in its hands.
    smtp.replyDelayMs = 1_000

    // The load: start matching (writes tandems and their mails) and new sign-ups, alternating
    // between both, from six clients at a time; the victim is killed half-way.
    let answeredByVictim = 0
    let refused = 0
    const acknowledged = { started: [] as Person[], signedUp: [] as Person[] }
    const newcomers = Array.from({ length: 60 }, (_, i) => instances.person(`Newcomer${i}`))
    const work = [
      ...mentees.map((m) => async (at: Instance) => {
        if ((await instances.startMatching(at, m).catch(() => null))?.status !== 200) return false
        acknowledged.started.push(m)
        return true
      }),
      ...newcomers.map((p) => async (at: Instance) => {
        if ((await instances.signUp(at, p, 'Mentee').catch(() => null))?.status !== 200) return false
        acknowledged.signedUp.push(p)
        return true
      }),
    ]
    let next = 0
    const client = async () => {
      for (let i = next++; i < work.length; i = next++) {
        const at = i % 2 === 0 ? victim : survivor
        const ok = await work[i]?.(at)
        if (at === victim && ok === true) answeredByVictim += 1
        if (ok !== true) refused += 1
      }
    }
    const load = Promise.all(Array.from({ length: 6 }, client))
    const outbox = setup.server.ctx.outbox
    await waitFor(
      'the victim under load, messages being sent',
      async () => answeredByVictim >= 5 && (await outbox.all()).some((m) => m.status === 'sending'),
      120_000,
      5,
    )
    await killed(victim.child)
    smtp.replyDelayMs = 0
    await load
    // The victim answered part of its share before the kill, and not the rest.
    expect(refused).toBeGreaterThan(0)

    // Every acknowledged write is in the database.
    for (const p of acknowledged.signedUp) expect(await setup.server.ctx.users.byEmail(p.email)).toBeDefined()
    for (const m of acknowledged.started) expect(['PROPOSED', 'AVAILABLE']).toContain(await statusOf(setup, m))
    expect(checkInvariants(await wholeWorld(setup))).toEqual([])
    // And the survivor serves what the victim left: a newcomer signs up and starts there.
    const late = await instances.readyMentee(survivor, clusterId, 'Late')
    expect((await instances.startMatching(survivor, late)).status).toBe(200)

    // The survivor delivers every row, the victim's claimed ones once their lease ran out.
    await waitFor('every row sent', async () => (await outbox.all()).every((m) => m.status === 'sent'), 120_000)
    const rows = await outbox.all()
    // One NEW_TANDEM to each mentee whose run proposed mentors, written with the proposals.
    const live = [...(await wholeWorld(setup)).tandems.values()].filter((x) => LIVE_TANDEM_STATES.includes(x.state))
    expect(rows.map((m) => m.type)).toEqual(rows.map(() => 'NEW_TANDEM'))
    expect(rows.map((m) => m.userId).sort()).toEqual([...new Set(live.map((x) => x.menteeId))].sort())
    const received = (await smtp.parsed()).map((m) => m.messageId ?? '')
    const ids = rows.map((row) => `<tandem-outbox-${row.id}@localhost>`)
    expect([...new Set(received)].sort()).toEqual(ids.sort())
    // A message twice only when the victim died between handing it over and recording it: at most
    // one claimed batch (20), each copy with its row's Message-ID so the recipient's mail client
    // shows it once.
    const twice = received.length - new Set(received).size
    expect(twice).toBeLessThanOrEqual(20)
  }, 300_000)
})
