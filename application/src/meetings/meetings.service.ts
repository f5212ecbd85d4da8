// The Services port's meeting calls (docs/api.md#meetings), built from the use cases of this folder
// with the ports each asks for. Every change answers the caller's meetings as they are after it.
import { meetingProposalOf, slotsOfWire, type DomainError, type MyMeetingsWire, type UserId } from '@tandem/core'
import { isLeft, right, type Either } from 'fp-ts/lib/Either.js'
import type { MeetingsService } from '../ports/services.port.js'
import { userById, type ServiceContext } from '../context.js'
import { answerTookPlace } from './answer-took-place.js'
import { askOtherTimes } from './ask-other-times.js'
import { calendarFeed, renewCalendarFeed } from './calendar-feed.js'
import { cancelMeeting } from './cancel-meeting.js'
import { logSession } from './log-session.js'
import { moveMeeting } from './move-meeting.js'
import { myMeetings } from './my-meetings.js'
import { pickSlot } from './pick-slot.js'
import { proposeMeeting } from './propose-meeting.js'
import { setTimeZone } from './time-zone.js'

export type MeetingsServicePorts = Pick<
  ServiceContext,
  | 'calendarFeed'
  | 'clock'
  | 'inOneTransaction'
  | 'meetingMails'
  | 'meetings'
  | 'mentorship'
  | 'outbox'
  | 'publicUrl'
  | 'store'
  | 'timeZone'
  | 'users'
>

export const meetingsService = (ctx: MeetingsServicePorts): MeetingsService => {
  const mine = myMeetings(ctx)
  /** Runs `work` as the caller's user, then answers their meetings. */
  const asCaller =
    <A>(work: (userId: UserId, body: A) => Promise<Either<DomainError, unknown>>) =>
    async (actor: { readonly userId: UserId | null }, body: A): Promise<Either<DomainError, MyMeetingsWire>> => {
      const me = await userById(ctx, actor.userId)
      if (isLeft(me)) return me
      const done = await work(me.right.id, body)
      return isLeft(done) ? done : right(await mine(me.right.id))
    }
  return {
    propose: asCaller((userId, body) =>
      proposeMeeting(ctx)(userId, { tandemId: body.matchingTandemId, proposal: meetingProposalOf(body) }),
    ),
    pickSlot: asCaller((userId, body) => pickSlot(ctx)(userId, body.meetingId, Date.parse(body.start))),
    askOtherTimes: asCaller((userId, body) => askOtherTimes(ctx)(userId, body.meetingId, body.note)),
    move: asCaller((userId, body) => moveMeeting(ctx)(userId, body.meetingId, slotsOfWire(body.slots), body.note)),
    cancel: asCaller((userId, body) => cancelMeeting(ctx)(userId, body.meetingId, body.note)),
    answerTookPlace: asCaller((userId, body) => answerTookPlace(ctx)(userId, body.meetingId, body.tookPlace)),
    logSession: asCaller((userId, body) =>
      logSession(ctx)(userId, {
        tandemId: body.matchingTandemId,
        startedAt: Date.parse(body.startedAt),
        minutes: body.minutes,
        note: body.note,
      }),
    ),
    mine: (actor) => asCaller(async () => right(undefined))(actor, undefined),
    setTimeZone: (actor, timeZone) => asCaller((userId, zone: string) => setTimeZone(ctx)(userId, zone))(actor, timeZone),
    renewCalendarFeed: async (actor) => {
      const me = await userById(ctx, actor.userId)
      return isLeft(me) ? me : right(await renewCalendarFeed(ctx)(me.right.id))
    },
    calendarFeed: (token) => calendarFeed(ctx)(token),
  }
}
