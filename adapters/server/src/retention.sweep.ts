// The retention sweep (docs/privacy.md): the notice 30 days before, then the erasure of people whose
// retention period ran out (as an administrator's deletion does it), and the mail bodies and
// delivered mail files older than the period. Logs counts only, never whom.
import { readdir, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { monthsAfter, retentionStep, type UserId } from '@tandem/core'
import { prepareNotification, type OrganisationInfo } from '@tandem/mail'
import { insertOutboxRow, type Database } from '@tandem/store'
import { isRight } from 'fp-ts/lib/Either.js'
import { retentionFactsOf, underRetention, type RetentionSweepResult } from '@tandem/application'
import { eraseUser } from '@tandem/application'
import type { ServiceContext } from '@tandem/application'

export type RetentionSweepContext = ServiceContext & { readonly db: Database }

/** The outbox id in a delivered mail file's name (transport.eml: tandem-outbox-<id>@host). */
const OUTBOX_FILE = /^tandem-outbox-(\d+)_.*\.eml$/

const removeOldMailFiles = async (folder: string, kept: ReadonlySet<number>): Promise<number> => {
  let names: string[]
  try {
    names = await readdir(folder)
  } catch {
    return 0
  }
  let removed = 0
  for (const name of names) {
    const id = OUTBOX_FILE.exec(name)?.[1]
    // Files of mails older than the period, or of mails erased with their person.
    if (id === undefined || kept.has(Number(id))) continue
    await unlink(join(folder, name)).catch(() => undefined)
    removed += 1
  }
  return removed
}

export const sweepRetention = async (
  ctx: RetentionSweepContext,
  org: OrganisationInfo,
  mailFolder: string | null,
): Promise<RetentionSweepResult> => {
  const now = ctx.clock()
  const months = ctx.retentionMonths
  const notified: UserId[] = []
  const erased: UserId[] = []
  for (const person of (await ctx.retention.people()).filter(underRetention)) {
    const step = retentionStep(now, months, retentionFactsOf(person))
    if (step._tag === 'Notify') {
      const row = prepareNotification(
        { type: 'RETENTION_NOTICE', data: { firstName: person.firstName, erasureFrom: step.erasureFrom, months } },
        {
          recipient: { email: person.email, name: `${person.firstName} ${person.lastName}` },
          language: person.language,
          userId: person.id,
        },
        org,
        now,
      )
      if (!isRight(row)) continue
      // One notice, whatever the number of sweeps at once: the mark is conditional.
      const sent = await ctx.db.transaction(async () => {
        if (!(await ctx.retention.markNoticeSent(person.id, now))) return false
        await insertOutboxRow(ctx.db, row.right)
        return true
      })
      if (sent) notified.push(person.id)
    }
    if (step._tag === 'Erase') {
      // Read again just before: a sign-in or a new tandem since the list was read keeps the person.
      const current = await ctx.retention.person(person.id)
      if (current === undefined || retentionStep(now, months, retentionFactsOf(current))._tag !== 'Erase') continue
      await ctx.deleteIdentity(person.issuer, person.subject)
      const gone = await eraseUser(ctx, person.id, {
        recordDeletion: async () => await ctx.deletedSubjects.record(person.issuer, person.subject, now),
      })
      // the mail files to or about the person go as in any deletion (docs/privacy.md)
      if (isRight(gone)) await ctx.eraseMailFiles(gone.right?.outboxIds ?? [], person.email)
      erased.push(person.id)
    }
  }
  const cutoff = monthsAfter(now, -months)
  const scrubbedMails = await ctx.retention.scrubOutboxBefore(cutoff)
  await ctx.audit.removeOlderThan(cutoff)
  const removedMailFiles = mailFolder === null ? 0 : await removeOldMailFiles(mailFolder, await ctx.retention.outboxIdsSince(cutoff))
  if (notified.length + erased.length + scrubbedMails + removedMailFiles > 0)
    ctx.logger.info(
      { notified: notified.length, erased: erased.length, scrubbedMails, removedMailFiles },
      'retention sweep: notices sent, people erased, old mails cleared',
    )
  return { notified, erased, scrubbedMails, removedMailFiles }
}
