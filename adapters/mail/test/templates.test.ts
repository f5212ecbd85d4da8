// Every notification type renders in English and German, with both parts, the right link and the
// organisation's contact; values people typed are escaped in HTML; dates follow the language.
import * as E from 'fp-ts/lib/Either.js'
import { describe, expect, it } from 'vitest'
import { LANGUAGES } from '@tandem/core'
import { LANGUAGE_PACKS, NOTIFICATION_TYPES, renderNotification, renderStored, type NotificationType } from '../src/index.js'
import { allSamples, DEADLINE, expectedLink, org } from './support/samples.js'

const render = (type: NotificationType, language: 'en' | 'de', data: unknown, organisation = org) =>
  renderNotification(type, language, data as never, organisation)

describe('templates: every type in every language', () => {
  it('has a template for each notification type in each language, and nothing else', () => {
    expect(NOTIFICATION_TYPES).toHaveLength(24)
    for (const language of LANGUAGES) expect(Object.keys(LANGUAGE_PACKS[language].templates).sort()).toEqual([...NOTIFICATION_TYPES].sort())
  })

  for (const language of LANGUAGES)
    for (const sample of allSamples(NOTIFICATION_TYPES))
      it(`${sample.type} #${sample.variant} in ${language}: subject, text and HTML part, link and organisation contact`, () => {
        const mail = render(sample.type, language, sample.data)
        expect(mail.subject.trim()).not.toBe('')
        expect(mail.subject).not.toMatch(/[\r\n]/)
        const link = expectedLink[sample.type]
        expect(mail.text).toContain(link)
        expect(mail.html).toContain(`href="${link}"`)
        for (const part of [mail.text, mail.html]) {
          expect(part).toContain(org.name)
          expect(part).toContain(org.email)
          expect(part).toContain(org.phone)
        }
        expect(mail.html).toContain(`<html lang="${language}">`)
      })

  for (const sample of allSamples(NOTIFICATION_TYPES))
    it(`${sample.type} #${sample.variant}: the German text is a translation, not the English one`, () => {
      const en = render(sample.type, 'en', sample.data)
      const de = render(sample.type, 'de', sample.data)
      expect(de.text).not.toBe(en.text)
      expect(de.html).not.toBe(en.html)
      // An admin's message keeps the subject the admin typed, in whichever language.
      if (sample.type !== 'ADMIN_MESSAGE') expect(de.subject).not.toBe(en.subject)
    })
})

