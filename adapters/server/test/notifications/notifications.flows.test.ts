// Every notification trigger of docs/product.md#notifications, end to end: real HTTP on a real SQLite file, a clock the
// test moves, delivery through nodemailer to a real SMTP server (smtp-server) on a loopback port.
// Each message is read back from the SMTP server: the right type, to the right person, in their
// language, exactly once.
import { HOUR, DAY, LANGUAGE_IDS, type AdminUserDetail, type ProposalsResponse } from '@tandem/core'
import { aMentorAnswers } from '@tandem/fixtures'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { headerText, startTestSmtp, type TestSmtp } from '../../../mail/test/support/smtp.server.js'
import { expectOk, startHarness, type Harness, type Person } from '../support/harness.js'

let smtp: TestSmtp
let h: Harness
beforeAll(async () => {
  smtp = await startTestSmtp()
})
afterAll(async () => {
  await smtp.stop()
})
beforeEach(async () => {
  smtp.received.length = 0
  h = await startHarness({ env: { SMTP_URL: smtp.url, ORG_NAME: 'Mentoring e.V.' } })
})
afterEach(async () => {
  await h.close()
})

type Mail = {
  readonly messageId: string
  readonly to: string
  readonly type: string
  readonly language: string
  readonly subject: string
  readonly text: string
}

/** Every message the SMTP server accepted so far, in arrival order. */
const inbox = async (): Promise<Mail[]> => {
  const parsed = await smtp.parsed()
  return parsed.map((m, i) => ({
    messageId: m.messageId ?? '',
    to: smtp.received[i]?.to.join(',') ?? '',
    type: headerText(m, 'x-tandem-notification'),
    language: headerText(m, 'content-language'),
    subject: m.subject ?? '',
    text: m.text ?? '',
  }))
}

/** Delivers everything due, as the scheduler would over a few rounds. */
const deliver = async (): Promise<void> => {
  for (let i = 0; i < 3; i++) await h.server.deliverMail()
}

/** What arrived since the last call, as "TYPE to address (language)". */
let seen = 0
beforeEach(() => {
  seen = 0
})
const newMail = async (): Promise<Mail[]> => {
  await deliver()
  const all = await inbox()
  const fresh = all.slice(seen)
  seen = all.length
  return fresh
}
const summary = (mails: readonly Mail[]): string[] => mails.map((m) => `${m.type} to ${m.to} (${m.language})`).sort()

/** A published mentor whose preferred language (the profile's language) is German. */
const germanMentor = async (name: string): Promise<Person> => {
  const p = h.person(name)
  expectOk(await h.signUp(p, 'Mentor'), 'sign-up')
  expectOk(
    await h.call(p, 'POST', '/api/user/UpdateProfile', {
      email: p.email,
      professionalPosition: 'Ingenieurin',
      company: 'ACME',
      countryCodeId: 64,
      stateOriginalId: 1,
      city: 'Köln',
      languageId: LANGUAGE_IDS.de,
      clusterId: null,
      profileQuestionAnswer: [],
      isDeletedProfileImage: false,
    }),
    'profile',
  )
  expect((await h.server.ctx.users.byEmail(p.email))?.language).toBe('de')
  expectOk(await h.saveAnswers(p, 'Mentor', aMentorAnswers(), true), 'answers')
  h.clock.advance(1000)
  return p
}

const proposalOf = async (mentee: Person) => {
  const p = (await h.call<ProposalsResponse>(mentee, 'POST', '/api/MatchingTandem/GetProposals', { email: mentee.email })).body.value
    .menteeProposal[0]
  if (p === undefined) throw new Error('expected a proposal')
  return p
}
type Proposal = Awaited<ReturnType<typeof proposalOf>>

const menteeAccepts = (mentee: Person, mentor: Person, p: Proposal) =>
  h.call(mentee, 'POST', '/api/MatchingTandem/AcceptProposal', {
    email: mentee.email,
    role: 'Mentee',
    pairedUserEmail: mentor.email,
    proposalSaveModel: { proposalId: p.proposalId, proposalState: 'ACCEPTED' },
    matchingTandemSaveModel: { matchingTandemId: p.matchingTandemId, tandemState: 'ACTIVE' },
  })

