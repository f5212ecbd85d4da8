// Either side moves a meeting: a confirmed one to one new time, an unanswered one to new slots;
// the mover's time zone goes into the calendar file (docs/mentorship.md#meetings).
import { moveMeeting as move, type MeetingId, type Slot, type UserId } from '@tandem/core'
import { changeMeeting, type ChangeMeetingPorts } from './change-meeting.js'
import { timeZoneOfPerson } from './meeting.mails.js'

export const moveMeeting = (ports: ChangeMeetingPorts) => (userId: UserId, meetingId: MeetingId, slots: readonly Slot[], note: string) =>
  changeMeeting(ports)(
    userId,
    meetingId,
    ({ side, now, timeZone }) => move(now, { by: side, slots, note, timeZone }),
    () => timeZoneOfPerson(ports, userId),
  )
