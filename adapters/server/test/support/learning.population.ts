// Finished teams for learning from outcomes (docs/learning.md), written straight into the database
// beside one real matched team (copies of its row: the same people, CLOSED, so they bind nobody):
// half shared an industry, 80 % of them good; half did not, 20 % good; the meeting format is noise
// and the must-match languages fit everyone. Good teams met on day 5 with pulses 4 and 5; the others
// ended on day 40 as "not a good fit" with a pulse of 2. Used by the server's and the web's tests.
import { DAY } from '@tandem/core'
import { PAIR } from '@tandem/fixtures'
import type { Database } from '@tandem/store'

export const seedFinishedTeams = async (
  db: Database,
  options: { readonly realTandemId: number; readonly clusterId: number | null; readonly count: number; readonly matchedAt: number },
): Promise<void> => {
  const k = db.kysely
  const real = await k.selectFrom('tandems').selectAll().where('id', '=', options.realTandemId).executeTakeFirstOrThrow()
  const { matchedAt } = options
  for (let i = 0; i < options.count; i++) {
    const id = 100_000 + i
    const shared = i % 2 === 0
    const good = shared ? i % 10 < 8 : i % 10 < 3
    const format = Math.floor(i / 2) % 2 === 0
    const breakdown = [
      { questionPairId: PAIR.languages, points: 3, max: 3, common: [] },
      { questionPairId: PAIR.industries, points: shared ? 2 : 0, max: 2, common: [] },
      { questionPairId: PAIR.meetingFormat, points: format ? 1 : 0, max: 1, common: [] },
    ]
    const ended = good ? null : matchedAt + 40 * DAY
    await k
      .insertInto('tandems')
      .values({
        ...real,
        id,
        state: 'CLOSED',
        cluster_id: options.clusterId,
        mentee_proposal_id: 2 * id - 1,
        mentor_proposal_id: 2 * id,
        score_breakdown: JSON.stringify(breakdown),
        ended_at: ended,
        ended_by: good ? null : 'Mentee',
        end_reason: good ? null : 'not-a-good-fit',
      })
      .execute()
    await k
      .insertInto('mentorship_timelines')
      .values({
        tandem_id: id,
        matched_at: matchedAt,
        ended_at: ended,
        ended_by: good ? null : 'Mentee',
        closed: 1,
        met_at: matchedAt + 5 * DAY,
        pulse_1: 0,
        pulse_2: good ? 0 : 1,
        pulse_3: 0,
        pulse_4: good ? 1 : 0,
        pulse_5: good ? 1 : 0,
        satisfaction_1: 0,
        satisfaction_2: 0,
        satisfaction_3: 0,
        satisfaction_4: 0,
        satisfaction_5: 0,
        mentee_left: 0,
        mentor_left: 0,
      })
      .execute()
  }
}
