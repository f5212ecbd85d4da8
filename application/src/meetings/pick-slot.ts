// The side that did not propose picks one offered slot: the meeting is confirmed (docs/mentorship.md#meetings).
import { pickSlot as pick, type MeetingId, type UserId } from '@tandem/core'
import { changeMeeting, type ChangeMeetingPorts } from './change-meeting.js'

export const pickSlot = (ports: ChangeMeetingPorts) => (userId: UserId, meetingId: MeetingId, start: number) =>
  changeMeeting(ports)(
    userId,
    meetingId,
    ({ side, now }) => pick(now, { by: side, start }),
    async () => '',
  )
