// "Delete my account" (GDPR Art. 17) over real HTTP, with the real embedded provider, a real SQLite
// file and real mail delivery: the person must type their own address; their live tandem ends as
// a release does and the partner is told (PARTNER_LEFT, in the partner's language, naming nobody);
// afterwards nothing in the data folder names them, and their old session is refused for good.
import { refreshTokens } from '../../../identity/test/support/harness.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSmtp, type TestSmtp } from '../../../mail/test/support/smtp.server.js'
import { sql } from 'kysely'
import { query } from '../support/database.under-test.js'
import { claimsOf, signUpBody, startRealServer, type RealServer } from '../support/identity.harness.js'
import { aParticipant, chooseMentor, storedMentioning, storedPhoto } from '../support/self-service.support.js'

const deleteMine = (t: RealServer, token: string, email: string, confirmEmail: string) =>
  t.api<boolean>(token, 'POST', '/api/Account/DeleteMyAccount', { email, confirmEmail })

const tandemState = async (t: RealServer, id: number): Promise<string | undefined> =>
  (await query<{ state: string }>(t.server, sql`select state from tandems where id = ${id}`))[0]?.state

describe('Delete my account, mails as .eml files in the data folder', () => {
  let t: RealServer
  beforeAll(async () => {
    t = await startRealServer()
  })
  afterAll(async () => {
    await t.close()
  })

  it("refuses a typed address that is not the account's, and another person's account, changing nothing", async () => {
    const a = await aParticipant(t, { email: 'ann.other@example.org', firstName: 'Ann', lastName: 'Other' }, 'Mentor', {
      city: 'Bonn',
      company: 'Acme',
    })
    const b = await aParticipant(t, { email: 'bea.other@example.org', firstName: 'Bea', lastName: 'Other' }, 'Mentor', {
      city: 'Bonn',
      company: 'Acme',
    })
    const typo = await deleteMine(t, a.tokens.access_token, a.email, 'ann.othr@example.org')
    expect(typo.status).toBe(400)
    expect(typo.body).toMatchObject({ isFailure: true, errorMessage: 'ValidationFailed' })
    expect(typo.body.value).toEqual([{ field: 'confirmEmail', key: 'confirmation-email-mismatch' }])
    // Naming someone else's account is refused whatever is typed.
    expect((await deleteMine(t, a.tokens.access_token, b.email, b.email)).status).toBe(403)
    expect((await t.api(null, 'POST', '/api/Account/DeleteMyAccount', { email: a.email, confirmEmail: a.email })).status).toBe(401)
    expect(await t.server.ctx.users.byEmail(a.email)).toBeDefined()
    expect(await t.server.ctx.users.byEmail(b.email)).toBeDefined()
    expect(await t.server.identityProvider?.accounts.findByEmail(a.email)).toBeDefined()
  })

  it('ends the live tandem, tells the partner, erases the person everywhere and refuses the old session', async () => {
    const mentor = await aParticipant(t, { email: 'marta.mentorova@example.org', firstName: 'Marta', lastName: 'Mentorova' }, 'Mentor', {
      city: 'Hamburg',
      company: 'Teachers',
    })
    const mentee = await aParticipant(t, { email: 'zelda.quixote@example.org', firstName: 'Zelda', lastName: 'Quixote' }, 'Mentee', {
      city: 'Quixotown',
      company: 'Zeldacorp',
    })
    const tandemId = await chooseMentor(t, mentee, mentor)
    await t.server.deliverMail()
    const subject = String(claimsOf(mentee.tokens)['sub'])
    const needles = [mentee.email, 'Zelda', 'Quixote', 'Zeldacorp', 'Quixotown', subject]
    const photo = await storedPhoto(t, mentee.id)
    // Before: the person is in the database and in the mail folder (the mentor's request mail names nobody, their own mails do).
    const before = await storedMentioning(t, needles, [photo])
    expect(before.filter((f) => f.startsWith('mail/')).length).toBeGreaterThan(0)
    expect(before).toContain(t.server.db.dialect === 'sqlite' ? 'tandem.db-wal: bytes 0' : 'profile_images: bytes 0')

    // Typed with other capitals and spaces: still their address.
    const reply = await deleteMine(t, mentee.tokens.access_token, mentee.email, '  Zelda.Quixote@Example.org ')
    expect([reply.status, reply.body.value]).toEqual([200, true])

    // The tandem ended as a release does; the mentor is back in the pool and is told.
    expect(await tandemState(t, tandemId)).toBe('CLOSED')
    const details = await t.api<{ userStatuses: { role: string; userStatus: string }[] }>(
      mentor.tokens.access_token,
      'GET',
      `/api/Account/GetUserDetails?emailId=${encodeURIComponent(mentor.email)}`,
    )
    expect(details.body.value.userStatuses.find((s) => s.role === 'Mentor')?.userStatus).toBe('AVAILABLE')
    const told = (await t.server.ctx.outbox.historyOf(mentor.id)).filter((m) => m.type === 'PARTNER_LEFT')
    expect(told).toHaveLength(1)
    await t.server.deliverMail()

    // No trace in the data folder: database, its write-ahead log, mail files, provider records.
    expect(await storedMentioning(t, needles, [photo])).toEqual([])
    expect(await t.server.identityProvider?.accounts.findByEmail(mentee.email)).toBeUndefined()

    // The old session: its access token is refused with AccountDeleted, its refresh token is dead.
    const again = await t.api(mentee.tokens.access_token, 'POST', '/api/account/signup', signUpBody(mentee.email, 'Mentee'))
    expect([again.status, again.body.errorMessage]).toEqual([401, 'AccountDeleted'])
    const refreshed = await refreshTokens(t.base, mentee.tokens.refresh_token)
    expect(refreshed.status).toBe(400)
    expect(await t.server.ctx.users.byEmail(mentee.email)).toBeUndefined()
  })
})