describe('templates: content rules', () => {
  const evil = '<script>alert("x")</script>'

  it('escapes every value a person typed in the HTML part and keeps it readable in the text part', () => {
    const mails = [
      render('APPROVE_TANDEM', 'en', {
        audience: 'Mentee',
        firstName: evil,
        partner: { firstName: evil, lastName: evil, email: 'a@b.example' },
      }),
      render('DECLINE_TANDEM', 'de', { firstName: 'Mia', infoText: evil }),
      render('ADMIN_MESSAGE', 'en', { subject: evil, body: evil }),
      render('NEW_TANDEM', 'de', { audience: 'Mentor', firstName: evil, deadline: DEADLINE }),
    ]
    for (const mail of mails) {
      expect(mail.html).not.toContain('<script>')
      expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;')
      expect(mail.text).toContain(evil)
    }
  })

  it('escapes the organisation name too, since it comes from configuration, not from us', () => {
    const mail = render(
      'NEW_TANDEM',
      'en',
      { audience: 'Mentee', firstName: 'Mia', deadline: DEADLINE },
      { ...org, name: 'A & B <Mentoring>' },
    )
    expect(mail.html).toContain('A &amp; B &lt;Mentoring&gt;')
    expect(mail.html).not.toContain('<Mentoring>')
  })

  it("APPROVE_TANDEM gives each side the other one's name and e-mail in both parts", () => {
    for (const language of LANGUAGES) {
      const mail = render('APPROVE_TANDEM', language, {
        audience: 'Mentor',
        firstName: 'Max',
        partner: { firstName: 'Mia', lastName: 'Meier', email: 'mia@example.org' },
      })
      for (const part of [mail.text, mail.html]) {
        expect(part).toContain('Mia Meier')
        expect(part).toContain('mia@example.org')
      }
      expect(mail.text).toContain('Max')
    }
  })

  it("DECLINE_TANDEM quotes the mentor's information text when given and says nothing of it otherwise", () => {
    const withText = render('DECLINE_TANDEM', 'en', { firstName: 'Mia', infoText: 'Moving abroad.\nSorry!' })
    expect(withText.text).toContain('> Moving abroad.\n> Sorry!')
    expect(withText.html).toContain('<blockquote')
    expect(withText.html).toContain('Moving abroad.<br>Sorry!')
    const without = render('DECLINE_TANDEM', 'en', { firstName: 'Mia', infoText: null })
    expect(without.text).not.toContain('message')
    expect(without.html).not.toContain('<blockquote')
  })

  it('TANDEM_ENDED says who ended the team and what comes next, naming nobody and no reason', () => {
    const toMentor = render('TANDEM_ENDED', 'en', { audience: 'Mentor', firstName: 'Max', by: 'Partner', mentorPaused: false })
    expect(toMentor.text).toContain('Your mentee has ended your mentorship')
    expect(toMentor.text).toContain('back in the pool')
    const paused = render('TANDEM_ENDED', 'de', { audience: 'Mentor', firstName: 'Max', by: 'Admin', mentorPaused: true })
    expect(paused.text).toContain('Das Programmteam hat Ihr Mentoring beendet')
    expect(paused.text).toContain('ist pausiert')
    expect(render('TANDEM_ENDED', 'de', { audience: 'Mentee', firstName: 'Mia', by: 'Partner', mentorPaused: false }).text).toContain(
      'sofort ein neues Matching starten',
    )
  })

  it('WAITLIST_PROPOSALS tells the waiting mentee how many mentors were found, until when, and where to turn the waitlist off', () => {
    const deadline = Date.UTC(2026, 10, 24, 9, 0)
    const one = render('WAITLIST_PROPOSALS', 'en', { firstName: 'Mia', deadline, count: 1 })
    expect(one.subject).toBe('A mentor has been found for you')
    expect(one.text).toContain('Tell me when a mentor is found')
    expect(one.text).toContain(`${org.publicUrl}/#waitlist`)
    const de = render('WAITLIST_PROPOSALS', 'de', { firstName: 'Mia', deadline, count: 3 })
    expect(de.subject).toBe('Wir haben 3 Mentor*innen für Sie gefunden')
    expect(de.text).toContain('Benachrichtigen Sie mich, wenn ein*e Mentor*in gefunden ist')
    expect(de.text).toContain('schalten Sie')
    expect(de.text).toContain(`${org.publicUrl}/#waitlist`)
  })

  it('WAITLIST_PROPOSALS with a stop link offers the one-click page instead of the dashboard switch, in both languages', () => {
    const deadline = Date.UTC(2026, 10, 24, 9, 0)
    const stopLink = `${org.publicUrl}/waitlist/stop?token=tok789`
    const en = render('WAITLIST_PROPOSALS', 'en', { firstName: 'Mia', deadline, count: 1, stopLink })
    expect(en.text).toContain(stopLink)
    expect(en.text).toContain('without signing in')
    expect(en.text).not.toContain('/#waitlist')
    const de = render('WAITLIST_PROPOSALS', 'de', { firstName: 'Mia', deadline, count: 2, stopLink })
    expect(de.text).toContain(stopLink)
    expect(de.text).toContain('ohne Anmeldung')
    expect(de.text).not.toContain('/#waitlist')
  })

  it("the check-in mails ask their question in the recipient's language and carry the one-time link, which a click on the page answers", () => {
    const link = 'https://tandem.mentoring-mitte.example/check-in?token=tok456'
    const met = render('CHECK_IN_MET', 'en', { audience: 'Mentee', firstName: 'Mia', link })
    expect(met.subject).toBe('Have you met yet?')
    expect(met.text).toContain(link)
    expect(render('CHECK_IN_MET', 'de', { audience: 'Mentor', firstName: 'Max', link }).subject).toBe('Haben Sie sich schon getroffen?')
    expect(render('CHECK_IN_PULSE', 'de', { audience: 'Mentee', firstName: 'Mia', link }).text).toContain('Wie läuft Ihr Mentoring?')
    expect(render('CHECK_IN_CLOSING', 'en', { audience: 'Mentor', firstName: 'Max', link }).text).toContain('recommend being a mentor')
    expect(render('CHECK_IN_CLOSING', 'de', { audience: 'Mentee', firstName: 'Mia', link }).text).toContain('als Mentee empfehlen')
    expect(render('CHECK_IN_REMINDER', 'en', { audience: 'Mentee', firstName: 'Mia', link, question: 'Pulse' }).subject).toBe(
      'Reminder: how is your mentorship going?',
    )
    expect(render('CHECK_IN_REMINDER', 'de', { audience: 'Mentee', firstName: 'Mia', link, question: 'Met' }).text).toContain(
      'einzige Erinnerung',
    )
  })

  it('TANDEM_RELEASED names the team and says whether the administrator or the end of the program year released it', () => {
    expect(render('TANDEM_RELEASED', 'en', { audience: 'Mentee', firstName: 'Mia', tandemId: 12, by: 'Admin' }).subject).toBe(
      'Your matching team #12 has been released',
    )
    expect(render('TANDEM_RELEASED', 'de', { audience: 'Mentee', firstName: 'Mia', tandemId: 12, by: 'ProgramYear' }).text).toContain(
      'Ihr Programmjahr ist beendet',
    )
  })

  it('PARTNER_LEFT tells the recipient their tandem ended, in words for their side, naming nobody else', () => {
    for (const language of ['en', 'de'] as const) {
      const mentee = render('PARTNER_LEFT', language, { audience: 'Mentee', firstName: 'Mia' })
      const mentor = render('PARTNER_LEFT', language, { audience: 'Mentor', firstName: 'Max' })
      expect(mentee.subject).not.toBe(mentor.subject)
      expect(mentee.text).toContain('Mia')
      expect(mentor.text).toContain('Max')
    }
    expect(render('PARTNER_LEFT', 'en', { audience: 'Mentee', firstName: 'Mia' }).text).toContain('deleted their account')
    expect(render('PARTNER_LEFT', 'de', { audience: 'Mentor', firstName: 'Max' }).text).toContain('hat ihr Konto gelöscht')
  })

  it('formats deadlines en-GB and de-DE in Berlin time by default', () => {
    const data = { audience: 'Mentee', firstName: 'Mia', deadline: DEADLINE }
    expect(render('REMINDER_ACTIVE_TANDEM', 'en', data).text).toContain('24 November 2026 at 14:30 CET')
    expect(render('REMINDER_ACTIVE_TANDEM', 'de', data).text).toContain('24. November 2026 um 14:30 MEZ')
    const summer = { ...data, deadline: Date.UTC(2026, 6, 1, 8, 5) }
    expect(render('NEW_TANDEM', 'en', summer).text).toContain('1 July 2026 at 10:05 CEST')
  })

  it('formats dates in the configured time zone when one is set', () => {
    const mail = render(
      'NEW_TANDEM',
      'en',
      { audience: 'Mentor', firstName: 'Max', deadline: DEADLINE },
      { ...org, timeZone: 'Europe/London' },
    )
    expect(mail.text).toContain('24 November 2026 at 13:30 GMT')
  })

  it('NEW_TANDEM tells the mentee how many proposals arrived', () => {
    expect(render('NEW_TANDEM', 'en', { audience: 'Mentee', firstName: 'Mia', deadline: DEADLINE, count: 3 }).subject).toContain('3')
    expect(render('NEW_TANDEM', 'de', { audience: 'Mentee', firstName: 'Mia', deadline: DEADLINE, count: 2 }).subject).toContain('2')
  })

  it('PASSWORD_RESET states how long the link is valid', () => {
    for (const language of LANGUAGES)
      expect(render('PASSWORD_RESET', language, { firstName: 'Mia', link: 'https://x.example/r/1', validMinutes: 45 }).text).toContain('45')
  })

  it('builds links without a double slash when the public address ends with one', () => {
    const mail = render('ACTIVATE_USER_PROFILE', 'en', { firstName: 'Max', by: 'Admin' }, { ...org, publicUrl: 'https://t.example/app/' })
    expect(mail.text).toContain('https://t.example/app/user/mentor-profile')
    expect(mail.text).not.toContain('app//user')
  })

  it('keeps an admin subject on one header line', () => {
    expect(render('ADMIN_MESSAGE', 'en', { subject: 'Hello\r\nBcc: victim@example.org', body: 'x' }).subject).toBe(
      'Hello Bcc: victim@example.org',
    )
  })

  it('greets without a name when the first name is empty', () => {
    expect(render('PASSWORD_RESET', 'en', { firstName: '', link: 'https://x.example/r', validMinutes: 5 }).text.startsWith('Hello,')).toBe(
      true,
    )
    expect(
      render('PASSWORD_RESET', 'de', { firstName: ' ', link: 'https://x.example/r', validMinutes: 5 }).text.startsWith('Guten Tag,'),
    ).toBe(true)
  })
})

