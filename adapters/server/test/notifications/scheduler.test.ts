// The scheduler of the deadline and reminder sweeps: two server instances on one database (one SQLite
// file, or one PostgreSQL database, as two processes would be), each with its own scheduler; only the
// lease holder sweeps, another takes over when the holder stops or dies, and sweeping twice changes
// nothing.
import { DAY, HOUR } from '@tandem/core'
import { createSchedulerLeases } from '@tandem/store'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { aMentorAnswers } from '@tandem/fixtures'
import { sweepReminders } from '../../src/reminders.sweep.js'
import { createScheduler, leaseLength, type Scheduler } from '../../src/scheduler.js'
import { expectOk, startHarness, type Harness, type Person } from '../support/harness.js'

const INTERVAL = 60_000

let a: Harness
let b: Harness
beforeEach(async () => {
  a = await startHarness()
  b = await startHarness({ dataDir: a.dir })
  b.clock.set(a.clock())
})
afterEach(async () => {
  await b.close()
  await a.close()
})

/** A scheduler over one harness's server, counting what each sweep did. */
const schedulerOf = (h: Harness, holder: string, minimumLeaseMs?: number) => {
  const done = { deadline: [] as number[], reminders: [] as number[] }
  const scheduler: Scheduler = createScheduler({
    leases: createSchedulerLeases(h.server.db),
    holder,
    now: h.clock,
    log: { error: () => {}, info: () => {} },
    ...(minimumLeaseMs === undefined ? {} : { minimumLeaseMs }),
    tasks: [
      { name: 'deadline-sweep', intervalMs: INTERVAL, run: async () => done.deadline.push(await h.server.sweep()) },
      { name: 'reminder-sweep', intervalMs: INTERVAL, run: async () => done.reminders.push(await h.server.sweepReminders()) },
    ],
  })
  return { scheduler, done }
}

/** A mentee who accepted a mentor: the mentor's 72 h answer deadline runs from now. */
const acceptedPair = async (): Promise<{ mentor: Person; mentee: Person }> => {
  const mentor = await a.publishedMentor('Anna')
  const mentee = await a.readyMentee('Mia')
  expectOk(await a.call(mentee, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: mentee.email }), 'start')
  const p = (
    await a.call<{ menteeProposal: { proposalId: number; matchingTandemId: number }[] }>(
      mentee,
      'POST',
      '/api/MatchingTandem/GetProposals',
      { email: mentee.email },
    )
  ).body.value.menteeProposal[0]
  if (p === undefined) throw new Error('expected a proposal')
  expectOk(
    await a.call(mentee, 'POST', '/api/MatchingTandem/AcceptProposal', {
      email: mentee.email,
      role: 'Mentee',
      pairedUserEmail: mentor.email,
      proposalSaveModel: { proposalId: p.proposalId, proposalState: 'ACCEPTED' },
      matchingTandemSaveModel: { matchingTandemId: p.matchingTandemId, tandemState: 'ACTIVE' },
    }),
    'accept',
  )
  return { mentor, mentee }
}

const advanceBoth = (ms: number): void => {
  a.clock.advance(ms)
  b.clock.set(a.clock())
}
const rows = async (type: string) => (await a.server.ctx.outbox.all()).filter((m) => m.type === type)

