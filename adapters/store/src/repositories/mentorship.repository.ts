// The check-in timelines (migration 0022): the timeline row (with the team's outcome figures, migration
// 0026, and the sides that left, 0027), one row per question sent to one side, and the one-time links
// by their token's hash. Answers are the core's JSON, decoded on the way out: a row that no longer
// decodes is a fault, not a value.
import {
  CheckInAnswer,
  EndedBy,
  occasionKey,
  pulse,
  Side,
  tandemIdOf,
  teamOutcomeFigures,
  userIdOf,
  type CheckInOccasion,
  type CheckInRecord,
  type Timeline,
} from '@tandem/core'
import type { CheckInLink, MentorshipRepository } from '@tandem/application/ports'
import { isLeft } from 'fp-ts/lib/Either.js'
import type { Database } from '../portable/database.js'
import { outcomeColumnsOf } from '../portable/rows.js'
import type { MentorshipCheckInsTable, MentorshipCheckInLinksTable, MentorshipTimelinesTable } from '../portable/schema.js'

export type { CheckInLink, MentorshipRepository }

/** The inverse of core's occasionKey ("met", "pulse-2", "closing"). */
export const occasionOfKey = (key: string): CheckInOccasion => {
  if (key === 'met') return { kind: 'Met' }
  if (key === 'closing') return { kind: 'Closing' }
  const round = /^pulse-(\d+)$/.exec(key)
  if (round === null) throw new Error(`unknown check-in occasion ${key}`)
  return pulse(Number(round[1]))
}

const sideOf = (value: string): Side => {
  if (!Side.is(value)) throw new Error(`unknown check-in side ${value}`)
  return value
}

const num = (n: number | null): number | null => (n === null ? null : Number(n))

const recordOf = (row: MentorshipCheckInsTable): CheckInRecord => {
  let answer: CheckInAnswer | null = null
  if (row.answer !== null) {
    const decoded = CheckInAnswer.decode(JSON.parse(row.answer))
    if (isLeft(decoded)) throw new Error(`the stored answer of tandem ${row.tandem_id} does not decode`)
    answer = decoded.right
  }
  return {
    side: sideOf(row.side),
    occasion: occasionOfKey(row.occasion),
    askedAt: Number(row.asked_at),
    remindedAt: num(row.reminded_at),
    answeredAt: num(row.answered_at),
    answer,
    supersededAt: num(row.superseded_at),
  }
}

const timelineOf = (row: MentorshipTimelinesTable, checkIns: readonly MentorshipCheckInsTable[]): Timeline => {
  const by = row.ended_by === null ? null : EndedBy.is(row.ended_by) ? row.ended_by : null
  if (row.ended_at !== null && by === null) throw new Error(`the stored end of tandem ${row.tandem_id} does not decode`)
  return {
    tandemId: tandemIdOf(Number(row.tandem_id)),
    matchedAt: Number(row.matched_at),
    ended: row.ended_at === null || by === null ? null : { at: Number(row.ended_at), by },
    checkIns: checkIns.map(recordOf),
    ...(row.mentee_left !== 0 || row.mentor_left !== 0 ? { left: leftSidesOf(row) } : {}),
  }
}

const leftSidesOf = (row: MentorshipTimelinesTable): Side[] => [
  ...(Number(row.mentee_left) !== 0 ? (['Mentee'] as const) : []),
  ...(Number(row.mentor_left) !== 0 ? (['Mentor'] as const) : []),
]

const leftColumn = (side: Side) => (side === 'Mentee' ? 'mentee_left' : 'mentor_left')

const keyOf = (r: CheckInRecord): string => `${r.side}/${occasionKey(r.occasion)}`

const linkOf = (row: MentorshipCheckInLinksTable): CheckInLink => ({
  tandemId: tandemIdOf(Number(row.tandem_id)),
  side: sideOf(row.side),
  occasion: occasionOfKey(row.occasion),
  userId: userIdOf(Number(row.user_id)),
  expiresAt: Number(row.expires_at),
  usedAt: num(row.used_at),
})

