// The periodic tasks the scheduler runs (under leases, one instance at a time per task): the sweeps
// of the application with the mail adapter's mailers, the pool snapshot, mail delivery from the
// outbox, the waitlist's round and the interrupted runs.
import {
  clearInterruptedRuns,
  failInterruptedPreviews,
  serveWaitlist,
  sweepCheckIns,
  sweepDeadlines,
  sweepMeetingReminders,
  sweepReminders,
  sweepRetention,
  type ServiceContext,
} from '@tandem/application'
import { DAY } from '@tandem/core'
import { createDeliveryWorker, type DeliveryWorker, type MailTransport, type OrganisationInfo } from '@tandem/mail'
import { join } from 'node:path'
import type { Config } from '../config.js'
import { MAIL_FOLDER } from '../data-folder.js'
import { reminderMailer } from '../reminders.mailer.js'
import { removeMailFilesExcept, retentionNoticeMailer } from '../retention.mail.js'
import type { RetentionSweepResult, WaitlistRound } from '@tandem/application'
import type { MailLog } from './mail.wiring.js'

/** The tasks of a server, each run by the scheduler (main.ts) and by tests directly. */
export type ServerTasks = {
  /** Applies every passed deadline; answers how many tandems expired. */
  readonly sweep: () => Promise<number>
  /** Records today's pool (available mentors, waiting mentees) for the statistics' pool balance. */
  readonly snapshotPool: () => Promise<void>
  /** Writes due reminders to the outbox; answers how many. */
  readonly sweepReminders: () => Promise<number>
  /** Sends the due check-in questions and reminders of matched and ended teams; answers how many mails. */
  readonly sweepCheckIns: () => Promise<number>
  /** Writes the reminders of meetings a day ahead (once each, whatever the instances); answers how many mails. */
  readonly sweepMeetingReminders: () => Promise<number>
  /** Retention notices, erasures and old mails (docs/privacy.md). */
  readonly sweepRetention: () => Promise<RetentionSweepResult>
  /** One round of mail delivery from the outbox. */
  readonly deliverMail: () => Promise<void>
  /**
   * The waitlist's round (docs/matching.md#waitlist): when a command opened a place, runs matching
   * for the waiting mentees who now have a candidate, longest waiting first; each run writes its mail.
   */
  readonly serveWaitlist: () => Promise<WaitlistRound>
  /**
   * Clears matching runs left PENDING longer than any run takes, and fails questionnaire previews
   * whose instance stopped writing their progress (an instance stopped mid-run); how many in all.
   */
  readonly sweepInterruptedRuns: () => Promise<number>
}

export const wireTasks = (
  config: Config,
  ctx: ServiceContext,
  mail: { readonly org: OrganisationInfo; readonly transport: MailTransport; readonly mailLog: MailLog },
  instance: string,
): ServerTasks => {
  const { org, transport, mailLog } = mail
  const { clock } = ctx
  const worker: DeliveryWorker = createDeliveryWorker({
    outbox: ctx.outbox,
    transport,
    now: clock,
    org,
    worker: instance,
    log: mailLog,
    leaseMs: config.mailLeaseMs,
  })
  return {
    sweep: () => sweepDeadlines(ctx),
    snapshotPool: async () => await ctx.statistics.recordPoolSnapshot(Math.floor(clock() / DAY) * DAY),
    sweepReminders: () => sweepReminders({ ...ctx, reminderMails: reminderMailer(org) }),
    sweepCheckIns: () => sweepCheckIns(ctx),
    sweepMeetingReminders: () => sweepMeetingReminders(ctx)(),
    // Mail files live in the data folder only without SMTP (the .eml transport).
    sweepRetention: () =>
      sweepRetention({
        ...ctx,
        retentionNotices: retentionNoticeMailer(org),
        removeMailFilesExcept: config.smtpUrl === null ? removeMailFilesExcept(join(config.dataDir, MAIL_FOLDER)) : null,
      }),
    deliverMail: async () => {
      await worker.runOnce()
    },
    sweepInterruptedRuns: async () => (await clearInterruptedRuns(ctx, 'stale')) + (await failInterruptedPreviews(ctx, false)),
    serveWaitlist: () => serveWaitlist(ctx),
  }
}
