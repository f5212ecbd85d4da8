// A population with known counts for the statistics tests, written straight into the database (the
// same SQL on SQLite and PostgreSQL) so that every stage, outcome, reason and score lands exactly where the test says. Counts per group:
//
// mentees, program year A (registered 1 March 2026): 2 registered only, 3 profile complete, 4 with a
//   complete questionnaire, 6 started matching, 5 proposed (their proposals expired unanswered),
//   7 matched (first start 2 March 00:00, matched 10, 20, … 70 hours later).
// mentees, program year B (registered 1 February 2026): 3 registered only.
// mentors (no program year, registered 1 March 2026): 1 registered only, 2 profile complete,
//   3 questionnaire complete, 8 published, 5 proposed whose mentee let the proposal expire,
//   6 paused for silence (7 proposals expired with them: one of them twice), 7 matched.
// tandems (all of year A, created from 3 March): 7 matched (5 at 85 %, 2 at 95 %), 5 expired with
//   the mentee, 7 expired with the mentor, 7 declined by a mentee (reason 1 five times, reason 2
//   twice) and 6 declined by a mentor (reason 8), all declined ones at 60 %.
import { DAY, HOUR } from '@tandem/core'
import type { Database } from '@tandem/store'
import { sql, type RawBuilder } from 'kysely'
import { runOn } from './store.statements.js'

export const MARCH_1 = Date.UTC(2026, 2, 1)
const FEBRUARY_1 = Date.UTC(2026, 1, 1)
const FIRST_START = MARCH_1 + DAY
const CREATED = MARCH_1 + 2 * DAY

type UserSpec = {
  readonly side: 'Mentee' | 'Mentor'
  readonly cluster?: number | null
  readonly registeredAt?: number
  readonly country?: number | null
  readonly complete?: boolean
  readonly started?: number | null
  readonly published?: boolean
  readonly status: string
  readonly gender: string
}

