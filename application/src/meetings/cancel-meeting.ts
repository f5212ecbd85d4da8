// Either side cancels a meeting that has not taken place, with a note; both calendars remove it
// (docs/mentorship.md#meetings).
import { cancelMeeting as cancel, type MeetingId, type UserId } from '@tandem/core'
import { changeMeeting, type ChangeMeetingPorts } from './change-meeting.js'

export const cancelMeeting = (ports: ChangeMeetingPorts) => (userId: UserId, meetingId: MeetingId, note: string) =>
  changeMeeting(ports)(
    userId,
    meetingId,
    ({ side, now }) => cancel(now, { by: side, note }),
    async () => '',
  )
