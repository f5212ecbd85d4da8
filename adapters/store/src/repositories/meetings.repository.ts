// Meetings, logged sessions and per-person meeting settings (migration 0031, docs/mentorship.md#meetings).
// The reminder's time is the core's `meetingReminderAt`, written with every save; the sweep reads the
// rows whose time came and claims each with a conditional update, so it goes out once whatever the
// number of instances. Stored rows are decoded on the way out: one that does not decode is a fault.
import {
  MEETING_STATES,
  isLiveMeetingState,
  meetingIdOf,
  meetingReminderAt,
  Side,
  tandemIdOf,
  userIdOf,
  type Meeting,
  type MeetingMode,
  type MeetingState,
  type Slot,
  type TandemId,
} from '@tandem/core'
import type { MeetingsRepository, StoredMeeting, StoredSession, TeamMeetingFigures } from '@tandem/application/ports'
import { isLeft } from 'fp-ts/lib/Either.js'
import * as t from 'io-ts'
import type { Selectable } from 'kysely'
import { forUpdate } from '../portable/dialect.js'
import type { Database } from '../portable/database.js'
import type { MeetingSessionsTable, MeetingsTable } from '../portable/schema.js'

export type { MeetingsRepository }

/** The states whose meeting is still ahead, from the core's rule. */
const LIVE_STATES: readonly MeetingState[] = MEETING_STATES.filter(isLiveMeetingState)

const StoredSlots = t.readonlyArray(t.type({ start: t.number, minutes: t.number }))

const sideOf = (value: string): Side => {
  if (!Side.is(value)) throw new Error(`unknown meeting side ${value}`)
  return value
}

const stateOf = (value: string): MeetingState => {
  const state = MEETING_STATES.find((s) => s === value)
  if (state === undefined) throw new Error(`unknown meeting state ${value}`)
  return state
}

const slotsOf = (row: Selectable<MeetingsTable>): readonly Slot[] => {
  const decoded = StoredSlots.decode(JSON.parse(row.slots))
  if (isLeft(decoded)) throw new Error(`the stored slots of meeting ${row.id} do not decode`)
  return decoded.right
}

const modeOf = (row: Selectable<MeetingsTable>): MeetingMode => {
  if (row.mode === 'Online' && row.link !== null) return { kind: 'Online', link: row.link }
  if (row.mode === 'InPerson' && row.place !== null) return { kind: 'InPerson', place: row.place }
  throw new Error(`the stored mode of meeting ${row.id} does not decode`)
}

const meetingOf = (row: Selectable<MeetingsTable>): StoredMeeting => ({
  id: meetingIdOf(Number(row.id)),
  tandemId: tandemIdOf(Number(row.tandem_id)),
  state: stateOf(row.state),
  sequence: Number(row.sequence),
  proposedBy: sideOf(row.proposed_by),
  slots: slotsOf(row),
  mode: modeOf(row),
  agenda: row.agenda,
  note: row.note,
  timeZone: row.time_zone,
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
  answeredBy: row.answered_by === null ? null : sideOf(row.answered_by),
  remindedAt: row.reminded_at === null ? null : Number(row.reminded_at),
})

const columnsOf = (m: Meeting) => ({
  state: m.state,
  sequence: m.sequence,
  proposed_by: m.proposedBy,
  slots: JSON.stringify(m.slots.map((s) => ({ start: s.start, minutes: s.minutes }))),
  mode: m.mode.kind,
  link: m.mode.kind === 'Online' ? m.mode.link : null,
  place: m.mode.kind === 'InPerson' ? m.mode.place : null,
  agenda: m.agenda,
  note: m.note,
  time_zone: m.timeZone,
  updated_at: m.updatedAt,
  answered_by: m.answeredBy,
  starts_at: m.state === 'Confirmed' || m.state === 'TookPlace' || m.state === 'DidNotTakePlace' ? (m.slots[0]?.start ?? null) : null,
  reminder_at: meetingReminderAt(m),
})

const sessionOf = (row: Selectable<MeetingSessionsTable>): StoredSession => ({
  id: Number(row.id),
  tandemId: tandemIdOf(Number(row.tandem_id)),
  meetingId: row.meeting_id === null ? null : meetingIdOf(Number(row.meeting_id)),
  startedAt: Number(row.started_at),
  minutes: Number(row.minutes),
  loggedBy: sideOf(row.logged_by),
  loggedByUser: row.logged_by_user === null ? null : userIdOf(Number(row.logged_by_user)),
  note: row.note,
  loggedAt: Number(row.logged_at),
  fromMeeting: row.meeting_id !== null,
})