/** `db`: the server's store (`server.db`), on either database. */
export const seedStatisticsPopulation = async (db: Database): Promise<{ readonly yearA: number; readonly yearB: number }> => {
  const run = async (statement: RawBuilder<unknown>): Promise<void> => {
    await runOn(db, statement)
  }
  const inserted = async (statement: RawBuilder<{ id: number }>): Promise<number> => Number((await runOn(db, statement))[0]?.id)
  const cluster = (title: string) => inserted(sql<{ id: number }>`insert into clusters (title) values (${title}) returning id`)
  const yearA = await cluster('Statistics A')
  const yearB = await cluster('Statistics B')
  let n = 0
  const user = async (u: UserSpec): Promise<number> => {
    n += 1
    const mentee = u.side === 'Mentee'
    const id = await inserted(sql<{ id: number }>`insert into users (issuer, subject, email, first_name, last_name, gender, language, roles,
      country_code_id, registered_at, mentee_status, mentee_cluster_id, mentee_last_started_at, mentee_first_started_at,
      mentor_status, mentor_published, mentor_last_published_at) values ('stats', ${`stats-${n}`}, ${`stats.${n}@example.org`},
      'Sam', 'Stat', ${u.gender}, ${mentee ? 'de' : 'en'}, ${JSON.stringify([u.side])}, ${u.country ?? null}, ${u.registeredAt ?? MARCH_1},
      ${mentee ? u.status : null}, ${mentee ? (u.cluster ?? null) : null}, ${mentee ? (u.started ?? null) : null},
      ${mentee ? (u.started ?? null) : null}, ${mentee ? null : u.status}, ${u.published === true ? 1 : 0},
      ${u.published === true ? MARCH_1 : null}) returning id`)
    const column = sql.ref(mentee ? 'mentee_questionnaire_complete' : 'mentor_questionnaire_complete')
    if (u.complete !== undefined) await run(sql`update users set ${column} = ${u.complete ? 1 : 0} where id = ${id}`)
    return id
  }
  const many = async (count: number, u: UserSpec): Promise<number[]> => {
    const ids: number[] = []
    for (let i = 0; i < count; i++) ids.push(await user(u))
    return ids
  }

  const menteeA = { side: 'Mentee', cluster: yearA, gender: 'Female' } as const
  await many(2, { ...menteeA, status: 'NEW' })
  await many(3, { ...menteeA, status: 'NEW', country: 64, complete: false })
  await many(4, { ...menteeA, status: 'NEW', country: 64, complete: true })
  await many(6, { ...menteeA, status: 'AVAILABLE', country: 64, complete: true, started: FIRST_START })
  const proposedMentees = await many(5, { ...menteeA, status: 'AVAILABLE', country: 64, complete: true, started: FIRST_START })
  const matchedMentees = await many(7, { ...menteeA, gender: 'Male', status: 'MATCHED', country: 64, complete: true, started: FIRST_START })
  await many(3, { side: 'Mentee', cluster: yearB, gender: 'NA', status: 'NEW', registeredAt: FEBRUARY_1 })

  const mentor = { side: 'Mentor', gender: 'Male' } as const
  const published = { ...mentor, country: 64, complete: true, published: true } as const
  await many(1, { ...mentor, status: 'NEW' })
  await many(2, { ...mentor, status: 'NEW', country: 64 })
  await many(3, { ...mentor, status: 'NEW', country: 64, complete: true })
  await many(8, { ...published, status: 'AVAILABLE' })
  const expiredMentors = await many(5, { ...published, status: 'AVAILABLE' })
  const silentMentors = await many(6, { ...published, status: 'PAUSED' })
  const matchedMentors = await many(7, { ...published, status: 'MATCHED' })

  let t = 0
  const tandem = async (x: {
    state: string
    mentee: number
    mentor: number
    percentage: number
    menteeState: string
    menteeDecided: number | null
    menteeReason?: number
    mentorState: string
    mentorDecided: number | null
    mentorReason?: number
  }) => {
    t += 1
    await run(sql`insert into tandems (id, version, state, mentee_id, mentor_id, cluster_id, created_at, manual,
      score_base, score_max, score_percentage, score_breakdown, mentee_proposal_id, mentee_state, mentee_decided_at,
      mentee_decline_reason_id, mentor_proposal_id, mentor_state, mentor_decided_at, mentor_decline_reason_id)
      values (${t}, 1, ${x.state}, ${x.mentee}, ${x.mentor}, ${yearA}, ${CREATED + t * HOUR}, 0, ${x.percentage}, 100, ${x.percentage}, '[]',
      ${2 * t - 1}, ${x.menteeState}, ${x.menteeDecided}, ${x.menteeReason ?? null}, ${2 * t}, ${x.mentorState}, ${x.mentorDecided},
      ${x.mentorReason ?? null})`)
  }
  for (const [i, mentee] of matchedMentees.entries())
    await tandem({
      state: 'MATCHED',
      mentee,
      mentor: matchedMentors[i]!,
      percentage: i < 5 ? 85 : 95,
      menteeState: 'ACCEPTED',
      menteeDecided: FIRST_START + HOUR,
      mentorState: 'ACCEPTED',
      mentorDecided: FIRST_START + (i + 1) * 10 * HOUR,
    })
  for (const [i, mentee] of proposedMentees.entries())
    await tandem({
      state: 'NOREACTION',
      mentee,
      mentor: expiredMentors[i]!,
      percentage: 50,
      menteeState: 'CLOSED',
      menteeDecided: null,
      mentorState: 'CLOSED',
      mentorDecided: null,
    })
  for (let i = 0; i < 7; i++)
    await tandem({
      state: 'NOREACTION',
      mentee: matchedMentees[i]!,
      mentor: silentMentors[i % 6]!,
      percentage: 50,
      menteeState: 'CLOSED',
      menteeDecided: FIRST_START,
      mentorState: 'CLOSED',
      mentorDecided: null,
    })
  for (let i = 0; i < 7; i++)
    await tandem({
      state: 'DECLINED',
      mentee: proposedMentees[i % 5]!,
      mentor: expiredMentors[i % 5]!,
      percentage: 60,
      menteeState: 'DECLINED',
      menteeDecided: FIRST_START,
      menteeReason: i < 5 ? 1 : 2,
      mentorState: 'CLOSED',
      mentorDecided: null,
    })
  for (let i = 0; i < 6; i++)
    await tandem({
      state: 'DECLINED',
      mentee: matchedMentees[i]!,
      mentor: silentMentors[i]!,
      percentage: 60,
      menteeState: 'ACCEPTED',
      menteeDecided: FIRST_START,
      mentorState: 'DECLINED',
      mentorDecided: FIRST_START + HOUR,
      mentorReason: 8,
    })
  // The first proposal and first match of each person, as the world store records them with each tandem.
  await run(sql`update users set
    mentee_proposed_at = (select min(created_at) from tandems t where t.mentee_id = users.id),
    mentor_proposed_at = (select min(created_at) from tandems t where t.mentor_id = users.id),
    mentee_matched_at = (select min(mentor_decided_at) from tandems t where t.mentee_id = users.id and t.state = 'MATCHED'),
    mentor_matched_at = (select min(mentor_decided_at) from tandems t where t.mentor_id = users.id and t.state = 'MATCHED')`)
  // One day of pool history before the test's own snapshot: 4 mentees waited (too few to show).
  await run(sql`insert into pool_snapshots (day, cluster_id, waiting_mentees, available_mentors) values (${MARCH_1}, ${yearA}, 4, 20)`)
  return { yearA, yearB }
}
