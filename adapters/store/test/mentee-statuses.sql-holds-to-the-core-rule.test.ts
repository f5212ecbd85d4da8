// The mentee rules that run as SQL (mentee.predicates.ts): whom a run may start for (the waitlist's
// read) and whom the pool statistics count as waiting. On random populations, on the SQLite file
// and on PostgreSQL, the SQL picks exactly the mentees core's mayStartRun and isWaitingInPool pick;
// statuses come from core's own enumeration, so a status added there is tried here too.
import { isWaitingInPool, mayStartRun, STATUSES, type StatusName } from '@tandem/core'
import fc from 'fast-check'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createStatisticsQueries, type Database } from '../src/index.js'
import { mayStartRun as mayStartRunSql } from '../src/queries/mentee.predicates.js'
import { bothStores } from './support/both.dialects.js'

const DAY = Date.UTC(2026, 10, 2)

type Mentee = { readonly status: StatusName; readonly firstStartedAt: number | null; readonly year: 0 | 1 | null }
type Person = { readonly mentee: Mentee | null }

/** Anyone: no mentee side, or one in any status, started or never, of either year or none (pairs no transition would make too). */
const person: fc.Arbitrary<Person> = fc.record({
  mentee: fc.option(
    fc.record({
      status: fc.constantFrom(...STATUSES),
      firstStartedAt: fc.option(
        fc.integer({ min: 0, max: 30 }).map((d) => DAY - d * 86_400_000),
        { nil: null },
      ),
      year: fc.constantFrom(0 as const, 1 as const, null),
    }),
    { nil: null },
  ),
})

/** Replaces every user with the population; the ids in the population's order. */
const seed = async (db: Database, years: readonly number[], people: readonly Person[]): Promise<number[]> => {
  await db.run(db.kysely.deleteFrom('pool_snapshots'))
  await db.run(db.kysely.deleteFrom('users'))
  if (people.length === 0) return []
  const rows = await db.all(
    db.kysely
      .insertInto('users')
      .values(
        people.map((p, i) => ({
          issuer: 'https://id.example.org',
          subject: `person-${i}`,
          email: `person-${i}@example.org`,
          first_name: 'Ada',
          last_name: 'Lovelace',
          gender: 'NA',
          language: 'en',
          roles: p.mentee === null ? '[]' : '["MENTEE"]',
          city: '',
          professional_position: '',
          company: '',
          registered_at: DAY,
          accepted_privacy: 1,
          accepted_terms: 1,
          version: 1,
          mentee_status: p.mentee?.status ?? null,
          mentee_no_match: 0,
          mentee_first_started_at: p.mentee?.firstStartedAt ?? null,
          mentee_cluster_id: p.mentee == null || p.mentee.year === null ? null : years[p.mentee.year]!,
          mentor_status: null,
          mentor_published: 0,
        })),
      )
      .returning('id'),
  )
  return rows.map((r) => r.id)
}

describe.each(bothStores())('the mentee rules as SQL on $name', (store) => {
  let db: Database
  let years: number[]
  beforeEach(async () => {
    await store.setUp()
    db = await store.open()
    years = (
      await db.all(
        db.kysely
          .insertInto('clusters')
          .values([0, 1].map((i) => ({ title: `Year ${i}`, is_ended: 0, is_default: 0 })))
          .returning('id'),
      )
    ).map((r) => r.id)
  })
  afterEach(() => store.tearDown())
  afterAll(() => store.stop())

  it('selects the mentees a run may start for as mayStartRun selects them', async () => {
    let selectedSeen = 0
    await fc.assert(
      fc.asyncProperty(fc.array(person, { maxLength: 12 }), async (people) => {
        const ids = await seed(db, years, people)
        const selected = (await db.all(db.kysely.selectFrom('users').select('id').where(mayStartRunSql))).map((r) => r.id)
        selectedSeen += selected.length
        expect(new Set(selected)).toEqual(new Set(ids.filter((_, i) => mayStartRun(people[i]!.mentee))))
      }),
      { numRuns: 40 },
    )
    expect(selectedSeen).toBeGreaterThan(0)
  })

  it('counts the pool snapshot’s waiting mentees per program year as isWaitingInPool counts them', async () => {
    let waitingSeen = 0
    await fc.assert(
      fc.asyncProperty(fc.array(person, { maxLength: 12 }), async (people) => {
        await seed(db, years, people)
        await createStatisticsQueries(db).recordPoolSnapshot(DAY)
        const rows = await db.all(db.kysely.selectFrom('pool_snapshots').select(['cluster_id', 'waiting_mentees']).where('day', '=', DAY))
        const counted = new Map(rows.filter((r) => Number(r.waiting_mentees) > 0).map((r) => [r.cluster_id, Number(r.waiting_mentees)]))
        const expected = new Map<number | null, number>()
        for (const p of people)
          if (isWaitingInPool(p.mentee)) {
            const year = p.mentee!.year === null ? null : years[p.mentee!.year]!
            expected.set(year, (expected.get(year) ?? 0) + 1)
          }
        waitingSeen += expected.size
        expect(counted).toEqual(expected)
      }),
      { numRuns: 25 },
    )
    expect(waitingSeen).toBeGreaterThan(0)
  })
})
