// The retention sweep (docs/privacy.md): the notice 30 days before, then the erasure of people whose
// retention period ran out (as an administrator's deletion does it), and the mail bodies and
// delivered mail files older than the period. Logs counts only, never whom.
import { monthsAfter, retentionStep, type UserId } from '@tandem/core'
import { isRight } from 'fp-ts/lib/Either.js'
import type { ServiceContext } from '../context.js'
import type { RetentionNoticeMailer } from '../ports/mail.port.js'
import { eraseUser, type ErasurePorts } from './account.erasure.js'
import { retentionFactsOf, underRetention, type RetentionSweepResult } from './retention.js'

export type RetentionSweepPorts = ErasurePorts &
  Pick<
    ServiceContext,
    | 'clock'
    | 'retentionMonths'
    | 'retention'
    | 'inOneTransaction'
    | 'outbox'
    | 'deleteIdentity'
    | 'deletedSubjects'
    | 'eraseMailFiles'
    | 'audit'
    | 'logger'
  > & {
    readonly retentionNotices: RetentionNoticeMailer
    /**
     * Removes the delivered mail files of every outbox row but the `kept` ones, answering how many;
     * null when mail goes out over SMTP and no files are kept.
     */
    readonly removeMailFilesExcept: ((kept: ReadonlySet<number>) => Promise<number>) | null
  }

export const sweepRetention = async (ports: RetentionSweepPorts): Promise<RetentionSweepResult> => {
  const now = ports.clock()
  const months = ports.retentionMonths
  const notified: UserId[] = []
  const erased: UserId[] = []
  for (const person of (await ports.retention.people()).filter(underRetention)) {
    const step = retentionStep(now, months, retentionFactsOf(person))
    if (step._tag === 'Notify') {
      const row = ports.retentionNotices(person, { erasureFrom: step.erasureFrom, months }, now)
      if (row === undefined) continue
      // One notice, whatever the number of sweeps at once: the mark is conditional.
      const sent = await ports.inOneTransaction(async () => {
        if (!(await ports.retention.markNoticeSent(person.id, now))) return false
        await ports.outbox.enqueue(row)
        return true
      })
      if (sent) notified.push(person.id)
    }
    if (step._tag === 'Erase') {
      // Read again just before: a sign-in or a new tandem since the list was read keeps the person.
      const current = await ports.retention.person(person.id)
      if (current === undefined || retentionStep(now, months, retentionFactsOf(current))._tag !== 'Erase') continue
      await ports.deleteIdentity(person.issuer, person.subject)
      const gone = await eraseUser(ports, person.id, {
        recordDeletion: async () => await ports.deletedSubjects.record(person.issuer, person.subject, now),
      })
      // the mail files to or about the person go as in any deletion (docs/privacy.md)
      if (isRight(gone)) await ports.eraseMailFiles(gone.right?.outboxIds ?? [], person.email)
      erased.push(person.id)
    }
  }
  const cutoff = monthsAfter(now, -months)
  const scrubbedMails = await ports.retention.scrubOutboxBefore(cutoff)
  await ports.audit.removeOlderThan(cutoff)
  const removedMailFiles =
    ports.removeMailFilesExcept === null ? 0 : await ports.removeMailFilesExcept(await ports.retention.outboxIdsSince(cutoff))
  if (notified.length + erased.length + scrubbedMails + removedMailFiles > 0)
    ports.logger.info(
      { notified: notified.length, erased: erased.length, scrubbedMails, removedMailFiles },
      'retention sweep: notices sent, people erased, old mails cleared',
    )
  return { notified, erased, scrubbedMails, removedMailFiles }
}
