// The one runner of every change to an existing meeting (docs/mentorship.md#meetings): load it
// locked, check that the caller is a side of its MATCHED team, apply the core's transition, write
// it conditionally on its sequence, log the session a "yes" makes, and write both mails, all in one
// transaction. A refusal writes nothing.
import {
  notFound,
  type DomainError,
  type Instant,
  type MeetingId,
  type Meeting,
  type MeetingResult,
  type Side,
  type UserId,
} from '@tandem/core'
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js'
import type { Clock } from '../ports/clock.port.js'
import type { MentorshipRepository, StoredMeeting } from '../ports/store/index.js'
import { answerMetBySessionOf } from './session.answers-met.js'
import { mailBothSides, type MeetingMailPorts } from './meeting.mails.js'
import { teamSideOf } from './meeting.team.js'

export type ChangeMeetingPorts = MeetingMailPorts & {
  readonly mentorship: MentorshipRepository
  readonly clock: Clock
  readonly inOneTransaction: <T>(work: () => Promise<T>) => Promise<T>
}

/** The transition a command makes, given the caller's side, now and the caller's time zone. */
export type MeetingCommand = (input: {
  readonly side: Side
  readonly now: Instant
  readonly timeZone: string
}) => (meeting: Meeting) => MeetingResult

export const changeMeeting =
  (ports: ChangeMeetingPorts) => (userId: UserId, meetingId: MeetingId, command: MeetingCommand, timeZone: () => Promise<string>) =>
    ports.inOneTransaction(async (): Promise<Either<DomainError, StoredMeeting>> => {
      const now = ports.clock()
      const stored = await ports.meetings.byId(meetingId)
      if (stored === undefined) return left(notFound('Meeting'))
      const team = await teamSideOf(ports, userId, stored.tandemId)
      if (isLeft(team)) return team.left._tag === 'NotFound' ? left(notFound('Meeting')) : team
      const result = command({ side: team.right.side, now, timeZone: await timeZone() })(stored)
      if (isLeft(result)) return result
      const { meeting, change, session } = result.right
      if (!(await ports.meetings.save(meetingId, stored, meeting)))
        return left({ _tag: 'InvalidTransition', from: stored.state, event: 'Changed' })
      const after: StoredMeeting = { ...meeting, id: meetingId, remindedAt: stored.remindedAt }
      if (session !== null && (await ports.meetings.addSession({ ...session, meetingId, loggedByUser: userId, note: null, loggedAt: now })))
        await answerMetBySessionOf(ports, team.right.tandem, now)
      // "Did it take place?" changes nothing in the calendars: no mail.
      if (change._tag !== 'MeetingAnswered') await mailBothSides(ports, team.right.tandem, after, change._tag, now, team.right.side)
      return right(after)
    })
