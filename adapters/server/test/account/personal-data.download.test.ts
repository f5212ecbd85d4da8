// "Download my data" (GDPR Art. 15 and 20) over real HTTP: the preparation runs after the request
// answers and reports progress; the zip holds exactly the person's data (data.json, photo, summary)
// and nobody else's, with a partner's name only where the tandem was shown to the person; only the
// person can poll or fetch it, and only once.
import { CURRENT_CONSENT_VERSIONS } from '@tandem/core'
import JSZip from 'jszip'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectOk, startHarness } from '../support/harness.js'
import { startRealServer, type RealServer } from '../support/identity.harness.js'
import { aParticipant, chooseMentor, type Participant } from '../support/self-service.support.js'

type Job = { state: string; progress: number }
type Data = {
  account: { email: string; firstName: string; registeredAt: string }
  answers: { side: string; answers: unknown[] }[]
  statuses: { mentee: { status: string } | null; mentor: { status: string } | null }
  tandems: { tandemId: number; side: string; state: string; partner: { firstName: string; lastName: string } | null }[]
  notifications: { type: string }[]
  consents: { document: string; accepted: boolean; acceptedAt: string | null; version: string | null }[]
  administratorReads: unknown[]
}

let t: RealServer
let marta: Participant
let otto: Participant
let zelda: Participant
let chosenTandem: number
beforeAll(async () => {
  t = await startRealServer()
  marta = await aParticipant(t, { email: 'marta.mentorova@example.org', firstName: 'Marta', lastName: 'Mentorova' }, 'Mentor', {
    city: 'Hamburg',
    company: 'Teachers',
  })
  otto = await aParticipant(t, { email: 'otto.other@example.org', firstName: 'Otto', lastName: 'Otherman' }, 'Mentor', {
    city: 'Kiel',
    company: 'Ottocorp',
  })
  zelda = await aParticipant(t, { email: 'zelda.quixote@example.org', firstName: 'Zelda', lastName: 'Quixote' }, 'Mentee', {
    city: 'Quixotown',
    company: 'Zeldacorp',
  })
  // Zelda's run proposes both mentors; she chooses Marta, so Otto's tandem closes unseen by him.
  chosenTandem = await chooseMentor(t, zelda, marta)
})
afterAll(async () => {
  await t.close()
})

const prepare = (p: Participant, email = p.email) =>
  t.api<Job>(p.tokens.access_token, 'POST', '/api/Account/PrepareMyData', { emailId: email })
const status = (p: Participant, email = p.email) =>
  t.api<Job>(p.tokens.access_token, 'GET', `/api/Account/MyDataStatus?emailId=${encodeURIComponent(email)}`)
const download = (p: Participant, email = p.email) =>
  fetch(`${t.base}/api/Account/DownloadMyData?emailId=${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${p.tokens.access_token}` },
  })

