// The pool rule runs as SQL where mentors are counted or excluded without being loaded (the pool
// statistics, the mentors a run ranked that are out of the pool now). On random populations, on the
// SQLite file and on PostgreSQL, the SQL picks exactly the mentors core's isInMentorPool picks.
import { isInMentorPool, STATUSES, userIdOf, type StatusName } from '@tandem/core'
import fc from 'fast-check'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createListQueries, createStatisticsQueries, type Database } from '../src/index.js'
import { inMentorPool } from '../src/queries/pool.predicates.js'
import { bothStores } from './support/both.dialects.js'

type Person = { readonly mentor: { readonly status: StatusName; readonly published: boolean } | null }

/** Anyone: no mentor side, or one in any status (published or not), including pairs no transition would make. */
const person: fc.Arbitrary<Person> = fc.record({
  mentor: fc.option(fc.record({ status: fc.constantFrom(...STATUSES), published: fc.boolean() }), { nil: null }),
})

const DAY = Date.UTC(2026, 10, 2)

/** Replaces every user with the population; the ids in the population's order. */
const seed = async (db: Database, people: readonly Person[]): Promise<number[]> => {
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
          roles: p.mentor === null ? '[]' : '["MENTOR"]',
          city: '',
          professional_position: '',
          company: '',
          registered_at: DAY,
          accepted_privacy: 1,
          accepted_terms: 1,
          version: 1,
          mentee_status: null,
          mentee_no_match: 0,
          mentor_status: p.mentor?.status ?? null,
          mentor_published: p.mentor?.published === true ? 1 : 0,
        })),
      )
      .returning('id'),
  )
  return rows.map((r) => r.id)
}

describe.each(bothStores())('the pool rule as SQL on $name', (store) => {
  let db: Database
  beforeEach(async () => {
    await store.setUp()
    db = await store.open()
  })
  afterEach(() => store.tearDown())
  afterAll(() => store.stop())

  it('selects the mentors isInMentorPool selects', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(person, { maxLength: 12 }), async (people) => {
        const ids = await seed(db, people)
        const selected = (await db.all(db.kysely.selectFrom('users').select('id').where(inMentorPool))).map((r) => r.id)
        expect(new Set(selected)).toEqual(new Set(ids.filter((_, i) => isInMentorPool(people[i]!.mentor))))
      }),
      { numRuns: 40 },
    )
  })

  it('counts the pool snapshot’s available mentors as isInMentorPool counts them', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(person, { maxLength: 12 }), async (people) => {
        await seed(db, people)
        await createStatisticsQueries(db).recordPoolSnapshot(DAY)
        const rows = await db.all(db.kysely.selectFrom('pool_snapshots').select('available_mentors').where('day', '=', DAY))
        expect(rows.map((r) => Number(r.available_mentors))).toEqual([people.filter((p) => isInMentorPool(p.mentor)).length])
      }),
      { numRuns: 25 },
    )
  })

  it('tells a run which of the ranked published mentors are out of the pool now', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(person, { maxLength: 12 }), async (people) => {
        const ids = await seed(db, people)
        const { unavailable } = await createListQueries(db).rankedMentorsNow(ids.map(userIdOf))
        const outOfPool = ids.filter((_, i) => {
          const mentor = people[i]!.mentor
          return mentor !== null && mentor.published && !isInMentorPool(mentor)
        })
        expect(new Set(unavailable)).toEqual(new Set(outOfPool))
      }),
      { numRuns: 25 },
    )
  })
})
