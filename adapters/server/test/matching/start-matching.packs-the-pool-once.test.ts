// The runs that find the mentor pool unpacked or stale at the same time (an instance's first
// requests under load, every run after a mentor was published) share one packing of it: each of
// them packing all published mentors again cost a fresh instance as much as hundreds of runs.
import type { Answer, UserId } from '@tandem/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createMentorPoolCache } from '@tandem/application'
import { startHarness, type Harness, type Person } from '../support/harness.js'
import { statementsOf } from '../support/statements.during.js'

let h: Harness
beforeEach(async () => {
  h = await startHarness()
})
afterEach(async () => {
  await h.close()
})

const RUNS = 8

const poolCache = (packings: { count: number }) => {
  const { ctx } = h.server
  return createMentorPoolCache({
    questionnaire: ctx.master.questionnaire,
    answers: {
      publishedMentors: () => {
        packings.count += 1
        return ctx.answers.publishedMentors()
      },
    },
    lists: ctx.lists,
    matching: { threshold: 0, limit: Number.POSITIVE_INFINITY },
  })
}

const menteeOf = async (p: Person): Promise<{ readonly id: UserId; readonly answers: readonly Answer[] }> => {
  const id = await h.idOf(p)
  return { id, answers: (await h.server.ctx.answers.answersOf(id, 'Mentee'))?.answers ?? [] }
}

describe('the mentor pool, asked for by several runs at once', () => {
  it('is packed once for all of them, and again once when a mentor was published', async () => {
    for (const name of ['Anna', 'Bert', 'Carl']) await h.publishedMentor(name)
    const mentee = await menteeOf(await h.readyMentee())
    const packings = { count: 0 }
    const cache = poolCache(packings)

    const first = await Promise.all(Array.from({ length: RUNS }, () => cache.rank(mentee, new Set())))
    expect(packings.count).toBe(1)
    expect(first.every((r) => r.length === 3)).toBe(true)
    expect(new Set(first.map((r) => JSON.stringify(r))).size).toBe(1)

    // Nothing moved: no packing at all.
    await Promise.all(Array.from({ length: RUNS }, () => cache.rank(mentee, new Set())))
    expect(packings.count).toBe(1)

    // A fourth mentor published: every run learns of it, and the pool is packed once more.
    const dora = (await h.server.ctx.users.byEmail((await h.publishedMentor('Dora')).email))?.id
    const after = await Promise.all(Array.from({ length: RUNS }, () => cache.rank(mentee, new Set())))
    expect(packings.count).toBe(2)
    expect(after.every((r) => r.length === 4 && r.some((m) => m.mentorId === dora))).toBe(true)
  })

  it("reads the published mentors once for a fresh server's first starts, all at once", async () => {
    for (const name of ['Anna', 'Bert', 'Carl', 'Dora', 'Emil', 'Fay']) await h.publishedMentor(name)
    const mentees: Person[] = []
    for (let i = 0; i < 3; i += 1) mentees.push(await h.readyMentee(`Mia${i}`))
    const statuses: number[] = []
    const executed = await statementsOf(h.server, async () => {
      const replies = await Promise.all(
        mentees.map((m) => h.call(m, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: m.email })),
      )
      statuses.push(...replies.map((r) => r.status))
    })
    expect(statuses).toEqual([200, 200, 200])
    // The pool's read of every published mentor (answers.publishedMentors).
    expect(executed.filter((e) => e.sql.includes('"mentor_pool_since" from "users"'))).toHaveLength(1)
  })
})
