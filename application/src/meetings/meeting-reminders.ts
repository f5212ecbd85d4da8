// The reminder a day before a confirmed meeting (docs/mentorship.md#meetings), sent by the scheduled
// sweep through the outbox: each candidate is claimed by a conditional update in the transaction
// that writes its mails, so it goes out once across restarts and instances.
import { isMeetingReminderDue, meetingReminderAt } from '@tandem/core'
import type { Clock } from '../ports/clock.port.js'
import type { Logger } from '../context.js'
import { mailBothSides, type MeetingMailPorts } from './meeting.mails.js'

export const sweepMeetingReminders =
  (
    ports: MeetingMailPorts & {
      readonly clock: Clock
      readonly inOneTransaction: <T>(work: () => Promise<T>) => Promise<T>
      readonly logger: Logger
    },
  ) =>
  async (): Promise<number> => {
    const now = ports.clock()
    let mails = 0
    for (const candidate of await ports.meetings.reminderCandidates(now)) {
      try {
        mails += await ports.inOneTransaction(async () => {
          const meeting = await ports.meetings.byId(candidate.id)
          const at = meeting === undefined ? null : meetingReminderAt(meeting)
          if (meeting === undefined || at === null) return 0
          // Claimed first: a second sweep (here or on another instance) finds it taken and sends nothing.
          if (!(await ports.meetings.markReminded(meeting.id, at, now))) return 0
          // Past its start (the server was down): marked, never sent late.
          if (!isMeetingReminderDue(meeting, now)) return 0
          const tandem = (await ports.store.load({ userIds: [], tandemIds: [meeting.tandemId] })).tandems.get(meeting.tandemId)
          if (tandem === undefined || tandem.state !== 'MATCHED') return 0
          return mailBothSides(ports, tandem, meeting, 'MeetingReminder', now, null)
        })
      } catch (e) {
        ports.logger.warn({ meetingId: candidate.id, err: e instanceof Error ? e.message : String(e) }, 'meeting reminder skipped')
      }
    }
    return mails
  }