/** Prepares, polls until ready (recording progress) and opens the archive. */
const archiveOf = async (p: Participant): Promise<{ files: Map<string, Buffer>; progress: number[] }> => {
  const started = await prepare(p)
  expect([started.status, started.body.value]).toEqual([200, { state: 'preparing', progress: 0 }])
  const progress: number[] = []
  for (let i = 0; i < 200; i++) {
    const s = await status(p)
    expect(s.status).toBe(200)
    progress.push(s.body.value.progress)
    if (s.body.value.state !== 'preparing') break
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  const reply = await download(p)
  expect(reply.status).toBe(200)
  expect(reply.headers.get('content-type')).toBe('application/zip')
  expect(reply.headers.get('content-disposition')).toMatch(/attachment; filename="?tandem-my-data-\d{4}-\d{2}-\d{2}\.zip/)
  const zip = await JSZip.loadAsync(Buffer.from(await reply.arrayBuffer()))
  const files = new Map<string, Buffer>()
  for (const name of Object.keys(zip.files)) files.set(name, await zip.files[name]!.async('nodebuffer'))
  return { files, progress }
}
const dataIn = (files: Map<string, Buffer>): Data => JSON.parse(files.get('data.json')?.toString('utf8') ?? '{}') as Data
const allText = (files: Map<string, Buffer>): string => [...files.values()].map((b) => b.toString('utf8')).join('\n')
/** Every e-mail address anywhere in the archive, once each. */
const addressesIn = (files: Map<string, Buffer>): string[] => [
  ...new Set(allText(files).match(/[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+/gu) ?? []),
]

describe('download my data', () => {
  it("holds the mentee's own account, answers, statuses, tandems, mails, consents and photo, with the chosen mentor named and the other not", async () => {
    const { files, progress } = await archiveOf(zelda)
    expect([...files.keys()].sort()).toEqual(['data.json', 'photo.png', 'summary.txt'])
    expect(progress.at(-1)).toBe(100)
    const data = dataIn(files)
    expect(data.account).toMatchObject({ email: zelda.email, firstName: 'Zelda' })
    expect(data.answers.map((a) => a.side)).toEqual(['Mentee'])
    expect(data.answers[0]?.answers.length).toBeGreaterThan(0)
    expect(data.statuses.mentee?.status).toBe('PROPOSED')
    expect(data.statuses.mentor).toBeNull()
    const chosen = data.tandems.find((x) => x.tandemId === chosenTandem)
    expect(chosen).toMatchObject({ side: 'Mentee', state: 'ACTIVE', partner: { firstName: 'Marta', lastName: 'Mentorova' } })
    const other = data.tandems.filter((x) => x.tandemId !== chosenTandem)
    expect(other.map((x) => [x.state, x.partner])).toEqual([['CLOSED', null]])
    expect(data.notifications.map((n) => n.type)).toContain('NEW_TANDEM')
    // Accepted at sign-up: the versions in force then, with the time of the sign-up.
    expect(data.consents.map((c) => [c.document, c.accepted, c.version])).toEqual([
      ['privacyPolicy', true, CURRENT_CONSENT_VERSIONS.privacyPolicy],
      ['termsAndConditions', true, CURRENT_CONSENT_VERSIONS.termsAndConditions],
    ])
    expect(data.consents.map((c) => c.acceptedAt)).toEqual([data.account.registeredAt, data.account.registeredAt])
    expect(data.administratorReads).toEqual([])
    expect(files.get('photo.png')?.subarray(1, 4).toString('latin1')).toBe('PNG')
    expect(files.get('summary.txt')?.toString('utf8')).toContain('Zelda Quixote <zelda.quixote@example.org>')
    // Nobody else's data: no other address, no name of a mentor never shown as chosen.
    const text = allText(files)
    for (const foreign of [marta.email, otto.email, 'Otto', 'Otherman', 'Ottocorp', 'Teachers', 'Hamburg'])
      expect(text).not.toContain(foreign)
    expect(addressesIn(files)).toEqual([zelda.email])
    // The profile as she saved it.
    expect(text).toContain('Quixotown')
    expect(text).toContain('Zeldacorp')
  })

  it('lists who among the administrators looked at the data, when and how: ids and actions from the audit trail', async () => {
    const at = Date.UTC(2026, 10, 2, 9, 30)
    await t.server.ctx.audit.append({ at, adminId: otto.id, action: 'user.read', objectId: null, subjectIds: [zelda.id] })
    const data = dataIn((await archiveOf(zelda)).files)
    expect(data.administratorReads).toEqual([{ administratorId: otto.id, at: new Date(at).toISOString(), action: 'user.read' }])
    // a record about somebody else is not theirs to see
    expect(dataIn((await archiveOf(marta)).files).administratorReads).toEqual([])
  })

  it('names the mentee to the mentor she chose, and never to the mentor who did not see her request', async () => {
    const martas = await archiveOf(marta)
    const forMarta = dataIn(martas.files)
    expect(forMarta.tandems.map((x) => [x.side, x.partner])).toEqual([['Mentor', { firstName: 'Zelda', lastName: 'Quixote' }]])
    // The name only: nothing else of the mentee, nothing of the other mentor.
    expect(addressesIn(martas.files)).toEqual([marta.email])
    for (const foreign of [zelda.email, 'Zeldacorp', 'Quixotown', otto.email, 'Otto', 'Ottocorp', 'Kiel'])
      expect(allText(martas.files)).not.toContain(foreign)
    const forOtto = await archiveOf(otto)
    expect(dataIn(forOtto.files).tandems.map((x) => [x.side, x.state, x.partner])).toEqual([['Mentor', 'CLOSED', null]])
    const text = allText(forOtto.files)
    for (const foreign of [zelda.email, 'Zelda', 'Quixote', 'Zeldacorp', marta.email, 'Marta']) expect(text).not.toContain(foreign)
  })

  it('is for the person only, and is handed out once', async () => {
    await prepare(zelda)
    // Another participant can neither poll nor fetch it, and has none of their own.
    expect((await status(otto, zelda.email)).status).toBe(403)
    expect((await download(otto, zelda.email)).status).toBe(403)
    expect((await t.api(null, 'GET', `/api/Account/MyDataStatus?emailId=${encodeURIComponent(zelda.email)}`)).status).toBe(401)
    for (let i = 0; i < 200 && (await status(zelda)).body.value.state === 'preparing'; i++) await new Promise((r) => setTimeout(r, 10))
    expect((await download(zelda)).status).toBe(200)
    expect((await download(zelda)).status).toBe(404)
    expect((await status(zelda)).status).toBe(404)
  })
})

describe('download my data after administrators looked', () => {
  it("lists each administrator's read of the person, by id and time, and nothing of the administrator or of other people read with them", async () => {
    const h = await startHarness()
    try {
      expectOk(await h.call(h.admin, 'POST', '/api/Account/signin', { Email: h.admin.email, Role: null }), 'admin sign-in')
      const mia = h.person('Miriam')
      const bo = h.person('Bonifaz')
      expectOk(await h.signUp(mia, 'Mentee'), 'sign-up')
      expectOk(await h.signUp(bo, 'Mentor'), 'sign-up')
      h.clock.advance(60_000)
      expectOk(await h.call(h.admin, 'GET', `/api/Admin/GetUserDetail?email=${encodeURIComponent(mia.email)}&language=en`), 'detail')
      const readAt = h.clock()
      h.clock.advance(60_000)
      // A list with e-mails names everyone listed: Miriam and Bonifaz.
      expectOk(await h.call(h.admin, 'GET', '/api/Admin/GetAllUsers'), 'all users')
      const listedAt = h.clock()

      expectOk(await h.call(mia, 'POST', '/api/Account/PrepareMyData', { emailId: mia.email }), 'prepare')
      const statusPath = `/api/Account/MyDataStatus?emailId=${encodeURIComponent(mia.email)}`
      for (let i = 0; i < 200 && (await h.call<Job>(mia, 'GET', statusPath)).body.value.state === 'preparing'; i++)
        await new Promise((resolve) => setTimeout(resolve, 10))
      const reply = await fetch(`${h.base}/api/Account/DownloadMyData?emailId=${encodeURIComponent(mia.email)}`, {
        headers: { authorization: `Bearer ${await h.tokenFor(mia)}` },
      })
      expect(reply.status).toBe(200)
      const zip = await JSZip.loadAsync(Buffer.from(await reply.arrayBuffer()))
      const files = new Map<string, Buffer>()
      for (const name of Object.keys(zip.files)) files.set(name, await zip.files[name]!.async('nodebuffer'))
      const adminId = (await h.server.ctx.users.byEmail(h.admin.email))?.id
      // Newest first, as the audit trail lists them.
      expect(dataIn(files).administratorReads).toEqual([
        { administratorId: adminId, at: new Date(listedAt).toISOString(), action: 'users.list' },
        { administratorId: adminId, at: new Date(readAt).toISOString(), action: 'user.read' },
      ])
      expect(addressesIn(files)).toEqual([mia.email])
      for (const foreign of [`${h.admin.firstName} ${h.admin.lastName}`, bo.firstName, bo.lastName])
        expect(allText(files)).not.toContain(foreign)
    } finally {
      await h.close()
    }
  })
})
