// Many mentees start matching at once against few mentors, through three server processes on one
// database (a SQLite file; PostgreSQL in project server-pg): no mentor is ever proposed twice and
// every invariant of docs/product.md#invariants holds. Then a process is killed mid-burst: the file
// stays consistent and a restart clears PENDING runs.
import { beginMatchingRun, checkInvariants, LIVE_TANDEM_STATES, type World } from '@tandem/core'
import { afterEach, describe, expect, it } from 'vitest'
import { INTERRUPTED_RUN_AFTER } from '@tandem/application'
import { databaseDamage } from '../support/database.under-test.js'
import { startHarness, type Harness, type Person } from '../support/harness.js'

let h: Harness | undefined
const children: { kill: (signal: NodeJS.Signals) => boolean }[] = []
afterEach(async () => {
  for (const c of children.splice(0)) c.kill('SIGKILL')
  await h?.close()
  h = undefined
})

const startAt = async (harness: Harness, base: string, p: Person, token?: string) => {
  const response = await fetch(`${base}/api/MatchingTandem/CreateMatchingTandem`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token ?? (await harness.tokenFor(p))}`, 'content-type': 'application/json' },
    body: JSON.stringify({ menteeEmail: p.email }),
  })
  return response.status
}

const wholeWorld = async (harness: Harness): Promise<World> =>
  await harness.server.ctx.store.load({ userIds: (await harness.server.ctx.users.all()).map((u) => u.id) })

const liveTandemsPerMentor = (world: World): number[] => {
  const count = new Map<number, number>()
  for (const t of world.tandems.values()) if (LIVE_TANDEM_STATES.includes(t.state)) count.set(t.mentorId, (count.get(t.mentorId) ?? 0) + 1)
  return [...count.values()]
}

describe('concurrent matching runs', () => {
  it('never proposes one mentor to two mentees, whichever process serves the request', async () => {
    const harness = await startHarness()
    h = harness
    const mentors = []
    for (const name of ['Anna', 'Bert', 'Carl', 'Dora']) mentors.push(await harness.publishedMentor(name))
    const mentees: Person[] = []
    for (let i = 0; i < 24; i++) mentees.push(await harness.readyMentee(`Mentee${i}`))
    const processes = [await harness.spawnProcess(), await harness.spawnProcess()]
    children.push(...processes.map((p) => p.child))
    const bases = [harness.base, ...processes.map((p) => p.base)]

    const statuses = await Promise.all(mentees.map((m, i) => startAt(harness, bases[i % bases.length] ?? harness.base, m)))
    expect(statuses).toEqual(statuses.map(() => 200))

    const world = await wholeWorld(harness)
    expect(checkInvariants(world)).toEqual([])
    expect(liveTandemsPerMentor(world).every((n) => n === 1)).toBe(true)
    // Four mentors, so exactly four tandems: the pool is used up and nobody got a taken mentor.
    expect([...world.tandems.values()].filter((t) => t.state === 'ACTIVE')).toHaveLength(4)
    const menteeStatuses = await Promise.all(
      mentees.map(async (m) => (await harness.server.ctx.users.byEmail(m.email))?.participant.mentee?.status),
    )
    expect(menteeStatuses.filter((s) => s === 'PENDING')).toEqual([])
    expect(menteeStatuses.filter((s) => s === 'PROPOSED').length).toBeGreaterThanOrEqual(2)
  }, 120_000)

  it('a process killed during a burst leaves a consistent file, and a restart clears interrupted runs', async () => {
    const harness = await startHarness()
    h = harness
    for (const name of ['Anna', 'Bert', 'Carl']) await harness.publishedMentor(name)
    const mentees: Person[] = []
    for (let i = 0; i < 12; i++) mentees.push(await harness.readyMentee(`Mentee${i}`))
    const victim = await harness.spawnProcess()
    children.push(victim.child)
    // The kill follows the fourth answer, while the other requests of the burst are being served.
    let answered = 0
    let killed = false
    const tokens = await Promise.all(mentees.map(async (m) => await harness.tokenFor(m)))
    const burst = mentees.map((m, i) =>
      startAt(harness, victim.base, m, tokens[i]).then(
        (status) => {
          answered += 1
          if (answered === 4) killed = victim.child.kill('SIGKILL')
          return status
        },
        (error: Error) => String((error.cause as { code?: string } | undefined)?.code ?? error.message),
      ),
    )
    const answers = await Promise.all(burst)
    // The race happened: the kill came after answers and cut requests the process had been sent on
    // open connections (the socket closed or reset under them), none refused for want of a process.
    expect(killed).toBe(true)
    expect(answers.filter((a) => a === 200).length).toBeGreaterThanOrEqual(4)
    const cut = answers.filter((a) => a !== 200)
    expect(cut.length).toBeGreaterThan(0)
    expect(cut.filter((a) => a !== 'UND_ERR_SOCKET' && a !== 'ECONNRESET')).toEqual([])

    // Whatever was cut short: the file is intact and the invariants hold.
    expect(await databaseDamage(harness.server)).toEqual([])
    expect(checkInvariants(await wholeWorld(harness))).toEqual([])

    // A run interrupted between its two transactions leaves PENDING; the next start clears it (on
    // PostgreSQL: the next start or sweep once the run is old enough).
    const statuses = await Promise.all(
      mentees.map(async (m) => (await harness.server.ctx.users.byEmail(m.email))?.participant.mentee?.status),
    )
    const stuck = mentees.find((_, i) => statuses[i] === 'AVAILABLE') ?? mentees.find((_, i) => statuses[i] === 'NEW')
    if (stuck !== undefined) {
      const id = await harness.idOf(stuck)
      await harness.server.ctx.store.run(
        { userIds: [id] },
        beginMatchingRun(harness.clock(), { menteeId: id, profileComplete: true }),
        harness.clock(),
      )
    }
    const restarted = await harness.spawnProcess()
    children.push(restarted.child)
    if (harness.server.db.dialect === 'postgres') {
      // On a shared database a start leaves younger runs alone (another instance may be serving
      // them); the sweep takes them for interrupted once INTERRUPTED_RUN_AFTER old (decision 0022).
      harness.clock.set(Date.now() + INTERRUPTED_RUN_AFTER)
      await harness.server.sweepInterruptedRuns()
    }
    const pending = (await harness.server.ctx.users.all()).filter((u) => u.participant.mentee?.status === 'PENDING')
    expect(pending).toEqual([])
    expect(checkInvariants(await wholeWorld(harness))).toEqual([])
    // And the restarted process serves the mentee whose run was interrupted.
    if (stuck !== undefined) expect(await startAt(harness, restarted.base, stuck)).toBe(200)
  }, 120_000)
})
