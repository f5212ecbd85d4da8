// @tandem/application: Tandem's use cases over the core, and the ports they need (ports/): the
// Services port the HTTP adapter calls, the store port (@tandem/store implements it), the clock and
// the cohort runner (the server's worker threads implement it). It imports the core and no adapter;
// the server wires the adapters into it (core ← application ← adapters ← server).

// The ports (ports/index.ts): what the adapters implement and call. Adapters import them from their
// own entry, `@tandem/application/ports`; this entry, with the use cases, is the composition root's
// (.dependency-cruiser.cjs: adapters-import-only-ports).
export * from './ports/index.js'

// The use cases and the composed services the composition root wires.
export { createServices, type ServiceExtras } from './services.js'
export { clearInterruptedRuns, INTERRUPTED_RUN_AFTER, runMatching } from './matching/matching.run.js'
export { serveWaitlist, type WaitlistRound } from './matching/waitlist.run.js'
export { createMentorPoolCache, type MentorPoolCache } from './matching/mentor-pool.cache.js'
export { createActiveQuestionnaire, type ActiveQuestionnaire } from './questionnaire/questionnaire.active.js'
export { failInterruptedPreviews } from './questionnaire/questionnaire.versions.service.js'
export type { ServiceContext, MasterData, Logger, IdentityAccount } from './context.js'
export { isDeletedPlaceholder, withoutNames, eraseUser, DELETED_USER } from './account/account.erasure.js'
export { underRetention, retentionFactsOf, type RetentionSweepResult } from './account/retention.js'
export { sweepRetention, type RetentionSweepPorts } from './account/retention.sweep.js'
export { sweepDeadlines, type DeadlineSweepPorts } from './matching/deadlines.sweep.js'
export { sweepReminders, type ReminderSweepPorts } from './notifications/reminders.sweep.js'
export { notifyUser, type AdminNotificationPorts } from './notifications/admin-notification.js'
export { expireDownloads } from './personal-data/personal-data.jobs.js'
export { withoutPersonalData, mailFailureWithoutPersonalData } from './log.scrub.js'
export { tandemDataSpreadsheet, userDataSpreadsheet, HEADERS, SHEETS, SIDE_LABEL } from './exports/index.js'
export {
  sweepCheckIns,
  withMentorshipEnd,
  openCheckInsOf,
  answerOwnCheckIn,
  answerCheckInByLink,
  checkInOfLink,
  hashToken,
  type OpenCheckIn,
  type CheckInContext,
} from './mentorship/checkins.js'
export { sweepMeetingReminders } from './meetings/meeting-reminders.js'
export { MEETING_PROPOSALS_PER_DAY } from './meetings/propose-meeting.js'
