// DeleteUserFromIdp with deletefromDB=true and SyncDBFromIdp, on the real server with its real
// embedded provider: every personal record of the deleted user leaves every table, while the
// partner's tandem history stays whole (anonymised); sync copies the provider's account fields.
import { aMenteeAnswers, aMentorAnswers } from '@tandem/fixtures'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SIGN_UP, signUp, type Tokens, refreshTokens } from '../../../identity/test/support/harness.js'
import { confirmAddress, emlMails } from '../support/admin-verified.support.js'
import { sql } from 'kysely'
import { query, rowsOfTable, tableNames } from '../support/database.under-test.js'
import { toWire } from '../support/harness.js'
import { idByEmail } from '../support/user-ids.support.js'
import { claimsOf, signUpBody, startRealServer, type RealServer } from '../support/identity.harness.js'
import { storedMentioning, storedPhoto } from '../support/self-service.support.js'
import { type UserId } from '@tandem/core'

const ADMIN = 'root@example.org'
let t: RealServer
let admin: Tokens

beforeAll(async () => {
  t = await startRealServer({ ADMIN_EMAILS: ADMIN })
  await signUp(t.endpoint, { ...SIGN_UP, email: ADMIN, given_name: 'Root', family_name: 'Admin' })
  // ADMIN_EMAILS counts only on a confirmed address: the admin opens the mailed link first.
  admin = await confirmAddress(t.endpoint, () => emlMails(t.dir), ADMIN)
  expect((await t.api(admin.access_token, 'POST', '/api/account/signup', signUpBody(ADMIN, 'Mentee'))).status).toBe(200)
})
afterAll(async () => {
  await t.close()
})

type Person = { email: string; tokens: Tokens; id: UserId }