describe('Delete my account, mails over SMTP', () => {
  let smtp: TestSmtp
  let t: RealServer
  beforeAll(async () => {
    smtp = await startTestSmtp()
    t = await startRealServer({ SMTP_URL: smtp.url })
  })
  afterAll(async () => {
    await t.close()
    await smtp.stop()
  })

  it("a mentor leaving tells the waiting mentee, in the mentee's language, without naming the mentor", async () => {
    const mentor = await aParticipant(t, { email: 'otto.gone@example.org', firstName: 'Otto', lastName: 'Gone' }, 'Mentor', {
      city: 'Kiel',
      company: 'Ottocorp',
    })
    const mentee = await aParticipant(
      t,
      { email: 'greta.stays@example.org', firstName: 'Greta', lastName: 'Stays', language: 'de' },
      'Mentee',
      { city: 'Köln', company: 'Gretacorp' },
    )
    await chooseMentor(t, mentee, mentor)
    const needles = [mentor.email, 'Otto', 'Ottocorp', String(claimsOf(mentor.tokens)['sub'])]
    const photo = await storedPhoto(t, mentor.id)
    expect((await storedMentioning(t, needles, [photo])).length).toBeGreaterThan(0)
    expect((await deleteMine(t, mentor.tokens.access_token, mentor.email, mentor.email)).status).toBe(200)
    await t.server.deliverMail()
    // With SMTP the mails live in the database only: no trace there either.
    expect(await storedMentioning(t, needles, [photo])).toEqual([])
    const toMentee = (await smtp.parsed()).filter((m) => m.headers.get('x-tandem-notification') === 'PARTNER_LEFT')
    expect(toMentee).toHaveLength(1)
    const mail = toMentee[0]
    expect(mail?.subject).toBe('Ihr*e Mentor*in hat Tandem verlassen')
    expect(mail?.text).toContain('Greta')
    expect(`${mail?.subject} ${mail?.text} ${mail?.html}`).not.toMatch(/Otto|Gone|otto\.gone/)
    // The mentee may start again at once.
    const details = await t.api<{ userStatuses: { role: string; userStatus: string }[] }>(
      mentee.tokens.access_token,
      'GET',
      `/api/Account/GetUserDetails?emailId=${encodeURIComponent(mentee.email)}`,
    )
    expect(details.body.value.userStatuses.find((s) => s.role === 'Mentee')?.userStatus).toBe('AVAILABLE')
  })
})