export const createMeetingsRepository = (db: Database): MeetingsRepository => {
  const k = db.kysely
  return {
    add: async (meeting) => {
      const row = await db.first(
        k
          .insertInto('meetings')
          .values({ tandem_id: meeting.tandemId, created_at: meeting.createdAt, reminded_at: null, ...columnsOf(meeting) })
          .returning('id'),
      )
      if (row === undefined) throw new Error('the meeting was not written')
      return meetingIdOf(Number(row.id))
    },
    byId: async (id) => {
      const row = await db.first(forUpdate(db, k.selectFrom('meetings').selectAll().where('id', '=', id)))
      return row === undefined ? undefined : meetingOf(row)
    },
    save: async (id, before, after) => {
      const columns = columnsOf(after)
      const changed = await db.run(
        k
          .updateTable('meetings')
          .set({ ...columns, ...(columns.reminder_at === meetingReminderAt(before) ? {} : { reminded_at: null }) })
          .where('id', '=', id)
          .where('sequence', '=', before.sequence),
      )
      return changed === 1
    },
    ofTandems: async (tandemIds) =>
      tandemIds.length === 0
        ? []
        : (
            await db.all(
              k
                .selectFrom('meetings')
                .selectAll()
                .where('tandem_id', 'in', [...tandemIds])
                .orderBy('created_at', 'desc')
                .orderBy('id', 'desc'),
            )
          ).map(meetingOf),
    proposedSince: async (tandemId, since) => {
      const row = await db.first(
        k
          .selectFrom('meetings')
          .select((e) => e.fn.countAll<number>().as('n'))
          .where('tandem_id', '=', tandemId)
          .where('created_at', '>=', since),
      )
      return Number(row?.n ?? 0)
    },
    reminderCandidates: async (now) =>
      (
        await db.all(
          k
            .selectFrom('meetings')
            .selectAll()
            .where('reminded_at', 'is', null)
            .where('reminder_at', '<=', now)
            .orderBy('reminder_at')
            .orderBy('id'),
        )
      ).map(meetingOf),
    markReminded: async (id, reminderAt, now) =>
      (await db.run(
        k
          .updateTable('meetings')
          .set({ reminded_at: now })
          .where('id', '=', id)
          .where('reminded_at', 'is', null)
          .where('reminder_at', '=', reminderAt),
      )) === 1,
    addSession: async (session) => {
      if (session.meetingId !== null) {
        const taken = await db.first(k.selectFrom('meeting_sessions').select('id').where('meeting_id', '=', session.meetingId))
        if (taken !== undefined) return false
      }
      await db.run(
        k.insertInto('meeting_sessions').values({
          tandem_id: session.tandemId,
          meeting_id: session.meetingId,
          started_at: session.startedAt,
          minutes: session.minutes,
          logged_by: session.loggedBy,
          logged_by_user: session.loggedByUser,
          note: session.note,
          logged_at: session.loggedAt,
        }),
      )
      return true
    },
    sessionsOf: async (tandemIds) =>
      tandemIds.length === 0
        ? []
        : (
            await db.all(
              k
                .selectFrom('meeting_sessions')
                .selectAll()
                .where('tandem_id', 'in', [...tandemIds])
                .orderBy('started_at', 'desc')
                .orderBy('id', 'desc'),
            )
          ).map(sessionOf),
    figuresOf: async (tandemIds, now) => {
      const figures = new Map<TandemId, TeamMeetingFigures>()
      if (tandemIds.length === 0) return figures
      const ids = [...tandemIds]
      for (const id of ids) figures.set(id, { sessions: 0, lastSessionAt: null, nextMeetingAt: null })
      const sessions = await db.all(
        k
          .selectFrom('meeting_sessions')
          .select((e) => ['tandem_id', e.fn.countAll<number>().as('n'), e.fn.max('started_at').as('last')])
          .where('tandem_id', 'in', ids)
          .groupBy('tandem_id'),
      )
      for (const r of sessions) {
        const id = tandemIdOf(Number(r.tandem_id))
        figures.set(id, { sessions: Number(r.n), lastSessionAt: r.last === null ? null : Number(r.last), nextMeetingAt: null })
      }
      // The next agreed meeting: a live one (core's list) whose agreed start lies ahead; only agreed ones have a start.
      const next = await db.all(
        k
          .selectFrom('meetings')
          .select((e) => ['tandem_id', e.fn.min('starts_at').as('next')])
          .where('tandem_id', 'in', ids)
          .where('state', 'in', LIVE_STATES)
          .where('starts_at', '>', now)
          .groupBy('tandem_id'),
      )
      for (const r of next) {
        const id = tandemIdOf(Number(r.tandem_id))
        const was = figures.get(id) ?? { sessions: 0, lastSessionAt: null, nextMeetingAt: null }
        figures.set(id, { ...was, nextMeetingAt: r.next === null ? null : Number(r.next) })
      }
      return figures
    },
    timeZoneOf: async (userId) => {
      const row = await db.first(k.selectFrom('meeting_people').select('time_zone').where('user_id', '=', userId))
      return row?.time_zone ?? undefined
    },
    setTimeZone: async (userId, timeZone) => {
      await db.run(
        k
          .insertInto('meeting_people')
          .values({ user_id: userId, time_zone: timeZone, feed_token_hash: null, feed_created_at: null })
          .onConflict((oc) => oc.column('user_id').doUpdateSet({ time_zone: timeZone })),
      )
    },
    setFeedToken: async (userId, tokenHash, at) => {
      await db.run(
        k
          .insertInto('meeting_people')
          .values({ user_id: userId, time_zone: null, feed_token_hash: tokenHash, feed_created_at: at })
          .onConflict((oc) => oc.column('user_id').doUpdateSet({ feed_token_hash: tokenHash, feed_created_at: at })),
      )
    },
    userOfFeed: async (tokenHash) => {
      const row = await db.first(k.selectFrom('meeting_people').select('user_id').where('feed_token_hash', '=', tokenHash))
      return row === undefined ? undefined : userIdOf(Number(row.user_id))
    },
    eraseUser: async (userId, tandemIds) => {
      await db.transaction(async () => {
        await db.run(k.deleteFrom('meeting_people').where('user_id', '=', userId))
        await db.run(k.updateTable('meeting_sessions').set({ note: null, logged_by_user: null }).where('logged_by_user', '=', userId))
        if (tandemIds.length > 0) await db.run(k.deleteFrom('meetings').where('tandem_id', 'in', [...tandemIds]))
      })
    },
  }
}
