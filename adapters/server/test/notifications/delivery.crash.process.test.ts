// No committed notification is lost to a crash: main.ts as a real process is killed (SIGKILL) in
// the middle of delivering a batch, another is started on the same data folder, and every outbox
// row ends delivered: to .eml files exactly once, over SMTP at least once, a duplicate carrying the
// Message-ID of its outbox row so receivers can recognise it.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createOutboxRepository, type Database } from '@tandem/store'
import { simpleParser } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { headerText, startTestSmtp, type TestSmtp } from '../../../mail/test/support/smtp.server.js'
import { openDatabaseOf } from '../support/database.under-test.js'
import { expectOk, startHarness } from '../support/harness.js'
import { killed, mainProcesses, waitFor } from '../support/main-process.js'

const MESSAGES = 40
const processes = mainProcesses()
let smtp: TestSmtp
beforeAll(async () => {
  smtp = await startTestSmtp()
})
afterAll(async () => {
  processes.killAll()
  await smtp.stop()
})

/** A data folder whose outbox holds MESSAGES committed, undelivered admin messages (through HTTP). */
const folderWithQueuedMail = async (): Promise<string> => {
  const dir = mkdtempSync(join(tmpdir(), 'tandem-crash-'))
  const h = await startHarness({ dataDir: dir })
  const people = [h.person('Ann'), h.person('Ben'), h.person('Cem'), h.person('Dora')]
  for (const p of people) expectOk(await h.signUp(p, 'Mentor'), 'sign-up')
  for (let n = 0; n < MESSAGES; n += 1) {
    const p = people[n % people.length]
    if (p === undefined) throw new Error('no person')
    expectOk(
      await h.call(h.admin, 'POST', '/api/Notification/NotifyUser', {
        email: p.email,
        notificationType: 'ADMIN_MESSAGE',
        matchingTandemId: null,
        subject: `Message ${n}`,
        body: 'Hello.',
      }),
      'notify',
    )
  }
  expect((await h.server.ctx.outbox.all()).filter((m) => m.status === 'pending')).toHaveLength(MESSAGES)
  await h.close()
  return dir
}

const settled = (db: Database) => async () =>
  (await createOutboxRepository(db).all()).every((m) => m.status === 'sent' || m.status === 'failed')

describe('kill -9 during mail delivery', () => {
  it('.eml: every committed notification is written exactly once, the interrupted ones by the next process', async () => {
    const dir = await folderWithQueuedMail()
    const mailDir = join(dir, 'mail')
    const emlFiles = () => {
      try {
        return readdirSync(mailDir).filter((f) => f.endsWith('.eml'))
      } catch {
        return []
      }
    }
    const db = await openDatabaseOf(dir)
    const outbox = createOutboxRepository(db)
    const env = { MAIL_INTERVAL_MS: '50', MAIL_LEASE_MS: '1500' }
    try {
      const first = await processes.start(dir, env)
      await waitFor('the first .eml file', () => emlFiles().length > 0, 60_000, 1)
      await killed(first)
      // The kill landed mid-delivery: some rows are still waiting or held by the dead process.
      expect((await outbox.all()).filter((m) => m.status === 'sent').length).toBeLessThan(MESSAGES)

      const second = await processes.start(dir, env)
      await waitFor('every notification settled', settled(db))
      await killed(second)

      const rows = await outbox.all()
      expect(rows.map((m) => m.status)).toEqual(rows.map(() => 'sent'))
      const files = emlFiles().sort()
      expect(files).toEqual(rows.map((m) => `tandem-outbox-${m.id}_localhost.eml`).sort())
      for (const row of rows) {
        const mail = await simpleParser(readFileSync(join(mailDir, `tandem-outbox-${row.id}_localhost.eml`)))
        expect([mail.messageId, mail.subject]).toEqual([`<tandem-outbox-${row.id}@localhost>`, row.subject])
      }
    } finally {
      await db.close()
      rmSync(dir, { recursive: true, force: true })
    }
  }, 180_000)

  it('SMTP: every committed notification is received at least once; the one in flight at the kill arrives twice with one Message-ID', async () => {
    const dir = await folderWithQueuedMail()
    const db = await openDatabaseOf(dir)
    const outbox = createOutboxRepository(db)
    const env = { SMTP_URL: smtp.url, MAIL_INTERVAL_MS: '50', MAIL_LEASE_MS: '1500' }
    try {
      // The server holds its 250 reply: the process dies after the message arrived, before it knew.
      smtp.replyDelayMs = 1000
      const first = await processes.start(dir, env)
      await waitFor('the first message to arrive', () => smtp.received.length > 0, 60_000, 5)
      await killed(first)
      smtp.replyDelayMs = 0

      const second = await processes.start(dir, env)
      await waitFor('every notification settled', settled(db))
      await killed(second)

      const rows = await outbox.all()
      expect(rows.map((m) => m.status)).toEqual(rows.map(() => 'sent'))
      const messageIdsByRow = new Map<string, string[]>()
      for (const mail of await smtp.parsed()) {
        const row = headerText(mail, 'x-tandem-outbox-id')
        messageIdsByRow.set(row, [...(messageIdsByRow.get(row) ?? []), mail.messageId ?? ''])
      }
      expect([...messageIdsByRow.keys()].sort()).toEqual(rows.map((m) => String(m.id)).sort())
      for (const [row, ids] of messageIdsByRow) expect(new Set(ids)).toEqual(new Set([`<tandem-outbox-${row}@localhost>`]))
      const duplicated = [...messageIdsByRow.values()].filter((ids) => ids.length > 1)
      expect(duplicated.length).toBeGreaterThanOrEqual(1)
    } finally {
      smtp.replyDelayMs = 0
      await db.close()
      rmSync(dir, { recursive: true, force: true })
    }
  }, 180_000)
})
