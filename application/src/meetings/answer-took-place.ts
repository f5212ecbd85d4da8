// After a confirmed meeting's end either side answers "did it take place?"; the first answer
// counts, and a "yes" logs the session (docs/mentorship.md#meetings).
import { answerTookPlace as answer, type MeetingId, type UserId } from '@tandem/core'
import { changeMeeting, type ChangeMeetingPorts } from './change-meeting.js'

export const answerTookPlace = (ports: ChangeMeetingPorts) => (userId: UserId, meetingId: MeetingId, tookPlace: boolean) =>
  changeMeeting(ports)(
    userId,
    meetingId,
    ({ side, now }) => answer(now, { by: side, tookPlace }),
    async () => '',
  )