export const createMentorshipRepository = (db: Database): MentorshipRepository => {
  const k = db.kysely
  const timelinesOf = async (tandemIds: readonly number[]): Promise<Timeline[]> => {
    if (tandemIds.length === 0) return []
    const rows = await db.all(
      k
        .selectFrom('mentorship_timelines')
        .selectAll()
        .where('tandem_id', 'in', [...tandemIds])
        .orderBy('tandem_id'),
    )
    const checkIns = await db.all(
      k
        .selectFrom('mentorship_checkins')
        .selectAll()
        .where('tandem_id', 'in', [...tandemIds])
        .orderBy('asked_at')
        .orderBy('side'),
    )
    return rows.map((row) =>
      timelineOf(
        row,
        checkIns.filter((c) => Number(c.tandem_id) === Number(row.tandem_id)),
      ),
    )
  }
  return {
    matchedTandemIds: async () =>
      (await db.all(k.selectFrom('tandems').select('id').where('state', '=', 'MATCHED').orderBy('id'))).map((r) =>
        tandemIdOf(Number(r.id)),
      ),
    timelineOf: async (tandemId) => (await timelinesOf([tandemId]))[0],
    openTimelineIds: async () =>
      (await db.all(k.selectFrom('mentorship_timelines').select('tandem_id').where('closed', '=', 0).orderBy('tandem_id'))).map((r) =>
        tandemIdOf(Number(r.tandem_id)),
      ),
    save: async (before, after, closed) => {
      await db.transaction(async () => {
        const ended = {
          ended_at: after.ended?.at ?? null,
          ended_by: after.ended?.by ?? null,
          closed: closed ? 1 : 0,
          ...outcomeColumnsOf(teamOutcomeFigures(after.checkIns)),
          mentee_left: after.left?.includes('Mentee') === true ? 1 : 0,
          mentor_left: after.left?.includes('Mentor') === true ? 1 : 0,
        }
        if (before === undefined)
          await db.run(k.insertInto('mentorship_timelines').values({ tandem_id: after.tandemId, matched_at: after.matchedAt, ...ended }))
        else await db.run(k.updateTable('mentorship_timelines').set(ended).where('tandem_id', '=', after.tandemId))
        const old = new Map((before?.checkIns ?? []).map((r) => [keyOf(r), r]))
        for (const r of after.checkIns) {
          const columns = {
            asked_at: r.askedAt,
            reminded_at: r.remindedAt,
            answered_at: r.answeredAt,
            answer: r.answer === null ? null : JSON.stringify(r.answer),
            superseded_at: r.supersededAt,
          }
          const previous = old.get(keyOf(r))
          if (previous === undefined)
            await db.run(
              k
                .insertInto('mentorship_checkins')
                .values({ tandem_id: after.tandemId, side: r.side, occasion: occasionKey(r.occasion), ...columns }),
            )
          else if (JSON.stringify(previous) !== JSON.stringify(r))
            await db.run(
              k
                .updateTable('mentorship_checkins')
                .set(columns)
                .where('tandem_id', '=', after.tandemId)
                .where('side', '=', r.side)
                .where('occasion', '=', occasionKey(r.occasion)),
            )
        }
      })
    },
    addLink: async (tokenHash, link) => {
      await db.run(
        k.insertInto('mentorship_checkin_links').values({
          token_hash: tokenHash,
          tandem_id: link.tandemId,
          side: link.side,
          occasion: occasionKey(link.occasion),
          user_id: link.userId,
          expires_at: link.expiresAt,
          used_at: link.usedAt,
        }),
      )
    },
    linkOf: async (tokenHash) => {
      const row = await db.first(k.selectFrom('mentorship_checkin_links').selectAll().where('token_hash', '=', tokenHash))
      return row === undefined ? undefined : linkOf(row)
    },
    useLink: async (tokenHash, at) => {
      const changed = await db.run(
        k.updateTable('mentorship_checkin_links').set({ used_at: at }).where('token_hash', '=', tokenHash).where('used_at', 'is', null),
      )
      return changed === 1
    },
    timelinesOfUser: (tandemIds) => timelinesOf(tandemIds),
    eraseSide: async (userId, sides) => {
      await db.transaction(async () => {
        await db.run(k.deleteFrom('mentorship_checkin_links').where('user_id', '=', userId))
        for (const { tandemId, side } of sides) {
          await db.run(k.deleteFrom('mentorship_checkins').where('tandem_id', '=', tandemId).where('side', '=', side))
          // The side left: asked nothing more, while the other side's closing survey still follows. The
          // team's figures are counted again from the other side's answers: none of the erased remains.
          const remaining = await db.all(k.selectFrom('mentorship_checkins').selectAll().where('tandem_id', '=', tandemId))
          await db.run(
            k
              .updateTable('mentorship_timelines')
              .set({ [leftColumn(side)]: 1, ...outcomeColumnsOf(teamOutcomeFigures(remaining.map(recordOf))) })
              .where('tandem_id', '=', tandemId),
          )
          await db.run(
            k
              .updateTable('mentorship_timelines')
              .set({ closed: 1 })
              .where('tandem_id', '=', tandemId)
              .where('mentee_left', '=', 1)
              .where('mentor_left', '=', 1),
          )
        }
      })
    },
  }
}
