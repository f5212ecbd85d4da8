// The side that did not propose asks for other times, with a note (docs/mentorship.md#meetings).
import { askOtherTimes as ask, type MeetingId, type UserId } from '@tandem/core'
import { changeMeeting, type ChangeMeetingPorts } from './change-meeting.js'

export const askOtherTimes = (ports: ChangeMeetingPorts) => (userId: UserId, meetingId: MeetingId, note: string) =>
  changeMeeting(ports)(
    userId,
    meetingId,
    ({ side, now }) => ask(now, { by: side, note }),
    async () => '',
  )
