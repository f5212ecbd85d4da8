// Delivery to a real SMTP server started in the test: messages arrive in the recipient's language
// with their links; outages and 4xx replies are retried until every message arrives exactly once;
// a 5xx reply or too many attempts mark the message failed and stop the retries.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ParsedMail } from 'mailparser'
import {
  composeDirectMail,
  NOTIFICATION_TYPES,
  outboxMessageId,
  smtpTransport,
  type MailTransport,
  type Notification,
} from '../src/index.js'
import { enqueue, manualClock, START, workerOver, type Clock } from './support/delivery.setup.js'
import { memoryOutbox, type MemoryOutbox } from './support/outbox.memory.js'
import { allSamples, expectedLink, LANGS, org } from './support/samples.js'
import { headerText, startTestSmtp, type TestSmtp } from './support/smtp.server.js'

const FROM = '"Mentoring Mitte" <noreply@mentoring-mitte.example>'
const decline: Notification = { type: 'DECLINE_TANDEM', data: { firstName: 'Mia', infoText: 'Moving abroad.' } }

let smtp: TestSmtp
let transport: MailTransport
let outbox: MemoryOutbox
let clock: Clock

beforeEach(async () => {
  smtp = await startTestSmtp()
  transport = smtpTransport(smtp.url, { from: FROM })
  outbox = memoryOutbox()
  clock = manualClock()
})

afterEach(async () => {
  await transport.close()
  await smtp.stop()
})

const outboxIdOf = (mail: ParsedMail): string => headerText(mail, 'x-tandem-outbox-id')
const deliveredIds = async (): Promise<string[]> => (await smtp.parsed()).map(outboxIdOf).sort()

