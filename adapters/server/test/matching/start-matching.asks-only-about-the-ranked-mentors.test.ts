// A matching run leaves out the mentors who are out of the pool right now (proposed, matched,
// paused). In a running program most mentors are matched: a run asks the database only about the
// mentors it ranked, not about every mentor out of the pool, and still proposes exactly the mentors
// a ranking with every taken mentor excluded proposes.
import { compileQuestionnaire, packMentorPool, rankPool, userIdOf, type Answer, type UserId } from '@tandem/core'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMentorPoolCache } from '@tandem/application'
import { seedCohort } from '../support/cohort.support.js'
import { startHarness, type Harness } from '../support/harness.js'

const MENTORS = 400
let h: Harness
let mentees: { readonly id: UserId; readonly answers: readonly Answer[] }[]
let mentors: UserId[]

beforeAll(async () => {
  h = await startHarness()
  await seedCohort(h, 6, MENTORS)
  const { ctx } = h.server
  const everyone = await ctx.users.all()
  mentors = everyone.filter((u) => u.participant.mentor?.published === true).map((u) => u.id)
  mentees = []
  for (const u of everyone.filter((x) => x.roles.includes('Mentee')))
    mentees.push({ id: u.id, answers: (await ctx.answers.answersOf(u.id, 'Mentee'))?.answers ?? [] })
}, 120_000)
afterAll(async () => {
  await h.close()
})

/** Takes mentors out of the pool as matched ones are, in the database. */
const setStatus = async (ids: readonly UserId[], status: string): Promise<void> => {
  const { db } = h.server
  if (ids.length > 0)
    await db.run(
      db.kysely
        .updateTable('users')
        .set({ mentor_status: status })
        .where('id', 'in', [...ids]),
    )
}

/** The ranking with every mentor out of the pool excluded, read as a whole: what a run must propose. */
const expected = async (mentee: (typeof mentees)[number], declined: ReadonlySet<UserId>, limit: number, threshold?: number) => {
  const { ctx, db } = h.server
  const compiled = compileQuestionnaire(ctx.master.questionnaire)
  const out = await db.all(
    db.kysely
      .selectFrom('users')
      .select('id')
      .where('mentor_published', '=', 1)
      .where(sql<boolean>`mentor_status <> 'AVAILABLE'`),
  )
  const exclude = new Set([...declined, ...out.map((r) => userIdOf(r.id))])
  const pool = packMentorPool(compiled, await ctx.answers.publishedMentors())
  return rankPool(compiled, pool, mentee, { threshold: threshold ?? ctx.matching.threshold, limit, exclude })
}

