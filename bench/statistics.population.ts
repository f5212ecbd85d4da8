// The statistics benchmark's population: the fixtures' synthetic people (50,000 mentees, 50,000
// mentors) registered over a year, at every funnel stage, with 200,000 tandems of every outcome and a
// year of daily pool records, written straight into the SQLite file; then (seedOutcomes) the
// timelines and check-in answers of every matched team.
import { CheckInRating, teamOutcomeFigures, DAY, END_REASONS, HOUR, type CheckInAnswer } from '@tandem/core'
import { generatePopulation, seededRandom } from '@tandem/fixtures'
import type { SqliteServer } from '@tandem/server'

const MENTEES = 50_000
const MENTORS = 50_000
const TANDEMS = 200_000
const YEARS = 3
const NOW = Date.UTC(2026, 0, 1)

/** How many people and tandems: the full bench's, or the bench guard's smaller ones. */
export type PopulationSize = { readonly mentees: number; readonly mentors: number; readonly tandems: number }
export const FULL_SIZE: PopulationSize = { mentees: MENTEES, mentors: MENTORS, tandems: TANDEMS }

export const seedStatisticsPopulation = (raw: SqliteServer['db']['raw'], size: PopulationSize = FULL_SIZE): number[] => {
  const clusterIds = Array.from({ length: YEARS }, (_, i) =>
    Number(raw.prepare('insert into clusters (title) values (?)').run(`Bench ${2024 + i}`).lastInsertRowid),
  )
  const population = generatePopulation({ seed: 17, mentees: size.mentees, mentors: size.mentors, now: NOW })
  const random = seededRandom(29)
  const menteeIds: number[] = []
  const mentorIds: number[] = []
  raw.transaction(() => {
    const user = raw.prepare(`insert into users (issuer, subject, email, first_name, last_name, gender, language, roles, country_code_id,
      registered_at, mentee_status, mentee_cluster_id, mentee_last_started_at, mentee_first_started_at, mentor_status, mentor_published,
      mentor_last_published_at) values ('bench', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
    const complete = {
      Mentee: raw.prepare('update users set mentee_questionnaire_complete = 1 where id = ?'),
      Mentor: raw.prepare('update users set mentor_questionnaire_complete = 1 where id = ?'),
    }
    for (const [side, people] of [
      ['Mentee', population.mentees],
      ['Mentor', population.mentors],
    ] as const) {
      for (const p of people) {
        const registered = NOW - random.int(0, 365) * DAY - random.int(0, 23) * HOUR
        const stage = random.int(0, 5)
        const started = side === 'Mentee' && stage >= 3 ? registered + random.int(1, 20) * DAY : null
        const id = Number(
          user.run(
            `bench-${p.email}`,
            p.email,
            p.firstName,
            p.lastName,
            p.gender,
            p.language,
            JSON.stringify([side]),
            stage >= 1 ? p.profile.countryCodeId : null,
            registered,
            side === 'Mentee' ? (stage >= 3 ? random.pick(['AVAILABLE', 'PENDING', 'MATCHED', 'PROPOSED']) : 'NEW') : null,
            side === 'Mentee' ? random.pick(clusterIds) : null,
            started,
            started,
            side === 'Mentor' ? (stage >= 3 ? random.pick(['AVAILABLE', 'PAUSED', 'MATCHED', 'PROPOSED']) : 'NEW') : null,
            side === 'Mentor' && stage >= 3 ? 1 : 0,
            side === 'Mentor' && stage >= 3 ? registered + DAY : null,
          ).lastInsertRowid,
        )
        if (stage >= 2) complete[side].run(id)
        ;(side === 'Mentee' ? menteeIds : mentorIds).push(id)
      }
    }
    const tandem = raw.prepare(`insert into tandems (id, version, state, mentee_id, mentor_id, cluster_id, created_at, manual, score_base,
      score_max, score_percentage, score_breakdown, mentee_proposal_id, mentee_state, mentee_decided_at, mentee_decline_reason_id,
      mentor_proposal_id, mentor_state, mentor_decided_at, mentor_decline_reason_id)
      values (?, 1, ?, ?, ?, ?, ?, 0, ?, 100, ?, '[]', ?, ?, ?, ?, ?, ?, ?, ?)`)
    // Live (ACTIVE, MATCHED) tandems hold distinct mentors (capacity one); the rest are terminal.
    let liveMentor = 0
    for (let i = 1; i <= size.tandems; i++) {
      const created = NOW - random.int(0, 364) * DAY - random.int(0, 23) * HOUR
      const percentage = random.int(20, 100)
      const outcome = random.int(0, 9)
      const live = outcome === 0 && liveMentor < mentorIds.length
      const state = live
        ? 'MATCHED'
        : ((['DECLINED', 'DECLINED', 'NOREACTION', 'NOREACTION', 'CLOSED', 'CLOSED', 'DECLINED', 'NOREACTION', 'CLOSED'] as const)[
            outcome - 1
          ] ?? 'CLOSED')
      const mentor = live ? mentorIds[liveMentor++]! : random.pick(mentorIds)
      const menteeDecided = state === 'NOREACTION' && random.chance(0.5) ? null : created + random.int(1, 47) * HOUR
      const menteeDeclined = state === 'DECLINED' && random.chance(0.6)
      const mentorDecided =
        state === 'MATCHED' || (state === 'CLOSED' && random.chance(0.3)) || (state === 'DECLINED' && !menteeDeclined)
          ? created + 60 * HOUR
          : null
      tandem.run(
        i,
        state,
        random.pick(menteeIds),
        mentor,
        random.pick(clusterIds),
        created,
        percentage,
        percentage,
        2 * i - 1,
        menteeDeclined ? 'DECLINED' : 'ACCEPTED',
        menteeDecided,
        menteeDeclined ? random.int(1, 5) : null,
        2 * i,
        state === 'DECLINED' && !menteeDeclined ? 'DECLINED' : 'ACCEPTED',
        mentorDecided,
        state === 'DECLINED' && !menteeDeclined ? random.int(6, 10) : null,
      )
    }
    // The first proposal and first match of each person, as the world store records them with each tandem.
    raw.exec(`update users set
      mentee_proposed_at = (select min(created_at) from tandems t where t.mentee_id = users.id),
      mentor_proposed_at = (select min(created_at) from tandems t where t.mentor_id = users.id),
      mentee_matched_at = (select min(mentor_decided_at) from tandems t where t.mentee_id = users.id and t.state = 'MATCHED'),
      mentor_matched_at = (select min(mentor_decided_at) from tandems t where t.mentor_id = users.id and t.state = 'MATCHED')`)
    const snapshot = raw.prepare('insert into pool_snapshots (day, cluster_id, waiting_mentees, available_mentors) values (?, ?, ?, ?)')
    for (let d = 365; d >= 1; d--) for (const c of clusterIds) snapshot.run(NOW - d * DAY, c, random.int(0, 4000), random.int(5000, 15000))
  })()
  return clusterIds
}

type Random = ReturnType<typeof seededRandom>

/** A score from 1 to 5, as a participant gives it. */
const rating = (random: Random): CheckInRating => {
  const score = random.int(1, 5)
  if (!CheckInRating.is(score)) throw new Error(`no rating: ${score}`)
  return score
}

/**
 * The mentorship of every matched team as the check-in sweep and the answers leave it: a timeline
 * from the match; "have you met?" on day 14, a pulse on day 30 and every 60 days until the team
 * ended or the population's now, and the closing survey of an ended team, asked of both sides and
 * answered by most; an ended team's ending (when, by whom, why) on its tandem; and its logged
 * sessions, one every 10 to 45 days from its first days until it ended or the population's now, so the
 * outcomes' session figures read some months with a session and some without.
 */
export const seedOutcomes = (raw: SqliteServer['db']['raw']): void => {
  const random = seededRandom(31)
  const matched = raw
    .prepare(
      `select id, mentor_decided_at as at, state = 'CLOSED' as closed from tandems
       where mentor_decided_at is not null and state in ('MATCHED', 'CLOSED') order by id`,
    )
    .all() as { id: number; at: number; closed: number }[]
  const timeline = raw.prepare(
    'insert into mentorship_timelines (tandem_id, matched_at, ended_at, ended_by, closed) values (?, ?, ?, ?, ?)',
  )
  const ending = raw.prepare('update tandems set ended_at = ?, ended_by = ?, end_reason = ? where id = ?')
  const checkIn = raw.prepare(
    'insert into mentorship_checkins (tandem_id, side, occasion, asked_at, answered_at, answer) values (?, ?, ?, ?, ?, ?)',
  )
  const session = raw.prepare(
    'insert into meeting_sessions (tandem_id, meeting_id, started_at, minutes, logged_by, logged_by_user, note, logged_at) values (?, null, ?, 60, ?, null, null, ?)',
  )
  // The team's outcome figures on its timeline row, as the store writes them with every answer.
  const figures = raw.prepare(`update mentorship_timelines set met_at = ?, pulse_1 = ?, pulse_2 = ?, pulse_3 = ?, pulse_4 = ?,
    pulse_5 = ?, satisfaction_1 = ?, satisfaction_2 = ?, satisfaction_3 = ?, satisfaction_4 = ?, satisfaction_5 = ? where tandem_id = ?`)
  let answers: { answer: CheckInAnswer; answeredAt: number }[] = []
  const ask = (tandemId: number, occasion: string, askedAt: number, answerOf: () => CheckInAnswer, answeredShare: number) => {
    for (const side of ['Mentee', 'Mentor']) {
      const answer = random.chance(answeredShare) ? answerOf() : null
      const answeredAt = askedAt + random.int(1, 72) * HOUR
      if (answer !== null) answers.push({ answer, answeredAt })
      checkIn.run(tandemId, side, occasion, askedAt, answer === null ? null : answeredAt, answer === null ? null : JSON.stringify(answer))
    }
  }
  raw.transaction(() => {
    for (const team of matched) {
      answers = []
      const endedAt = team.closed === 1 ? team.at + random.int(5, 200) * DAY : null
      const by = random.pick(['Mentee', 'Mentor', 'Admin'])
      timeline.run(team.id, team.at, endedAt, endedAt === null ? null : by, endedAt === null ? 0 : 1)
      if (endedAt !== null) ending.run(endedAt, by, random.pick(END_REASONS).id, team.id)
      const until = endedAt ?? NOW
      for (let at = team.at + random.int(2, 20) * DAY; at < until; at += random.int(10, 45) * DAY)
        session.run(team.id, at, random.pick(['Mentee', 'Mentor']), at + 2 * HOUR)
      if (team.at + 14 * DAY < until)
        ask(
          team.id,
          'met',
          team.at + 14 * DAY,
          () => ({ kind: 'Met', met: random.pick(['Yes', 'Yes', 'Yes', 'NotYet', 'CannotReach']) }),
          0.8,
        )
      for (let round = 0; team.at + (30 + 60 * round) * DAY < until; round++)
        ask(team.id, `pulse-${round}`, team.at + (30 + 60 * round) * DAY, () => ({ kind: 'Pulse', score: rating(random), note: null }), 0.6)
      if (endedAt !== null)
        ask(
          team.id,
          'closing',
          endedAt,
          () => ({
            kind: 'Closing',
            satisfaction: rating(random),
            wouldRecommend: random.chance(0.7),
            goalsReached: random.pick(['None', 'Some', 'Most', 'All']),
            note: null,
          }),
          0.5,
        )
      const f = teamOutcomeFigures(answers)
      figures.run(f.metAt, ...f.pulses, ...f.satisfaction, team.id)
    }
  })()
}
