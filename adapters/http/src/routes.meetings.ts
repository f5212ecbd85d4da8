// Meetings of matched teams (docs/api.md#meetings): propose, pick a slot, ask for other times, move,
// cancel, "did it take place?", log a session, the caller's meetings, their time zone and their
// calendar feed (a secret address answered once; the feed itself needs no sign-in, its token is the
// key). Refusals: 400 bad input (field and rule), 403 not the caller's team, 404 unknown meeting or
// feed, 409 a move the meeting's state does not allow or an ended team, 429 too many proposals.
import {
  AnswerTookPlacePayload,
  CalendarFeedQuery,
  LogSessionPayload,
  MeetingNotePayload,
  MoveMeetingPayload,
  MyMeetingsQuery,
  PickSlotPayload,
  ProposeMeetingPayload,
  RenewCalendarFeedPayload,
  SetTimeZonePayload,
} from '@tandem/core'
import { isLeft } from 'fp-ts/lib/Either.js'
import { answer, defineRoute, type Route } from './route.js'
import type { Services } from '@tandem/application/ports'

/** Calendar programs poll; a quarter hour keeps them from asking every minute while changes still arrive the same hour. */
export const CALENDAR_FEED_CACHE = 'private, max-age=900'

export const meetingRoutes = (s: Services): readonly Route[] => [
  defineRoute({
    method: 'GET',
    path: '/api/Meeting/GetMyMeetings',
    policy: 'self',
    summary: "the caller's meetings and sessions per running team, with their own and the partner's time zone",
    query: MyMeetingsQuery,
    owner: (q) => [q.email],
    handle: async ({ actor }) => answer(await s.meetings.mine(actor)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Meeting/ProposeMeeting',
    policy: 'self',
    summary: 'propose a meeting to the partner of a MATCHED team: 1–3 slots, a link or a place, an agenda; both get a mail',
    body: ProposeMeetingPayload,
    owner: (_q, b) => [b.email],
    handle: async ({ actor, body }) => answer(await s.meetings.propose(actor, body)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Meeting/PickSlot',
    policy: 'self',
    summary: "pick one slot of the partner's proposal: the meeting is confirmed and both get a calendar file",
    body: PickSlotPayload,
    owner: (_q, b) => [b.email],
    handle: async ({ actor, body }) => answer(await s.meetings.pickSlot(actor, body)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Meeting/AskOtherTimes',
    policy: 'self',
    summary: 'ask the partner for other times than the ones proposed, with a note',
    body: MeetingNotePayload,
    owner: (_q, b) => [b.email],
    handle: async ({ actor, body }) => answer(await s.meetings.askOtherTimes(actor, body)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Meeting/MoveMeeting',
    policy: 'self',
    summary: 'move a meeting: a confirmed one to one new time, an unanswered one to new slots; both calendars update',
    body: MoveMeetingPayload,
    owner: (_q, b) => [b.email],
    handle: async ({ actor, body }) => answer(await s.meetings.move(actor, body)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Meeting/CancelMeeting',
    policy: 'self',
    summary: 'cancel a meeting that has not taken place, with a note; both calendars remove it',
    body: MeetingNotePayload,
    owner: (_q, b) => [b.email],
    handle: async ({ actor, body }) => answer(await s.meetings.cancel(actor, body)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Meeting/AnswerTookPlace',
    policy: 'self',
    summary: 'after a confirmed meeting ended: did it take place? The first answer counts; yes logs the session',
    body: AnswerTookPlacePayload,
    owner: (_q, b) => [b.email],
    handle: async ({ actor, body }) => answer(await s.meetings.answerTookPlace(actor, body)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Meeting/LogSession',
    policy: 'self',
    summary: 'log a session of a MATCHED team arranged elsewhere (start in the past year, 15 min–4 h, a note only the caller sees)',
    body: LogSessionPayload,
    owner: (_q, b) => [b.email],
    handle: async ({ actor, body }) => answer(await s.meetings.logSession(actor, body)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Meeting/SetTimeZone',
    policy: 'self',
    summary: "set the caller's time zone (an IANA name; the organisation's until set)",
    body: SetTimeZonePayload,
    owner: (_q, b) => [b.email],
    handle: async ({ actor, body }) => answer(await s.meetings.setTimeZone(actor, body.timeZone)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Meeting/RenewCalendarFeed',
    policy: 'self',
    summary: "a new secret address of the caller's calendar feed, shown this once; the previous address stops answering",
    body: RenewCalendarFeedPayload,
    owner: (_q, b) => [b.email],
    handle: async ({ actor }) => answer(await s.meetings.renewCalendarFeed(actor)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Meeting/CalendarFeed',
    policy: 'anonymous',
    limit: 'mailLink',
    summary: "a person's meetings as an iCalendar feed (text/calendar) for their calendar program; the secret token is the key",
    query: CalendarFeedQuery,
    produces: 'calendar',
    handle: async ({ query }) => {
      const feed = await s.meetings.calendarFeed(query.token)
      return isLeft(feed)
        ? answer(feed)
        : {
            kind: 'bytes',
            status: 200,
            contentType: 'text/calendar; charset=utf-8',
            bytes: Buffer.from(feed.right, 'utf8'),
            cacheControl: CALENDAR_FEED_CACHE,
          }
    },
  }),
]