describe('delivery over SMTP', () => {
  it('delivers every type in English and German, readable back with subject, language, links and a stable Message-ID', async () => {
    const expected = LANGS.flatMap((language) =>
      allSamples(NOTIFICATION_TYPES).map((s) => ({
        id: enqueue(outbox, { type: s.type, data: s.data } as Notification, { email: `user${s.type.length}@example.org`, language }),
        type: s.type,
        language,
      })),
    )
    const report = await workerOver(outbox, transport, clock, { batchSize: 100 }).runOnce()

    expect(report).toMatchObject({ claimed: expected.length, sent: expected.length, retried: 0, failed: 0 })
    const mails = await smtp.parsed()
    expect(mails).toHaveLength(expected.length)
    for (const e of expected) {
      const mail = mails.find((m) => outboxIdOf(m) === String(e.id))
      if (mail === undefined) throw new Error(`outbox message ${e.id} (${e.type}, ${e.language}) did not arrive`)
      expect(mail.subject).toBe(outbox.row(e.id).subject)
      expect(mail.headers.get('content-language')).toBe(e.language)
      expect(mail.headers.get('x-tandem-notification')).toBe(e.type)
      expect(mail.messageId).toBe(outboxMessageId(org, e.id))
      expect(mail.from?.value[0]?.address).toBe('noreply@mentoring-mitte.example')
      expect(mail.text).toContain(expectedLink[e.type])
      expect(mail.html || '').toContain(`href="${expectedLink[e.type]}"`)
      expect(outbox.row(e.id)).toMatchObject({ status: 'sent', attempts: 1, sentAt: START })
    }
    // SMTP_URL asked for STARTTLS (requireTLS=true): every session was encrypted.
    expect(smtp.received.every((r) => r.secure)).toBe(true)
  })

  it('keeps German umlauts and the recipient name intact through the MIME encoding', async () => {
    const id = enqueue(outbox, decline, { email: 'joerg@example.org', name: 'Jörg Müßig', language: 'de' })
    await workerOver(outbox, transport, clock).runOnce()
    const [mail] = await smtp.parsed()
    expect(mail?.subject).toBe('Ihre Mentoring-Anfrage wurde abgelehnt')
    expect(mail?.to && !Array.isArray(mail.to) ? mail.to.value[0] : undefined).toEqual({ address: 'joerg@example.org', name: 'Jörg Müßig' })
    expect(mail?.text).toContain('Sie können auf Ihrem Dashboard sofort ein neues Matching starten.')
    expect(outbox.row(id).status).toBe('sent')
  })

  it('retries while the SMTP server is down and, once it is back, delivers every message exactly once', async () => {
    const ids = [1, 2, 3, 4, 5].map((n) => enqueue(outbox, decline, { email: `m${n}@example.org` }))
    const worker = workerOver(outbox, transport, clock)
    await smtp.stop()

    expect(await worker.runOnce()).toMatchObject({ claimed: 5, sent: 0, retried: 5 })
    for (const id of ids) expect(outbox.row(id)).toMatchObject({ status: 'pending', attempts: 1, nextAttemptAt: START + 60_000 })
    expect(outbox.row(ids[0] ?? 0).lastError).toMatch(/ECONNREFUSED|connect/i)
    // Not due yet: the backoff holds the messages back.
    expect(await worker.runOnce()).toMatchObject({ claimed: 0 })

    clock.advance(60_000)
    expect(await worker.runOnce()).toMatchObject({ claimed: 5, retried: 5 })
    expect(outbox.row(ids[0] ?? 0)).toMatchObject({ attempts: 2, nextAttemptAt: START + 60_000 + 120_000 })

    await smtp.start()
    clock.advance(120_000)
    expect(await worker.runOnce()).toMatchObject({ claimed: 5, sent: 5 })
    expect(await worker.runOnce()).toMatchObject({ claimed: 0 })
    expect(await deliveredIds()).toEqual(ids.map(String).sort())
    for (const id of ids) expect(outbox.row(id)).toMatchObject({ status: 'sent', attempts: 3 })
  })

  it('retries after a 4xx reply and delivers exactly once when the server accepts again', async () => {
    const id = enqueue(outbox, decline, { email: 'busy@example.org' })
    const worker = workerOver(outbox, transport, clock)
    smtp.refuse = () => 451

    expect(await worker.runOnce()).toMatchObject({ retried: 1 })
    expect(outbox.row(id)).toMatchObject({ status: 'pending', attempts: 1 })
    expect(outbox.row(id).lastError).toContain('451')

    smtp.refuse = () => null
    clock.advance(60_000)
    expect(await worker.runOnce()).toMatchObject({ sent: 1 })
    expect(await deliveredIds()).toEqual([String(id)])
    expect(smtp.recipientAttempts).toEqual(['busy@example.org', 'busy@example.org'])
  })

  it('marks a permanently refused address (5xx) failed at once and never tries it again, while the others go out', async () => {
    const bad = enqueue(outbox, decline, { email: 'gone@example.org' })
    const good = enqueue(outbox, decline, { email: 'here@example.org' })
    smtp.refuse = (address) => (address === 'gone@example.org' ? 550 : null)
    const worker = workerOver(outbox, transport, clock)

    expect(await worker.runOnce()).toMatchObject({ claimed: 2, sent: 1, failed: 1 })
    expect(outbox.row(bad)).toMatchObject({ status: 'failed', attempts: 1 })
    expect(outbox.row(bad).lastError).toContain('550')
    expect(outbox.row(good).status).toBe('sent')

    for (let day = 0; day < 3; day += 1) {
      clock.advance(24 * 3_600_000)
      expect(await worker.runOnce()).toMatchObject({ claimed: 0 })
    }
    expect(smtp.recipientAttempts.filter((a) => a === 'gone@example.org')).toHaveLength(1)
    expect(await deliveredIds()).toEqual([String(good)])
  })

  it('gives a temporarily failing message up as failed after the maximum number of attempts', async () => {
    const id = enqueue(outbox, decline, { email: 'busy@example.org' })
    smtp.refuse = () => 421
    const worker = workerOver(outbox, transport, clock, { maxAttempts: 3 })

    for (let round = 0; round < 3; round += 1) {
      await worker.runOnce()
      clock.advance(3_600_000)
    }
    expect(outbox.row(id)).toMatchObject({ status: 'failed', attempts: 3 })
    expect(await worker.runOnce()).toMatchObject({ claimed: 0 })
    expect(smtp.recipientAttempts).toHaveLength(3)
  })

  it('sends a password reset at once, outside the outbox, with the reset link in the account language', async () => {
    const link = 'https://tandem.mentoring-mitte.example/oidc/reset/abc'
    await transport.send(
      composeDirectMail(
        { type: 'PASSWORD_RESET', data: { firstName: 'Jörg', link, validMinutes: 30 } },
        { recipient: { email: 'joerg@example.org', name: 'Jörg' }, language: 'de' },
        org,
        '<reset-1@tandem.mentoring-mitte.example>',
      ),
    )
    const [mail] = await smtp.parsed()
    expect(mail?.subject).toBe('Passwort für Mentoring Mitte e.V. zurücksetzen')
    expect(mail?.text).toContain(link)
    expect(mail?.html || '').toContain(`href="${link}"`)
    expect(mail?.messageId).toBe('<reset-1@tandem.mentoring-mitte.example>')
  })

  it('keeps messages for a retry when our SMTP login is wrong (a 535 is our configuration, not the recipient)', async () => {
    const guarded = await startTestSmtp({ auth: { user: 'tandem', pass: 'right' } })
    const base = `127.0.0.1:${guarded.port}/?requireTLS=true&tls.rejectUnauthorized=false`
    const wrong = smtpTransport(`smtp://tandem:wrong@${base}`, { from: FROM })
    const right = smtpTransport(`smtp://tandem:right@${base}`, { from: FROM })
    try {
      const id = enqueue(outbox, decline, { email: 'mia@example.org' })
      expect(await workerOver(outbox, wrong, clock).runOnce()).toMatchObject({ retried: 1, failed: 0 })
      expect(outbox.row(id)).toMatchObject({ status: 'pending', attempts: 1 })
      expect(outbox.row(id).lastError).toContain('535')
      // The operator fixes SMTP_URL and restarts: the kept message goes out.
      clock.advance(60_000)
      expect(await workerOver(outbox, right, clock).runOnce()).toMatchObject({ sent: 1 })
      expect(guarded.received).toHaveLength(1)
    } finally {
      await wrong.close()
      await right.close()
      await guarded.stop()
    }
  })
})
