// Profile saves, questionnaire-answer saves and role additions write the same users' rows as the
// world commands (start matching, accept, …), which write conditional on the version they read.
// A save that arrives while a command holds what it read must wait for that command, as SQLite's
// single writer makes it wait, instead of moving the version under it and making it answer 409
// TandemChanged (decision 0022). On PostgreSQL the first test stops a start-matching call right
// after it read the mentee (a lock on the next table it reads) and issues the saves then.
import { checkInvariants, LIVE_TANDEM_STATES, type World } from '@tandem/core'
import { aMenteeAnswers, aMentorAnswers } from '@tandem/fixtures'
import { sql, type Kysely } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import type { MentorPoolCache } from '@tandem/application'
import { openKyselyOf } from '../support/database.under-test.js'
import { signUpBody, startHarness, type Harness, type Person, type Reply } from '../support/harness.js'

let h: Harness | undefined
afterEach(async () => {
  await h?.close()
  h = undefined
})

const start = (harness: Harness, p: Person) => harness.call(p, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: p.email })
const addRole = (harness: Harness, p: Person, role: 'Mentee' | 'Mentor') =>
  harness.call(p, 'POST', '/api/account/signup', signUpBody(p, role))

/** Each reply as "status success", so a refusal shows which call it was and why. */
const outcomes = (replies: readonly Reply[]) =>
  replies.map(
    (r) => `${r.status} ${String(r.body.isSuccess)}${r.status === 200 ? '' : ` ${JSON.stringify(r.body.errorMessage ?? r.body)}`}`,
  )

const wholeWorld = async (harness: Harness): Promise<World> =>
  await harness.server.ctx.store.load({ userIds: (await harness.server.ctx.users.all()).map((u) => u.id) })

const participantOf = async (harness: Harness, p: Person) => (await harness.server.ctx.users.byEmail(p.email))?.participant