describe('renderStored: payloads read back from the outbox are decoded first', () => {
  it('renders a valid stored payload', () => {
    const r = renderStored({ type: 'DECLINE_TANDEM', language: 'de', data: { firstName: 'Mia', infoText: null } }, org)
    expect(E.isRight(r) && r.right.subject).toBe('Ihre Mentoring-Anfrage wurde abgelehnt')
  })

  it.each([
    ['an unknown type', { type: 'WELCOME', language: 'en', data: {} }, 'unknown notification type'],
    ['an unknown language', { type: 'DECLINE_TANDEM', language: 'fr', data: { firstName: 'Mia', infoText: null } }, 'unknown language'],
    [
      'a payload missing a field',
      { type: 'APPROVE_TANDEM', language: 'en', data: { audience: 'Mentee', firstName: 'Mia' } },
      'invalid APPROVE_TANDEM data',
    ],
    [
      'a reset link that is not http(s)',
      { type: 'PASSWORD_RESET', language: 'en', data: { firstName: 'Mia', link: 'javascript:alert(1)', validMinutes: 5 } },
      'invalid PASSWORD_RESET data',
    ],
    [
      'an empty admin message',
      { type: 'ADMIN_MESSAGE', language: 'en', data: { subject: 'Hi', body: '   ' } },
      'invalid ADMIN_MESSAGE data',
    ],
  ])('refuses %s with a reason', (_name, stored, reason) => {
    const r = renderStored(stored, org)
    expect(E.isLeft(r) && r.left.reason).toContain(reason)
  })
})
