// The statistics benchmark's population: the fixtures' synthetic people (50,000 mentees, 50,000
// mentors) registered over a year, at every funnel stage, with 200,000 tandems of every outcome and a
// year of daily pool records, written straight into the SQLite file. Returns the program years.
import { DAY, HOUR } from '@tandem/core'
import { generatePopulation, seededRandom } from '@tandem/fixtures'
import type { SqliteServer } from '@tandem/server'

const MENTEES = 50_000
const MENTORS = 50_000
const TANDEMS = 200_000
const YEARS = 3
const NOW = Date.UTC(2026, 0, 1)

export const seedStatisticsPopulation = (raw: SqliteServer['db']['raw']): number[] => {
  const clusterIds = Array.from({ length: YEARS }, (_, i) =>
    Number(raw.prepare('insert into clusters (title) values (?)').run(`Bench ${2024 + i}`).lastInsertRowid),
  )
  const population = generatePopulation({ seed: 17, mentees: MENTEES, mentors: MENTORS, now: NOW })
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
    for (let i = 1; i <= TANDEMS; i++) {
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