const participant = async (
  fields: Record<string, string>,
  side: 'Mentee' | 'Mentor',
  profile: { city: string; company: string },
): Promise<Person> => {
  const tokens = await signUp(t.endpoint, { ...SIGN_UP, ...fields })
  const email = fields['email'] ?? ''
  const ok = async (reply: Promise<{ status: number; body: unknown }>, what: string) => {
    const r = await reply
    if (r.status !== 200) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`)
  }
  await ok(t.api(tokens.access_token, 'POST', '/api/account/signup', signUpBody(email, side)), 'sign-up')
  await ok(
    t.api(tokens.access_token, 'POST', '/api/user/UpdateProfile', {
      email,
      professionalPosition: 'Engineer',
      company: profile.company,
      countryCodeId: 64,
      stateOriginalId: 1,
      city: profile.city,
      languageId: 1,
      clusterId: side === 'Mentee' ? ((await t.server.ctx.clusters.defaultCluster())?.clusterId ?? null) : null,
      profileQuestionAnswer: [],
      isDeletedProfileImage: false,
    }),
    'profile',
  )
  await ok(
    t.api(tokens.access_token, 'POST', '/api/Questionnaire/CreateAnswer', {
      email,
      roleName: side,
      isSavePublish: true,
      userSelectedAnswerSaveModel: toWire(side, side === 'Mentee' ? aMenteeAnswers() : aMentorAnswers()),
    }),
    'answers',
  )
  return { email, tokens, id: await idByEmail(t.server.ctx, email) }
}

/** Every table and row that still mentions one of the needles or refers to the user id. */
const tracesOf = async (userId: number, needles: readonly string[]): Promise<string[]> => {
  const found: string[] = []
  for (const table of await tableNames(t.server)) {
    for (const row of await rowsOfTable(t.server, table)) {
      const text = Object.values(row)
        .filter((v) => typeof v === 'string')
        .join('\n')
        .toLowerCase()
      const needle = needles.find((n) => text.includes(n.toLowerCase()))
      const reference = ['user_id', 'mentee_id', 'mentor_id'].find((c) => row[c] === userId)
      if (needle !== undefined || reference !== undefined) found.push(`${table}: ${needle ?? reference}`)
    }
  }
  return [...new Set(found)]
}

describe('DeleteUserFromIdp with deletefromDB=true', () => {
  it('removes every personal record of the user from every table, while the partner keeps a whole, anonymised tandem history', async () => {
    const mentor = await participant({ email: 'mentor.marta@example.org', given_name: 'Marta', family_name: 'Mentorova' }, 'Mentor', {
      city: 'Hamburg',
      company: 'Teachers',
    })
    const mentee = await participant(
      { email: 'zelda.quixote@example.org', given_name: 'Zelda', family_name: 'Quixote', birthdate: '1987-03-04' },
      'Mentee',
      { city: 'Quixotown', company: 'Zeldacorp' },
    )
    const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c00' } })
      .png()
      .toBuffer()
    const form = new FormData()
    form.append('email', mentee.email)
    form.append('imageFile', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'me.png')
    expect(
      (
        await fetch(`${t.base}/api/user/UpdateProfileImage`, {
          method: 'POST',
          headers: { authorization: `Bearer ${mentee.tokens.access_token}` },
          body: form,
        })
      ).status,
    ).toBe(200)
    // Matching proposes the mentor: a tandem of both.
    expect(
      (await t.api(mentee.tokens.access_token, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: mentee.email })).status,
    ).toBe(200)
    const tandemIds = (
      await query<{ id: number }>(t.server, sql`select id from tandems where mentee_id = ${mentee.id} and mentor_id = ${mentor.id}`)
    ).map((r) => r.id)
    expect(tandemIds.length).toBeGreaterThan(0)

    // The administrator accepts for both: MATCHED, and each gets mail naming the other as partner.
    const tandemId = tandemIds[0] ?? 0
    const loaded = await t.api<{
      version: number
      matchingTandemMenteeProposal: { proposalId: number }
      matchingTandemMentorProposal: { proposalId: number }
    }>(admin.access_token, 'POST', `/api/Admin/GetMatchingTandemById?matchingTandemId=${tandemId}`)
    const version = loaded.body.value.version
    const accepted = await t.api(admin.access_token, 'POST', '/api/Admin/AcceptProposal', [
      {
        email: mentee.email,
        role: 'Mentee',
        pairedUserEmail: mentor.email,
        proposalSaveModel: [{ proposalId: loaded.body.value.matchingTandemMenteeProposal.proposalId, proposalState: 'ACCEPTED' }],
        matchingTandemSaveModel: [{ matchingTandemId: tandemId, tandemState: 'ACTIVE', version }],
      },
      {
        email: mentor.email,
        role: 'Mentor',
        pairedUserEmail: mentee.email,
        proposalSaveModel: [{ proposalId: loaded.body.value.matchingTandemMentorProposal.proposalId, proposalState: 'ACCEPTED' }],
        matchingTandemSaveModel: [{ matchingTandemId: tandemId, tandemState: 'MATCHED', version }],
      },
    ])
    expect(accepted.status).toBe(200)
    const approve = await t.api(admin.access_token, 'POST', '/api/Notification/NotifyUser', {
      email: mentor.email,
      notificationType: 'APPROVE_TANDEM',
      matchingTandemId: tandemId,
    })
    expect(approve.status).toBe(200)
    await t.server.deliverMail()
    const mentorMails = async () => (await t.server.ctx.outbox.historyOf(mentor.id)).filter((m) => m.status === 'sent').length

    const subject = String(claimsOf(mentee.tokens)['sub'])
    const needles = [mentee.email, subject, 'Zelda', 'Quixote', 'Zeldacorp', 'Quixotown', '1987-03-04']
    const photo = await storedPhoto(t, mentee.id)
    const before = (await tracesOf(mentee.id, needles)).map((f) => f.split(':')[0])
    const filesBefore = await storedMentioning(t, needles, [photo])
    expect(filesBefore.some((f) => f.startsWith('mail/'))).toBe(true)
    expect(filesBefore.some((f) => f.endsWith('bytes 0'))).toBe(true)
    expect(before).toEqual(
      expect.arrayContaining(['users', 'answers', 'profile_images', 'tandems', 'outbox', 'identity_accounts', 'oidc_models']),
    )
    const mentorMailsBefore = await mentorMails()
    expect(mentorMailsBefore).toBeGreaterThan(0)

    const reply = await t.api(
      admin.access_token,
      'GET',
      `/api/Account/DeleteUserFromIdp?emailId=${encodeURIComponent(mentee.email)}&deletefromDB=true`,
    )
    expect(reply.status).toBe(200)
    expect(await tracesOf(mentee.id, needles)).toEqual([])
    // Nor in the bytes of the data folder: database and write-ahead log, mail files, the photo.
    expect(await storedMentioning(t, needles, [photo])).toEqual([])
    // The mentor's delivered mails stay in their history (subject and date), without the mentee's data.
    expect(await mentorMails()).toBe(mentorMailsBefore)

    // The partner's history: the same tandems, still the mentor's, now with an anonymous mentee.
    const after = await query<{ id: number; mentee_id: number; mentor_id: number; state: string }>(
      t.server,
      sql`select id, mentee_id, mentor_id, state from tandems where id in (${sql.join(tandemIds)})`,
    )
    expect(after.map((r) => r.id).sort()).toEqual([...tandemIds].sort())
    expect(after.every((r) => r.mentor_id === mentor.id && r.mentee_id !== mentee.id)).toBe(true)
    const team = await t.api<{
      matchingTandemMenteeProposal: { email: string; lastName: string }
      matchingTandemMentorProposal: { email: string }
    }>(admin.access_token, 'POST', `/api/Admin/GetMatchingTandemById?matchingTandemId=${tandemIds[0]}`)
    expect(team.status).toBe(200)
    expect(team.body.value.matchingTandemMentorProposal.email).toBe(mentor.email)
    expect(team.body.value.matchingTandemMenteeProposal.lastName).toBe('Deleted user')
    // The placeholder is nobody: not in the admin's user list, and the old token finds no user.
    const users = await t.api<{ email: string }[]>(admin.access_token, 'GET', '/api/Admin/GetAllUsers')
    expect(users.body.value.map((u) => u.email)).not.toContain(team.body.value.matchingTandemMenteeProposal.email)
    expect(users.body.value.map((u) => u.email)).toContain(mentor.email)
    // (The old token is refused outright since deletion is final: 401 AccountDeleted, not 404.)
    expect(
      (await t.api(mentee.tokens.access_token, 'GET', `/api/Account/GetUserDetails?emailId=${encodeURIComponent(mentee.email)}`)).status,
    ).toBe(401)
    // The provider's session and refresh token are gone with the account.
    const refreshed = await refreshTokens(t.base, mentee.tokens.refresh_token)
    expect(refreshed.status).toBe(400)
  })

  it('without deletefromDB only the provider account goes; our record stays', async () => {
    const email = 'keep.record@example.org'
    const tokens = await signUp(t.endpoint, { ...SIGN_UP, email })
    expect((await t.api(tokens.access_token, 'POST', '/api/account/signup', signUpBody(email, 'Mentor'))).status).toBe(200)
    expect(
      (await t.api(admin.access_token, 'GET', `/api/Account/DeleteUserFromIdp?emailId=${encodeURIComponent(email)}&deletefromDB=false`))
        .status,
    ).toBe(200)
    expect(await t.server.ctx.users.byEmail(email)).toBeDefined()
    expect(await t.server.identityProvider?.accounts.findByEmail(email)).toBeUndefined()
  })
})

describe('SyncDBFromIdp', () => {
  it('copies names, e-mail, birth date, gender and language from the provider accounts and reports how many users changed', async () => {
    const email = 'sync.me@example.org'
    const tokens = await signUp(t.endpoint, {
      ...SIGN_UP,
      email,
      given_name: 'Sam',
      family_name: 'Sync',
      birthdate: '1980-01-01',
      gender: 'Male',
    })
    expect((await t.api(tokens.access_token, 'POST', '/api/account/signup', signUpBody(email, 'Mentee'))).status).toBe(200)
    const sync = () => t.api<number>(admin.access_token, 'GET', '/api/Admin/SyncDBFromIdp')
    // Nothing differs yet: nobody is counted.
    expect((await sync()).body.value).toBe(0)
    await query(
      t.server,
      sql`update identity_accounts set given_name = ${'Samantha'}, family_name = ${'Synced'}, birthdate = ${'1981-02-03'},
        gender = ${'Female'}, locale = ${'de'}, email = ${'synced@example.org'} where email = ${email}`,
    )
    const reply = await sync()
    expect(reply.status).toBe(200)
    expect(reply.body.value).toBe(1)
    expect(await t.server.ctx.users.byEmail('synced@example.org')).toMatchObject({
      firstName: 'Samantha',
      lastName: 'Synced',
      birthDate: '1981-02-03',
      gender: 'Female',
      language: 'de',
    })
    expect((await sync()).body.value).toBe(0)
  })

  it('is for administrators only', async () => {
    const email = 'curious@example.org'
    const tokens = await signUp(t.endpoint, { ...SIGN_UP, email })
    expect((await t.api(tokens.access_token, 'POST', '/api/account/signup', signUpBody(email, 'Mentee'))).status).toBe(200)
    expect((await t.api(tokens.access_token, 'GET', '/api/Admin/SyncDBFromIdp')).status).toBe(403)
  })
})
