// Mentors with three places each (docs/matching.md#places): 50 mentees start matching at once
// against 10 mentors, through two server processes on one database (a SQLite file; PostgreSQL in
// project server-pg). Every call answers, no mentor ever holds more than 3 live tandems, every
// place is used, and every invariant of docs/product.md#invariants holds.
import { checkInvariants, LIVE_TANDEM_STATES, setMentorCapacity, type UserId, type World } from '@tandem/core'
import { afterEach, describe, expect, it } from 'vitest'
import { startHarness, type Harness, type Person } from '../support/harness.js'

let h: Harness | undefined
const children: { kill: (signal: NodeJS.Signals) => boolean }[] = []
afterEach(async () => {
  for (const c of children.splice(0)) c.kill('SIGKILL')
  await h?.close()
  h = undefined
})

const startAt = async (base: string, p: Person, token: string) => {
  const response = await fetch(`${base}/api/MatchingTandem/CreateMatchingTandem`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ menteeEmail: p.email }),
  })
  if (response.status !== 200) console.info(await response.text())
  return response.status
}

const wholeWorld = async (harness: Harness): Promise<World> =>
  await harness.server.ctx.store.load({ userIds: (await harness.server.ctx.users.all()).map((u) => u.id) })

describe('50 mentees start matching at once against 10 mentors of capacity 3', () => {
  it('answers every call and never gives a mentor more than 3 live tandems', async () => {
    const harness = await startHarness()
    h = harness
    const mentorIds: UserId[] = []
    for (let i = 0; i < 10; i++) {
      const mentor = await harness.publishedMentor(`Mentor${i}`)
      const id = await harness.idOf(mentor)
      const set = await harness.server.ctx.store.run(
        { userIds: [id] },
        setMentorCapacity(harness.clock(), { mentorId: id, capacity: 3 }),
        harness.clock(),
      )
      expect(set._tag).toBe('Right')
      mentorIds.push(id)
    }
    const mentees: Person[] = []
    for (let i = 0; i < 50; i++) mentees.push(await harness.readyMentee(`Mentee${i}`))
    const second = await harness.spawnProcess()
    children.push(second.child)
    const bases = [harness.base, second.base]
    const tokens = await Promise.all(mentees.map(async (m) => await harness.tokenFor(m)))

    const statuses = await Promise.all(mentees.map((m, i) => startAt(bases[i % 2] ?? harness.base, m, tokens[i] ?? '')))
    expect(statuses).toEqual(statuses.map(() => 200))

    const world = await wholeWorld(harness)
    expect(checkInvariants(world)).toEqual([])
    const live = new Map<number, number>(mentorIds.map((id) => [id, 0]))
    for (const t of world.tandems.values()) if (LIVE_TANDEM_STATES.includes(t.state)) live.set(t.mentorId, (live.get(t.mentorId) ?? 0) + 1)
    expect(Math.max(...live.values())).toBeLessThanOrEqual(3)
    // Thirty places and fifty mentees: every place is taken, none twice, and the mentors are full.
    expect([...live.values()]).toEqual(mentorIds.map(() => 3))
    for (const id of mentorIds) expect(world.users.get(id)?.mentor?.status).toBe('PROPOSED')
    const menteeStatuses = await Promise.all(
      mentees.map(async (m) => (await harness.server.ctx.users.byEmail(m.email))?.participant.mentee?.status),
    )
    expect(menteeStatuses.filter((s) => s === 'PENDING')).toEqual([])
  }, 240_000)
})