describe('scheduler with two server instances on one database', () => {
  it("only the lease holder sweeps: the reminder 24 h before the mentor's deadline and the 72 h expiry happen once", async () => {
    const { mentor } = await acceptedPair()
    const first = schedulerOf(a, 'process-a')
    const second = schedulerOf(b, 'process-b')
    advanceBoth(48 * HOUR)
    expect(await first.scheduler.tick('reminder-sweep')).toBe('ran')
    expect(await second.scheduler.tick('reminder-sweep')).toBe('not-holder')
    advanceBoth(INTERVAL)
    expect(await second.scheduler.tick('reminder-sweep')).toBe('not-holder')
    expect(await first.scheduler.tick('reminder-sweep')).toBe('ran')
    expect(first.done.reminders).toEqual([1, 0])
    expect(second.done.reminders).toEqual([])

    advanceBoth(24 * HOUR)
    expect(await second.scheduler.tick('deadline-sweep')).toBe('ran')
    expect(await first.scheduler.tick('deadline-sweep')).toBe('not-holder')
    expect(second.done.deadline).toEqual([1])
    expect((await rows('REMINDER_ACTIVE_TANDEM')).map((m) => m.recipient.email)).toEqual([mentor.email])
    expect((await rows('DEACTIVATE_USER_PROFILE')).map((m) => m.recipient.email)).toEqual([mentor.email])
    expect((await a.server.ctx.users.byEmail(mentor.email))?.participant.mentor?.status).toBe('PAUSED')
  })

  it('when the holder dies without releasing, the other process takes over once the lease ran out', async () => {
    const first = schedulerOf(a, 'process-a')
    const second = schedulerOf(b, 'process-b')
    expect(await first.scheduler.tick('deadline-sweep')).toBe('ran')
    advanceBoth(leaseLength(INTERVAL) - 1)
    expect(await second.scheduler.tick('deadline-sweep')).toBe('not-holder')
    advanceBoth(1)
    expect(await second.scheduler.tick('deadline-sweep')).toBe('ran')
    expect(await first.scheduler.tick('deadline-sweep')).toBe('not-holder')
  })

  it('a configured minimum lease (SWEEP_LEASE_MS) is what the other process waits out after the holder died', async () => {
    const minimum = 10 * INTERVAL // longer than three intervals, so the minimum is what counts
    const first = schedulerOf(a, 'process-a', minimum)
    const second = schedulerOf(b, 'process-b', minimum)
    expect(await first.scheduler.tick('deadline-sweep')).toBe('ran')
    advanceBoth(minimum - 1)
    expect(await second.scheduler.tick('deadline-sweep')).toBe('not-holder')
    advanceBoth(1)
    expect(await second.scheduler.tick('deadline-sweep')).toBe('ran')
  })

  it('a holder that stops releases its leases, so the other process sweeps at once', async () => {
    const first = schedulerOf(a, 'process-a')
    const second = schedulerOf(b, 'process-b')
    expect(await first.scheduler.tick('reminder-sweep')).toBe('ran')
    expect(await second.scheduler.tick('reminder-sweep')).toBe('not-holder')
    await first.scheduler.stop()
    expect(await second.scheduler.tick('reminder-sweep')).toBe('ran')
  })

  it('a round still running is not overlapped by the next tick of the same process', async () => {
    let finish: () => void = () => {}
    let runs = 0
    const scheduler = createScheduler({
      leases: createSchedulerLeases(a.server.db),
      holder: 'process-a',
      now: a.clock,
      log: { error: () => {}, info: () => {} },
      tasks: [
        {
          name: 'deadline-sweep',
          intervalMs: INTERVAL,
          run: () => {
            runs += 1
            return new Promise<void>((resolve) => {
              finish = resolve
            })
          },
        },
      ],
    })
    const slow = scheduler.tick('deadline-sweep')
    // The round runs once its lease is taken (a round trip to the database).
    await vi.waitFor(() => expect(runs).toBe(1))
    expect(await scheduler.tick('deadline-sweep')).toBe('busy')
    finish()
    expect(await slow).toBe('ran')
    expect(runs).toBe(1)
  })

  it('both instances sweeping the same passed deadline (no scheduler at all) still expire it once: the sweeps are idempotent', async () => {
    const { mentor } = await acceptedPair()
    advanceBoth(72 * HOUR)
    const results = [
      await a.server.sweep(),
      await b.server.sweep(),
      await a.server.sweep(),
      await b.server.sweepReminders(),
      await a.server.sweepReminders(),
    ]
    expect(results).toEqual([1, 0, 0, 0, 0])
    expect((await rows('DEACTIVATE_USER_PROFILE')).map((m) => m.recipient.email)).toEqual([mentor.email])
  })

  it('a reminder sweep that dies in the middle leaves no reminder behind; the next sweep writes each one once', async () => {
    const drafts = [a.person('Tom'), a.person('Uwe'), a.person('Vera')]
    for (const d of drafts) {
      expectOk(await a.signUp(d, 'Mentor'), 'sign-up')
      expectOk(await a.saveAnswers(d, 'Mentor', aMentorAnswers().slice(0, 3), false), 'save unpublished')
    }
    advanceBoth(7 * DAY)
    // The process fails after the first reminder row was inserted, before the second (rows are
    // appended with `send`; other writes go through `run`).
    let inserts = 0
    const db = a.server.db
    const dies = () => {
      inserts += 1
      if (inserts === 2) throw new Error('killed')
    }
    const dying = {
      ...a.server.ctx,
      db: {
        ...db,
        run: async (q: Parameters<typeof db.run>[0]) => {
          dies()
          return await db.run(q)
        },
        send: async (q: Parameters<typeof db.send>[0]) => {
          dies()
          await db.send(q)
        },
      },
    }
    const org = { name: 'Tandem', email: 'info@example.org', phone: '+49', publicUrl: 'http://localhost:3000' }
    await expect(sweepReminders(dying, org)).rejects.toThrow('killed')
    expect(inserts).toBe(2)
    expect(await rows('REMINDER_UNPUBLISHED_USER_PROFILE')).toEqual([])
    expect(await b.server.sweepReminders()).toBe(3)
    expect(await a.server.sweepReminders()).toBe(0)
    expect((await rows('REMINDER_UNPUBLISHED_USER_PROFILE')).map((m) => m.recipient.email).sort()).toEqual(
      drafts.map((d) => d.email).sort(),
    )
  })

  it('a reminder sweep that read before another process wrote its reminders re-checks under the write lock and adds none', async () => {
    const drafts = [a.person('Tom'), a.person('Uwe')]
    for (const d of drafts) {
      expectOk(await a.signUp(d, 'Mentor'), 'sign-up')
      expectOk(await a.saveAnswers(d, 'Mentor', aMentorAnswers().slice(0, 3), false), 'save unpublished')
    }
    advanceBoth(7 * DAY)
    // Process A reads first and sees no reminders yet (its first look is stale); process B then
    // writes them; A's transaction must find B's rows.
    let lookups = 0
    const lists = a.server.ctx.lists
    const stale = {
      ...a.server.ctx,
      db: a.server.db,
      lists: {
        ...lists,
        notifiedAbout: async (...args: Parameters<typeof lists.notifiedAbout>) => {
          lookups += 1
          if (lookups === 1) expect(await b.server.sweepReminders()).toBe(2)
          return lookups <= drafts.length ? false : lists.notifiedAbout(...args)
        },
      },
    }
    const org = { name: 'Tandem', email: 'info@example.org', phone: '+49', publicUrl: 'http://localhost:3000' }
    expect(await sweepReminders(stale, org)).toBe(0)
    expect((await rows('REMINDER_UNPUBLISHED_USER_PROFILE')).length).toBe(2)
  })
})