/** A German mentor Anna proposed to an English mentee, who accepted. */
const acceptedPair = async () => {
  const mentor = await germanMentor('Anna')
  const mentee = await h.readyMentee('Mia')
  expectOk(await h.call(mentee, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: mentee.email }), 'start matching')
  const proposal = await proposalOf(mentee)
  expectOk(await menteeAccepts(mentee, mentor, proposal), 'mentee accepts')
  return { mentor, mentee, proposal }
}

describe('notifications of the matching flow, read back from a real SMTP server', () => {
  it("start matching tells the mentee (NEW_TANDEM), accepting tells the mentor (NEW_TANDEM), the mentor accepting tells both with each other's contact (APPROVE_TANDEM), each once and in the recipient's language", async () => {
    const mentor = await germanMentor('Anna')
    const mentee = await h.readyMentee('Mia')
    expect(await newMail()).toEqual([])

    expectOk(await h.call(mentee, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: mentee.email }), 'start matching')
    const proposed = await newMail()
    expect(summary(proposed)).toEqual([`NEW_TANDEM to ${mentee.email} (en)`])
    expect(proposed[0]?.subject).toMatch(/mentor/i)

    const proposal = await proposalOf(mentee)
    expectOk(await menteeAccepts(mentee, mentor, proposal), 'mentee accepts')
    const accepted = await newMail()
    expect(summary(accepted)).toEqual([`NEW_TANDEM to ${mentor.email} (de)`])
    expect(accepted[0]?.subject).toBe('Ein Mentee wartet auf Ihre Antwort')
    expect(accepted[0]?.text).toContain('Hallo Anna')

    expectOk(
      await h.call(mentor, 'POST', '/api/MatchingTandem/AcceptProposal', {
        email: mentor.email,
        role: 'Mentor',
        pairedUserEmail: mentee.email,
        proposalSaveModel: { proposalId: proposal.pairedProposalId, proposalState: 'ACCEPTED' },
        matchingTandemSaveModel: { matchingTandemId: proposal.matchingTandemId, tandemState: 'ACTIVE' },
      }),
      'mentor accepts',
    )
    const matched = await newMail()
    expect(summary(matched)).toEqual([`APPROVE_TANDEM to ${mentee.email} (en)`, `APPROVE_TANDEM to ${mentor.email} (de)`].sort())
    const toMentee = matched.find((m) => m.to === mentee.email)
    const toMentor = matched.find((m) => m.to === mentor.email)
    expect(toMentee?.text).toContain(mentor.email)
    expect(toMentor?.text).toContain(mentee.email)
    expect(toMentor?.subject).toMatch(/^Es passt/)

    // Nothing more, nothing twice: four messages, four distinct Message-IDs, every row sent.
    expect(await newMail()).toEqual([])
    const all = await inbox()
    expect(new Set(all.map((m) => m.messageId)).size).toBe(4)
    expect((await h.server.ctx.outbox.all()).map((m) => m.status)).toEqual(['sent', 'sent', 'sent', 'sent'])
  })

  it("a mentor declining tells the waiting mentee (DECLINE_TANDEM) with the mentor's information text; the mentee's own decline sends nothing", async () => {
    const { mentor, mentee, proposal } = await acceptedPair()
    await newMail()
    expectOk(
      await h.call(mentor, 'POST', '/api/MatchingTandem/DeclineProposal', {
        email: mentor.email,
        role: 'Mentor',
        pairedUserEmail: mentee.email,
        proposalSaveModel: {
          proposalId: proposal.pairedProposalId,
          proposalState: 'DECLINED',
          comment: 'Leider bin ich bis Juni ausgebucht.',
          declineReasonId: 8,
        },
        matchingTandemSaveModel: { matchingTandemId: proposal.matchingTandemId, tandemState: 'DECLINED' },
      }),
      'mentor declines',
    )
    const declined = await newMail()
    expect(summary(declined)).toEqual([`DECLINE_TANDEM to ${mentee.email} (en)`])
    expect(declined[0]?.text).toContain('Leider bin ich bis Juni ausgebucht.')

    // The mentee starts again, is proposed Bob, and declines him: Bob hears nothing.
    const bob = await h.publishedMentor('Bob')
    expectOk(await h.call(mentee, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: mentee.email }), 'start again')
    expect(summary(await newMail())).toEqual([`NEW_TANDEM to ${mentee.email} (en)`])
    const second = await proposalOf(mentee)
    expectOk(
      await h.call(mentee, 'POST', '/api/MatchingTandem/DeclineProposal', {
        email: mentee.email,
        role: 'Mentee',
        pairedUserEmail: bob.email,
        proposalSaveModel: { proposalId: second.proposalId, proposalState: 'DECLINED', comment: null, declineReasonId: 1 },
        matchingTandemSaveModel: { matchingTandemId: second.matchingTandemId, tandemState: 'DECLINED' },
      }),
      'mentee declines',
    )
    expect(await newMail()).toEqual([])
  })

  it("an administrator disabling and enabling a mentor's matching sends DEACTIVATE_USER_PROFILE and ACTIVATE_USER_PROFILE in German; the mentor's own switch sends nothing", async () => {
    const mentor = await germanMentor('Anna')
    const admin = (disable: boolean) =>
      h.call(h.admin, 'POST', '/api/Admin/UpdateUserStatus', { email: mentor.email, roleName: 'Mentor', disableMatching: disable })
    expectOk(await admin(true), 'admin disables')
    const off = await newMail()
    expect(summary(off)).toEqual([`DEACTIVATE_USER_PROFILE to ${mentor.email} (de)`])
    expect(off[0]?.subject).toBe('Das Matching für Ihr Mentor*in-Profil ist pausiert')
    expectOk(await admin(false), 'admin enables')
    const on = await newMail()
    expect(summary(on)).toEqual([`ACTIVATE_USER_PROFILE to ${mentor.email} (de)`])
    expect(on[0]?.subject).toBe('Das Matching für Ihr Mentor*in-Profil ist aktiviert')

    expectOk(
      await h.call(mentor, 'POST', '/api/Questionnaire/UpdateUserStatus', {
        email: mentor.email,
        roleName: 'Mentor',
        disableMatching: true,
      }),
      'own switch',
    )
    expect(await newMail()).toEqual([])
  })
})

