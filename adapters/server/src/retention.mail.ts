// The retention sweep's mail (docs/privacy.md): the notice 30 days before an erasure in the mail
// adapter's template, and the removal of delivered mail files older than the retention period.
import { readdir, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import type { RetentionNoticeMailer } from '@tandem/application'
import { prepareNotification, type OrganisationInfo } from '@tandem/mail'
import { isRight } from 'fp-ts/lib/Either.js'

export const retentionNoticeMailer =
  (org: OrganisationInfo): RetentionNoticeMailer =>
  (person, { erasureFrom, months }, now) => {
    const row = prepareNotification(
      { type: 'RETENTION_NOTICE', data: { firstName: person.firstName, erasureFrom, months } },
      {
        recipient: { email: person.email, name: `${person.firstName} ${person.lastName}` },
        language: person.language,
        userId: person.id,
      },
      org,
      now,
    )
    return isRight(row) ? row.right : undefined
  }

/** The outbox id in a delivered mail file's name (transport.eml: tandem-outbox-<id>@host). */
const OUTBOX_FILE = /^tandem-outbox-(\d+)_.*\.eml$/

/** Removes the mail files in `folder` of every outbox row but the kept ones; answers how many. */
export const removeMailFilesExcept =
  (folder: string) =>
  async (kept: ReadonlySet<number>): Promise<number> => {
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
