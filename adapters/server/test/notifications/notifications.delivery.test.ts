// Delivery as the server wires it: SMTP down for a while and back (every message once, none lost),
// no SMTP_URL (every message an .eml file under the data folder), and the password-reset mail
// written by the mail adapter's PASSWORD_RESET template.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { MINUTE } from '@tandem/core'
import { smtpTransport } from '@tandem/mail'
import { simpleParser } from 'mailparser'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startTestSmtp, type TestSmtp } from '../../../mail/test/support/smtp.server.js'
import { resetMailWiring } from '../../src/reset-mail.js'
import { expectOk, startHarness, type Harness, type Person } from '../support/harness.js'

let smtp: TestSmtp
let h: Harness | undefined
beforeAll(async () => {
  smtp = await startTestSmtp()
})
afterAll(async () => {
  await smtp.stop()
})
afterEach(async () => {
  await h?.close()
  h = undefined
  smtp.received.length = 0
  smtp.recipientAttempts.length = 0
  await smtp.start()
})

/** Writes one admin message per person to the outbox, through the API. */
const messageEach = async (harness: Harness, people: readonly Person[]) => {
  for (const p of people) {
    expectOk(
      await harness.call(harness.admin, 'POST', '/api/Notification/NotifyUser', {
        email: p.email,
        notificationType: 'ADMIN_MESSAGE',
        matchingTandemId: null,
        subject: `Hello ${p.firstName}`,
        body: 'See you soon.',
      }),
      'notify',
    )
  }
}

const receivedIds = async (): Promise<string[]> => (await smtp.parsed()).map((m) => m.messageId ?? '')

describe('SMTP down for a while, then back', () => {
  it('retries with backoff and delivers every message exactly once when the server returns', async () => {
    const harness = await startHarness({ env: { SMTP_URL: smtp.url } })
    h = harness
    const people: Person[] = []
    for (const name of ['Ann', 'Ben', 'Cem', 'Dora']) {
      const p = harness.person(name)
      expectOk(await harness.signUp(p, 'Mentor'), 'sign-up')
      people.push(p)
    }
    await smtp.stop()
    await messageEach(harness, people.slice(0, 2))
    await harness.server.deliverMail()
    expect((await harness.server.ctx.outbox.all()).map((m) => [m.status, m.attempts])).toEqual([
      ['pending', 1],
      ['pending', 1],
    ])
    // Still down at the first retry: a second attempt, later still.
    harness.clock.advance(MINUTE)
    await messageEach(harness, people.slice(2))
    await harness.server.deliverMail()
    expect((await harness.server.ctx.outbox.all()).every((m) => m.status === 'pending')).toBe(true)
    expect(smtp.received).toEqual([])

    await smtp.start()
    for (let i = 0; i < 4; i++) {
      harness.clock.advance(2 * MINUTE)
      await harness.server.deliverMail()
    }
    const rows = await harness.server.ctx.outbox.all()
    expect(rows.map((m) => m.status)).toEqual(['sent', 'sent', 'sent', 'sent'])
    const ids = await receivedIds()
    expect(ids.length).toBe(4)
    expect(new Set(ids)).toEqual(new Set(rows.map((m) => `<tandem-outbox-${m.id}@localhost>`)))
    expect(smtp.received.map((r) => r.to.join()).sort()).toEqual(people.map((p) => p.email).sort())
  })

  it('a permanently refused address is marked failed at once and never retried; the others go out', async () => {
    const harness = await startHarness({ env: { SMTP_URL: smtp.url } })
    h = harness
    const good = harness.person('Ann')
    const bad = harness.person('Ben')
    for (const p of [good, bad]) expectOk(await harness.signUp(p, 'Mentor'), 'sign-up')
    smtp.refuse = (address) => (address === bad.email ? 550 : null)
    try {
      await messageEach(harness, [good, bad])
      for (let i = 0; i < 3; i++) {
        await harness.server.deliverMail()
        harness.clock.advance(10 * MINUTE)
      }
    } finally {
      smtp.refuse = () => null
    }
    expect((await harness.server.ctx.outbox.all()).map((m) => [m.recipient.email, m.status, m.attempts])).toEqual([
      [good.email, 'sent', 1],
      [bad.email, 'failed', 1],
    ])
    expect(smtp.recipientAttempts.filter((a) => a === bad.email).length).toBe(1)
  })
})

describe('no SMTP_URL', () => {
  it('records every message as an .eml file under DATA_DIR/mail, named after its outbox row', async () => {
    const harness = await startHarness()
    h = harness
    const people = [harness.person('Ann'), harness.person('Ben')]
    for (const p of people) expectOk(await harness.signUp(p, 'Mentor'), 'sign-up')
    await messageEach(harness, people)
    await harness.server.deliverMail()
    const rows = await harness.server.ctx.outbox.all()
    expect(rows.map((m) => m.status)).toEqual(['sent', 'sent'])
    const folder = join(harness.dir, 'mail')
    const files = readdirSync(folder)
      .filter((f) => f.endsWith('.eml'))
      .sort()
    expect(files.length).toBe(2)
    const parsed = await Promise.all(files.map((f) => simpleParser(readFileSync(join(folder, f)))))
    expect(parsed.map((m) => m.subject).sort()).toEqual(['Hello Ann', 'Hello Ben'])
    expect(new Set(parsed.map((m) => m.messageId))).toEqual(new Set(rows.map((m) => `<tandem-outbox-${m.id}@localhost>`)))
  })
})

describe('password reset mail', () => {
  it("is the PASSWORD_RESET template in the account's language, with the link, a unique Message-ID, sent at once", async () => {
    const org = { name: 'Mentoring e.V.', email: 'info@example.org', phone: '+49 30 1', publicUrl: 'https://tandem.example.org' }
    const transport = smtpTransport(smtp.url, { from: 'Tandem <no-reply@tandem.example.org>' })
    try {
      const wiring = resetMailWiring(transport, org)
      const link = 'https://tandem.example.org/oidc/reset?token=abc123'
      await wiring.sendMail(wiring.composeResetMail({ to: 'lena@example.org', givenName: 'Lena', language: 'de', link }))
      await wiring.sendMail(wiring.composeResetMail({ to: 'tom@example.org', givenName: 'Tom', language: 'en', link }))
    } finally {
      await transport.close()
    }
    const [de, en] = await smtp.parsed()
    expect(de?.subject).toBe('Passwort für Mentoring e.V. zurücksetzen')
    expect(de?.text).toContain('Hallo Lena')
    expect(de?.text).toContain('https://tandem.example.org/oidc/reset?token=abc123')
    expect(de?.text).toContain('60')
    expect(de?.headers.get('content-language')).toBe('de')
    expect(en?.subject).toBe('Reset your Mentoring e.V. password')
    expect(de?.messageId).toMatch(/^<tandem-reset-[0-9a-f-]{36}@tandem\.example\.org>$/)
    expect(de?.messageId).not.toBe(en?.messageId)
  })
})