describe('deadlines and reminders on the test clock, read back from a real SMTP server', () => {
  it('reminds the mentee 24 h before the 48 h choice deadline, once, however often the sweep runs', async () => {
    await germanMentor('Anna')
    const mentee = await h.readyMentee('Mia')
    expectOk(await h.call(mentee, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: mentee.email }), 'start matching')
    await newMail()
    h.clock.advance(24 * HOUR - 1)
    await h.server.sweepReminders()
    expect(await newMail()).toEqual([])
    h.clock.advance(1)
    for (let i = 0; i < 3; i++) {
      await h.server.sweepReminders()
      h.clock.advance(HOUR)
    }
    const reminders = await newMail()
    expect(summary(reminders)).toEqual([`REMINDER_ACTIVE_TANDEM to ${mentee.email} (en)`])
    h.clock.advance(HOUR * 30)
    await h.server.sweepReminders()
    expect(await newMail()).toEqual([])
  })

  it('reminds the German mentor 24 h before the 72 h answer deadline once; 72 h of silence pauses them and sends DEACTIVATE_USER_PROFILE', async () => {
    const { mentor, mentee } = await acceptedPair()
    await newMail()
    h.clock.advance(48 * HOUR - 1)
    await h.server.sweepReminders()
    expect(await newMail()).toEqual([])
    h.clock.advance(1)
    await h.server.sweepReminders()
    await h.server.sweepReminders()
    const reminder = await newMail()
    expect(summary(reminder)).toEqual([`REMINDER_ACTIVE_TANDEM to ${mentor.email} (de)`])
    expect(reminder[0]?.subject).toBe('Erinnerung: Ein Mentee wartet noch auf Ihre Antwort')

    h.clock.advance(24 * HOUR - 1)
    expect(await h.server.sweep()).toBe(0)
    h.clock.advance(1)
    expect(await h.server.sweep()).toBe(1)
    expect(await h.server.sweep()).toBe(0)
    await h.server.sweepReminders()
    const expired = await newMail()
    expect(summary(expired)).toEqual([`DEACTIVATE_USER_PROFILE to ${mentor.email} (de)`])
    expect((await h.server.ctx.users.byEmail(mentor.email))?.participant.mentor?.status).toBe('PAUSED')
    expect((await h.server.ctx.users.byEmail(mentee.email))?.participant.mentee?.status).toBe('AVAILABLE')
  })

  it('reminds a mentor with saved, unpublished answers 7 days after the save, once; saving again restarts the 7 days', async () => {
    const mentor = h.person('Tom')
    expectOk(await h.signUp(mentor, 'Mentor'), 'sign-up')
    expectOk(await h.saveProfile(mentor, null), 'profile')
    expectOk(await h.saveAnswers(mentor, 'Mentor', aMentorAnswers().slice(0, 3), false), 'save unpublished')
    h.clock.advance(7 * DAY - 1)
    await h.server.sweepReminders()
    expect(await newMail()).toEqual([])
    h.clock.advance(1)
    await h.server.sweepReminders()
    h.clock.advance(DAY)
    await h.server.sweepReminders()
    expect(summary(await newMail())).toEqual([`REMINDER_UNPUBLISHED_USER_PROFILE to ${mentor.email} (en)`])
    expectOk(await h.saveAnswers(mentor, 'Mentor', aMentorAnswers().slice(0, 4), false, 'UpdateAnswer'), 'save again')
    h.clock.advance(6 * DAY)
    await h.server.sweepReminders()
    expect(await newMail()).toEqual([])
    h.clock.advance(DAY)
    await h.server.sweepReminders()
    expect(summary(await newMail())).toEqual([`REMINDER_UNPUBLISHED_USER_PROFILE to ${mentor.email} (en)`])
  })
})

