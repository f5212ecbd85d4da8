// @tandem/application: Tandem's use cases over the core, and the ports they need (ports/): the
// Services port the HTTP adapter calls, the store port (@tandem/store implements it), the clock and
// the cohort runner (the server's worker threads implement it). It imports the core and no adapter;
// the server wires the adapters into it (core ← application ← adapters ← server).
export type * from './ports/store/index.js'
export type * from './ports/services.port.js'
export type { Clock } from './ports/clock.port.js'
export * from './ports/cohort-runner.port.js'
export * from './ports/preview-runner.port.js'
export { createServices, type ServiceExtras } from './services.js'
export { clearInterruptedRuns, INTERRUPTED_RUN_AFTER, runMatching } from './matching/matching.run.js'
export { serveWaitlist, type WaitlistRound } from './matching/waitlist.run.js'
export { createMentorPoolCache, type MentorPoolCache } from './matching/mentor-pool.cache.js'
export { createActiveQuestionnaire, type ActiveQuestionnaire } from './questionnaire/questionnaire.active.js'
export { failInterruptedPreviews } from './questionnaire/questionnaire.versions.service.js'
export type { ServiceContext, MasterData, Logger, IdentityAccount } from './context.js'
export { isDeletedPlaceholder, withoutNames, eraseUser, DELETED_USER } from './account/account.erasure.js'
export { underRetention, retentionFactsOf, type RetentionSweepResult } from './account/retention.js'
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
