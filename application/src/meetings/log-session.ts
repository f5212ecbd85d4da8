// A side of a matched team logs a session arranged elsewhere (docs/mentorship.md#meetings): its
// start in the past year, 15 min–4 h, a plain-text note only its writer sees.
import { noteErrors, sessionErrors, validationFailed, type DomainError, type TandemId, type UserId } from '@tandem/core'
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js'
import type { Clock } from '../ports/clock.port.js'
import type { MeetingsRepository, MentorshipRepository, WorldStore } from '../ports/store/index.js'
import { answerMetBySessionOf } from './session.answers-met.js'
import { teamSideOf } from './meeting.team.js'

export const logSession =
  (ports: {
    readonly store: WorldStore
    readonly meetings: MeetingsRepository
    readonly mentorship: MentorshipRepository
    readonly clock: Clock
    readonly inOneTransaction: <T>(work: () => Promise<T>) => Promise<T>
  }) =>
  (userId: UserId, request: { readonly tandemId: TandemId; readonly startedAt: number; readonly minutes: number; readonly note: string }) =>
    ports.inOneTransaction(async (): Promise<Either<DomainError, true>> => {
      const now = ports.clock()
      const team = await teamSideOf(ports, userId, request.tandemId)
      if (isLeft(team)) return team
      const errors = [...sessionErrors(now, request), ...noteErrors(request.note)]
      if (errors.length > 0) return left(validationFailed(errors))
      await ports.meetings.addSession({
        tandemId: request.tandemId,
        meetingId: null,
        startedAt: request.startedAt,
        minutes: request.minutes,
        loggedBy: team.right.side,
        loggedByUser: userId,
        note: request.note.trim() === '' ? null : request.note,
        loggedAt: now,
        fromMeeting: false,
      })
      await answerMetBySessionOf(ports, team.right.tandem, now)
      return right(true as const)
    })