describe("the admin's notification history and messages", () => {
  it("GET /api/Admin/GetUserDetail lists every message sent to the user, newest first, with its subject; NotifyUser sends the admin's own message through the outbox", async () => {
    const mentor = await germanMentor('Anna')
    for (const disable of [true, false]) {
      expectOk(
        await h.call(h.admin, 'POST', '/api/Admin/UpdateUserStatus', { email: mentor.email, roleName: 'Mentor', disableMatching: disable }),
        'admin switch',
      )
    }
    expectOk(
      await h.call(h.admin, 'POST', '/api/Notification/NotifyUser', {
        email: mentor.email,
        notificationType: 'ADMIN_MESSAGE',
        matchingTandemId: null,
        subject: 'Treffen am Montag',
        body: 'Bitte kommen Sie um 10 Uhr.',
      }),
      'admin message',
    )
    const sent = await newMail()
    expect(sent.map((m) => m.type)).toEqual(['DEACTIVATE_USER_PROFILE', 'ACTIVATE_USER_PROFILE', 'ADMIN_MESSAGE'])
    const message = sent[2]
    expect([message?.subject, message?.language, message?.to]).toEqual(['Treffen am Montag', 'de', mentor.email])
    expect(message?.text).toContain('Bitte kommen Sie um 10 Uhr.')

    const detail = await h.call<AdminUserDetail>(
      h.admin,
      'GET',
      `/api/Admin/GetUserDetail?email=${encodeURIComponent(mentor.email)}&language=en`,
    )
    expectOk(detail, 'user detail')
    expect(detail.body.value.notification.map((n) => n.mailSubject)).toEqual(sent.map((m) => m.subject).reverse())
  })
})