const until = async (what: string, done: () => Promise<boolean>): Promise<void> => {
  for (let i = 0; i < 1000; i++) {
    if (await done()) return
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error(`gave up waiting for ${what}`)
}

/**
 * Stops the world commands where a concurrent save could slip in. PostgreSQL: another connection
 * locks `clusters`, which a command reads right after its users' rows; the
 * answer is there once a command waits on it. SQLite: nothing to hold, nothing can come between a
 * command's read and its write (BEGIN IMMEDIATE holds the file), so the calls simply run together.
 */
const holdWorldCommands = async (harness: Harness) => {
  if (harness.server.db.dialect === 'sqlite')
    return { pausedAfterRead: async () => undefined, waitingOrDone: async () => undefined, release: async () => undefined }
  const db: Kysely<unknown> = await openKyselyOf(harness.dir)
  const trx = await db.startTransaction().execute()
  await sql`lock table clusters in access exclusive mode`.execute(trx)
  // Backends of this test's server waiting for a lock (other tests' databases share the cluster).
  const waitingNow = sql<{ query: string }>`select query from pg_stat_activity
    where wait_event_type = 'Lock' and datname = current_database() and pid <> pg_backend_pid()`
  /** What the waiting backends run. */
  const waiting = async () => (await waitingNow.execute(db)).rows.map((r) => r.query)
  return {
    /** Until a world command waits at the held table, with its users' rows read. */
    pausedAfterRead: () =>
      until('a world command to read its users', async () => (await waiting()).some((q) => q.includes('max_tandem_id'))),
    /** Until each of `calls` answered or waits for a lock (the paused command counts as one). */
    waitingOrDone: async (calls: readonly Promise<unknown>[]) => {
      const settled = calls.map(() => false)
      calls.forEach((c, i) => {
        const done = () => (settled[i] = true)
        void c.then(done, done)
      })
      await until('the saves to answer or wait', async () => (await waiting()).length - 1 >= settled.filter((s) => !s).length)
    },
    /** Lets the held commands go on (again: nothing; a failed test still releases them). */
    release: async () => {
      if (trx.isCommitted) return
      await trx.commit().execute()
      await db.destroy()
    },
  }
}

describe('saves of the people a world command works on', () => {
  it('an answer save and a role addition during a start-matching call leave it to succeed', async () => {
    const harness = await startHarness()
    h = harness
    for (const name of ['Anna', 'Bert']) await harness.publishedMentor(name)
    const mia = await harness.readyMentee('Mia')
    const version = (await participantOf(harness, mia))?.version ?? 0

    const hold = await holdWorldCommands(harness)
    let replies: Reply[]
    try {
      const started = start(harness, mia)
      await hold.pausedAfterRead()
      // Mia's row is read; her answer save and her registration as mentor come now.
      const saves = [harness.saveAnswers(mia, 'Mentee', aMenteeAnswers(), true), addRole(harness, mia, 'Mentor')]
      await hold.waitingOrDone(saves)
      await hold.release()
      replies = [await started, ...(await Promise.all(saves))]
    } finally {
      await hold.release()
    }
    expect(outcomes(replies)).toEqual(['200 true', '200 true', '200 true'])
    const after = await participantOf(harness, mia)
    expect(after?.mentee?.status).toBe('PROPOSED')
    expect(after?.mentor?.status).toBe('NEW')
    // Four writes, four versions: both transactions of the run, the answers, the role (none of
    // them wrote a version another had written already).
    expect(after?.version).toBe(version + 4)
    expect(checkInvariants(await wholeWorld(harness))).toEqual([])
  })

  it("a mentee's save while her run scores leaves its proposals to be written", async () => {
    const harness = await startHarness()
    h = harness
    for (const name of ['Anna', 'Bert']) await harness.publishedMentor(name)
    const mia = await harness.readyMentee('Mia')
    // Between the run's two transactions (PENDING written, proposals not yet) Mia saves her
    // profile and answers: the second transaction reads her again instead of refusing.
    const pool: { -readonly [K in keyof MentorPoolCache]: MentorPoolCache[K] } = harness.server.ctx.mentorPool
    const rank = pool.rank
    const saves: Reply[] = []
    pool.rank = async (mentee, declined) => {
      const ranked = await rank(mentee, declined)
      if (saves.length === 0) {
        saves.push(await harness.saveProfile(mia))
        saves.push(await harness.saveAnswers(mia, 'Mentee', aMenteeAnswers(), true))
      }
      return ranked
    }
    const started = await start(harness, mia)
    expect(outcomes([started, ...saves])).toEqual(['200 true', '200 true', '200 true'])
    expect((await participantOf(harness, mia))?.mentee?.status).toBe('PROPOSED')
    expect(checkInvariants(await wholeWorld(harness))).toEqual([])
  })

  it('many start-matching calls amid profile, answer and role saves of the same people all succeed', async () => {
    const harness = await startHarness()
    h = harness
    const mentors: Person[] = []
    for (const name of ['Anna', 'Bert', 'Carl', 'Dora', 'Emil', 'Frida']) mentors.push(await harness.publishedMentor(name))
    const mentees: Person[] = []
    for (let i = 0; i < 16; i++) mentees.push(await harness.readyMentee(`Mentee${i}`))

    const calls: Promise<Reply>[] = []
    for (const [i, m] of mentees.entries()) {
      calls.push(start(harness, m))
      calls.push(harness.saveAnswers(m, 'Mentee', aMenteeAnswers(), true))
      calls.push(harness.saveProfile(m))
      const mentor = mentors[i % mentors.length]
      if (mentor !== undefined) {
        // With the program year: valid for a mentor, and for one who has just become a mentee too.
        calls.push(harness.saveProfile(mentor))
        calls.push(harness.saveAnswers(mentor, 'Mentor', aMentorAnswers(), false))
        if (i < 4) calls.push(addRole(harness, mentor, 'Mentee'))
      }
    }
    const replies = await Promise.all(calls)
    expect(outcomes(replies).filter((o) => o !== '200 true')).toEqual([])

    const world = await wholeWorld(harness)
    expect(checkInvariants(world)).toEqual([])
    const live = new Map<number, number>()
    for (const t of world.tandems.values()) if (LIVE_TANDEM_STATES.includes(t.state)) live.set(t.mentorId, (live.get(t.mentorId) ?? 0) + 1)
    expect([...live.values()].every((n) => n === 1)).toBe(true)
    const statuses = await Promise.all(mentees.map(async (m) => (await participantOf(harness, m))?.mentee?.status))
    expect(statuses.filter((s) => s === 'PENDING')).toEqual([])
    expect(statuses.filter((s) => s === 'PROPOSED').length).toBeGreaterThanOrEqual(2)
    // The role additions landed: the first four mentors are mentees too.
    for (const mentor of mentors.slice(0, 4)) expect((await participantOf(harness, mentor))?.mentee?.status).toBe('NEW')
  }, 120_000)
})
