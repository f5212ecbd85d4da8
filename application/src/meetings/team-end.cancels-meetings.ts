// A team's end cancels its meetings not yet held (docs/mentorship.md#meetings), in the transaction
// that ends it: an agreed meeting's cancellation is mailed to the people still there, with the
// calendar file that removes it; an unanswered proposal goes quietly.
import { cancelMeetingOfEndedTeam, isLiveMeetingState, type Instant, type Tandem, type UserId } from '@tandem/core'
import { isLeft } from 'fp-ts/lib/Either.js'
import { mailBothSides, type MeetingMailPorts } from './meeting.mails.js'

export const cancelMeetingsOfEndedTeam = async (
  ports: MeetingMailPorts,
  tandem: Tandem,
  now: Instant,
  leaving: UserId | undefined,
): Promise<void> => {
  for (const stored of await ports.meetings.ofTandems([tandem.id])) {
    if (!isLiveMeetingState(stored.state)) continue
    const result = cancelMeetingOfEndedTeam(now)(stored)
    if (isLeft(result)) throw new Error(`the team's end could not cancel meeting ${stored.id}: ${result.left._tag}`)
    if (!(await ports.meetings.save(stored.id, stored, result.right.meeting))) throw new Error(`meeting ${stored.id} changed meanwhile`)
    if (stored.state === 'Confirmed')
      await mailBothSides(
        ports,
        tandem,
        { ...result.right.meeting, id: stored.id, remindedAt: stored.remindedAt },
        'MeetingCancelled',
        now,
        null,
        {
          leaving,
        },
      )
  }
}
