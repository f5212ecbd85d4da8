// The waitlist's narrowing read (`maybeWaitingIds`, docs/matching.md#waitlist) only narrows: on
// random mentees and tandems, on the SQLite file and on PostgreSQL, every mentee the core's
// waitlistOf counts as waiting (a run that found nobody, or a team ended since the last run) is
// among the ids the SQL returns. Its status condition is core's mayStartRun, held exactly by
// mentee-statuses.sql-holds-to-the-core-rule.test.ts.
import { END_REASONS, STATUSES, userIdOf, waitlistOf, type EndReasonId, type StatusName, type UserId } from '@tandem/core'
import fc from 'fast-check'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createWaitlistRepository, createWorldStore, type Database } from '../src/index.js'
import { bothStores } from './support/both.dialects.js'
import { proposalColumns, userRow } from './support/rows.js'

// Statuses and reasons from core's own enumerations: a status or reason added there is tried here too.
const REASONS: readonly EndReasonId[] = END_REASONS.map((r) => r.id)
const DAY = Date.UTC(2026, 10, 2)
const hour = (h: number) => DAY + h * 60 * 60 * 1000

type Closed = { readonly createdAt: number; readonly endedAt: number | null; readonly reason: EndReasonId }
type Mentee = {
  readonly status: StatusName
  readonly noMatch: boolean
  readonly lastStartedAt: number | null
  readonly off: boolean
  readonly tandems: readonly Closed[]
}

const closed: fc.Arbitrary<Closed> = fc
  .record({
    created: fc.integer({ min: 0, max: 20 }),
    ended: fc.option(fc.integer({ min: 0, max: 10 }), { nil: null }),
    reason: fc.constantFrom(...REASONS),
  })
  .map((c) => ({ createdAt: hour(c.created), endedAt: c.ended === null ? null : hour(c.created + c.ended), reason: c.reason }))

const mentee: fc.Arbitrary<Mentee> = fc.record({
  status: fc.constantFrom(...STATUSES),
  noMatch: fc.boolean(),
  lastStartedAt: fc.option(fc.integer({ min: 0, max: 30 }).map(hour), { nil: null }),
  off: fc.boolean(),
  tandems: fc.array(closed, { maxLength: 3 }),
})

/** Replaces every user and tandem with the mentees (and one mentor for their closed tandems); answers the mentees' ids. */
const seed = async (db: Database, mentees: readonly Mentee[]): Promise<UserId[]> => {
  const k = db.kysely
  await db.run(k.deleteFrom('tandems'))
  await db.run(k.deleteFrom('users'))
  const [mentor] = await db.all(
    k
      .insertInto('users')
      .values({ ...userRow('mentor', '["MENTOR"]', DAY), mentor_status: 'AVAILABLE' })
      .returning('id'),
  )
  const ids: UserId[] = []
  let tandemId = 0
  for (const [i, m] of mentees.entries()) {
    const [row] = await db.all(
      k
        .insertInto('users')
        .values({
          ...userRow(`mentee-${i}`, '["MENTEE"]', DAY),
          mentee_status: m.status,
          mentee_no_match: m.noMatch ? 1 : 0,
          mentee_last_started_at: m.lastStartedAt,
          mentee_waitlist_off: m.off ? 1 : 0,
        })
        .returning('id'),
    )
    ids.push(userIdOf(row!.id))
    for (const t of m.tandems) {
      tandemId += 1
      await db.run(
        k.insertInto('tandems').values({
          id: tandemId,
          version: 1,
          state: 'CLOSED',
          mentee_id: row!.id,
          mentor_id: mentor!.id,
          cluster_id: null,
          created_at: t.createdAt,
          manual: 1,
          score_base: 0,
          score_max: 0,
          score_percentage: 0,
          score_breakdown: '[]',
          ended_at: t.endedAt,
          ended_by: t.endedAt === null ? null : 'Mentor',
          end_reason: t.endedAt === null ? null : t.reason,
          end_other_text: t.endedAt !== null && t.reason === 'other' ? 'why' : null,
          end_do_not_pair_again: t.endedAt === null ? null : 0,
          end_mentor_paused: t.endedAt === null ? null : 0,
          ...proposalColumns('mentee', 2 * tandemId - 1),
          ...proposalColumns('mentor', 2 * tandemId),
        } as never),
      )
    }
  }
  return ids
}

describe.each(bothStores())('the waitlist read on $name', (store) => {
  let db: Database
  beforeEach(async () => {
    await store.setUp()
    db = await store.open()
  })
  afterEach(() => store.tearDown())
  afterAll(() => store.stop())

  it('holds every mentee the core counts as waiting', async () => {
    const world = createWorldStore(db, () => ({ rows: [], stopLinks: [] }))
    const waitlist = createWaitlistRepository(db)
    let waitingSeen = 0
    await fc.assert(
      fc.asyncProperty(fc.array(mentee, { maxLength: 8 }), async (mentees) => {
        const ids = await seed(db, mentees)
        const loaded = await world.load({ userIds: ids })
        const waiting = waitlistOf(loaded, ids, (id) => !mentees[ids.indexOf(id)]!.off).map((e) => e.menteeId)
        waitingSeen += waiting.length
        const read = await waitlist.maybeWaitingIds()
        for (const id of waiting) expect(read).toContain(id)
      }),
      { numRuns: 40 },
    )
    // the property was not vacuous
    expect(waitingSeen).toBeGreaterThan(0)
  })
})
