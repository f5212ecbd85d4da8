// A side of a matched team proposes a meeting (docs/mentorship.md#meetings): the core checks the
// proposal; the meeting and both mails are written in one transaction. Proposals are limited per
// team (MEETING_PROPOSALS_PER_DAY in a day), so neither side can flood the other's mailbox.
import {
  DAY,
  proposeMeeting as propose,
  type DomainError,
  type MeetingId,
  type MeetingProposal,
  type TandemId,
  type UserId,
} from '@tandem/core'
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js'
import type { Clock } from '../ports/clock.port.js'
import { mailBothSides, timeZoneOfPerson, type MeetingMailPorts } from './meeting.mails.js'
import { teamSideOf } from './meeting.team.js'

/** How many meetings one team may propose within a day. */
export const MEETING_PROPOSALS_PER_DAY = 10

export const proposeMeeting =
  (ports: MeetingMailPorts & { readonly clock: Clock; readonly inOneTransaction: <T>(work: () => Promise<T>) => Promise<T> }) =>
  (userId: UserId, request: { readonly tandemId: TandemId; readonly proposal: Either<DomainError, MeetingProposal> }) =>
    ports.inOneTransaction(async (): Promise<Either<DomainError, MeetingId>> => {
      const now = ports.clock()
      const team = await teamSideOf(ports, userId, request.tandemId)
      if (isLeft(team)) return team
      if (isLeft(request.proposal)) return request.proposal
      if ((await ports.meetings.proposedSince(request.tandemId, now - DAY)) >= MEETING_PROPOSALS_PER_DAY)
        return left({ _tag: 'MeetingProposalsLimited' })
      const made = propose(now, {
        tandemId: request.tandemId,
        by: team.right.side,
        proposal: request.proposal.right,
        timeZone: await timeZoneOfPerson(ports, userId),
      })
      if (isLeft(made)) return made
      const id = await ports.meetings.add(made.right)
      await mailBothSides(ports, team.right.tandem, { ...made.right, id, remindedAt: null }, 'MeetingProposed', now, team.right.side)
      return right(id)
    })