describe('a run in a program where most mentors are taken', () => {
  it('proposes what a ranking without every taken mentor proposes, asking only about mentors it ranked', async () => {
    const { ctx } = h.server
    const statuses = new Map((await ctx.users.all()).map((u) => [u.id, u.participant.mentor?.status]))
    expect(mentors.every((id) => statuses.get(id) === 'AVAILABLE')).toBe(true)
    const asked: number[][] = []
    const cache = (limit: number) =>
      createMentorPoolCache({
        questionnaire: ctx.master.questionnaire,
        answers: ctx.answers,
        lists: {
          rankedMentorsNow: async (among) => {
            asked.push([...among])
            return ctx.lists.rankedMentorsNow(among)
          },
        },
        matching: { threshold: ctx.matching.threshold, limit },
      })
    // Every share of the pool taken, from none to all: the taken ones are each mentee's best first,
    // so the run has to rank past them; then every other mentor, and then the rest at random.
    const shares = [0, 0.5, 0.9, 0.97, 1]
    for (const mentee of mentees) {
      const best = (await expected(mentee, new Set(), MENTORS)).map((r) => r.mentorId)
      expect(best.length).toBeGreaterThan(40)
      const declined = new Set(best.slice(1, 2))
      for (const share of shares) {
        const taken = best.slice(0, Math.round(share * best.length))
        await setStatus(taken, share === 1 ? 'PAUSED' : 'MATCHED')
        for (const limit of [1, 3, Number.POSITIVE_INFINITY]) {
          asked.length = 0
          const ranked = await cache(limit).rank(mentee, declined)
          const wanted = await expected(mentee, declined, limit)
          expect(ranked.map((r) => r.mentorId)).toEqual(wanted.map((r) => r.mentorId))
          expect(ranked.map((r) => r.score)).toEqual(wanted.map((r) => r.score))
          // Only mentors the ranking reached were asked about, and never the whole taken pool at once
          // unless the ranking itself had to go that far.
          const reached = new Set(asked.flat())
          expect(asked.length).toBeGreaterThan(0)
          expect(reached.size).toBeLessThanOrEqual(MENTORS)
          if (Number.isFinite(limit) && share === 0) expect(reached.size).toBeLessThanOrEqual(Math.max(12, 4 * limit))
        }
        await setStatus(taken, 'AVAILABLE')
      }
    }
    // The run as users start it: 1 of 400 mentors free, and the mentee gets that one.
    const [mentee] = mentees
    if (mentee === undefined) throw new Error('no mentee seeded')
    const free = (await expected(mentee, new Set(), MENTORS)).map((r) => r.mentorId).at(-1)
    expect(free).toBeDefined()
    await setStatus(
      mentors.filter((id) => id !== free),
      'MATCHED',
    )
    asked.length = 0
    expect((await cache(3).rank(mentee, new Set())).map((r) => r.mentorId)).toEqual(free === undefined ? [] : [free])
    await setStatus(
      mentors.filter((id) => id !== free),
      'AVAILABLE',
    )
  }, 120_000)

  it('reads only the ranked mentors from the database when most of the pool is taken', async () => {
    const { ctx } = h.server
    const [mentee] = mentees
    if (mentee === undefined) throw new Error('no mentee seeded')
    const best = (await expected(mentee, new Set(), MENTORS)).map((r) => r.mentorId)
    // Everyone but the mentee's best 20 is matched: 380 mentors out of the pool.
    const taken = mentors.filter((id) => !best.slice(0, 20).includes(id))
    await setStatus(taken, 'MATCHED')
    const read: number[] = []
    const cache = createMentorPoolCache({
      questionnaire: ctx.master.questionnaire,
      answers: ctx.answers,
      lists: {
        rankedMentorsNow: async (among) => {
          const now = await ctx.lists.rankedMentorsNow(among)
          read.push(...now.unavailable)
          return now
        },
      },
      matching: ctx.matching,
    })
    const ranked = await cache.rank(mentee, new Set())
    expect(ranked.map((r) => r.mentorId)).toEqual((await expected(mentee, new Set(), ctx.matching.limit)).map((r) => r.mentorId))
    expect(ranked.length).toBeGreaterThan(0)
    // Before, every run read all 380 taken mentors' ids; now none of them is among its best.
    expect(read).toEqual([])
    await setStatus(taken, 'AVAILABLE')
  }, 60_000)

  it('ranks on the pool as it is after a mentor is published, learning of it from the same read', async () => {
    const { ctx } = h.server
    const cache = createMentorPoolCache({
      questionnaire: ctx.master.questionnaire,
      answers: ctx.answers,
      lists: ctx.lists,
      matching: { threshold: 0, limit: Number.POSITIVE_INFINITY },
    })
    const [mentee] = mentees
    if (mentee === undefined) throw new Error('no mentee seeded')
    const before = new Set((await cache.rank(mentee, new Set())).map((r) => r.mentorId))
    const added = await h.publishedMentor('Nora')
    const nora = await h.idOf(added)
    const reference = await expected(mentee, new Set(), Number.POSITIVE_INFINITY, 0)
    expect(reference.map((r) => r.mentorId)).toContain(nora)
    const after = await cache.rank(mentee, new Set())
    expect(before.has(nora)).toBe(false)
    expect(after.map((r) => r.mentorId)).toEqual(reference.map((r) => r.mentorId))
  }, 60_000)
})
