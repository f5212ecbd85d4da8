// Consents over real HTTP on a real database: sign-up stores the versions of the privacy policy
// and the terms in force with the time; once a version changes, the caller's details name that
// document as due, and AcceptConsents records the new version (an outdated one is a 400). Until then
// the API itself refuses every other signed-in call (403 ConsentsDue), not only the web app.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CURRENT_CONSENT_VERSIONS, type UserView } from '@tandem/core'
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { queryFolder } from '../support/database.under-test.js'
import { START, startHarness, type Harness } from '../support/harness.js'

const folders: string[] = []
const harnesses: Harness[] = []
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.close()
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const start = async (dir: string, consentVersions?: { privacyPolicy: string; termsAndConditions: string }) => {
  const h = await startHarness(consentVersions === undefined ? { dataDir: dir } : { dataDir: dir, consentVersions })
  harnesses.push(h)
  return h
}

/** What the data folder's database holds for the address, read with a connection of its own. */
const storedConsents = (dir: string, email: string) =>
  queryFolder(
    dir,
    sql`select c.document, c.version, c.accepted_at as ${sql.id('acceptedAt')} from consents c join users u on u.id = c.user_id
      where u.email = ${email} order by c.document`,
  )

describe('consents with versions', () => {
  it('stores the versions in force with the time at sign-up; a new version is due until accepted, then stored', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tandem-consents-'))
    folders.push(dir)
    const first = await start(dir)
    const nora = first.person('Nora')
    expect((await first.signUp(nora, 'Mentee')).status).toBe(200)
    const details = await first.call<UserView>(nora, 'GET', `/api/Account/GetUserDetails?emailId=${encodeURIComponent(nora.email)}`)
    expect(details.body.value?.consentsDue).toEqual([])
    await first.close()
    harnesses.splice(0)
    expect(await storedConsents(dir, nora.email)).toEqual([
      { document: 'privacyPolicy', version: CURRENT_CONSENT_VERSIONS.privacyPolicy, acceptedAt: START },
      { document: 'termsAndConditions', version: CURRENT_CONSENT_VERSIONS.termsAndConditions, acceptedAt: START },
    ])

    // A new privacy policy: the same account, the next sign-in.
    const next = { ...CURRENT_CONSENT_VERSIONS, privacyPolicy: 'next-privacy-version' }
    const second = await start(dir, next)
    const detailsPath = `/api/Account/GetUserDetails?emailId=${encodeURIComponent(nora.email)}`
    const due = await second.call<UserView>(nora, 'GET', detailsPath)
    expect([due.status, due.body.value?.consentsDue, due.body.value?.consentVersions]).toEqual([200, ['privacyPolicy'], next])

    // Accepting what the page showed before the change is refused and changes nothing.
    const outdated = await second.call(nora, 'POST', '/api/Account/AcceptConsents', {
      email: nora.email,
      versions: CURRENT_CONSENT_VERSIONS,
    })
    expect([outdated.status, outdated.body.value]).toEqual([400, [{ field: 'privacyPolicy', key: 'consent-version-outdated' }]])
    expect((await second.call<UserView>(nora, 'GET', detailsPath)).body.value?.consentsDue).toEqual(['privacyPolicy'])
    const malformed = await second.call(nora, 'POST', '/api/Account/AcceptConsents', { email: nora.email, versions: { privacyPolicy: 1 } })
    expect(malformed.status).toBe(400)

    second.clock.advance(60_000)
    const accepted = await second.call<UserView>(nora, 'POST', '/api/Account/AcceptConsents', { email: nora.email, versions: next })
    expect([accepted.status, accepted.body.value?.consentsDue]).toEqual([200, []])
    expect((await second.call<UserView>(nora, 'GET', detailsPath)).body.value?.consentsDue).toEqual([])
    await second.close()
    harnesses.splice(0)
    const acceptedAt = START + 60_000
    expect(await storedConsents(dir, nora.email)).toEqual([
      { document: 'privacyPolicy', version: 'next-privacy-version', acceptedAt },
      { document: 'termsAndConditions', version: CURRENT_CONSENT_VERSIONS.termsAndConditions, acceptedAt },
    ])
  })

  it('refuses every other call while a consent is due (403 ConsentsDue, before anything is read or written), answers the person their details, data and deletion, and everything again once accepted', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tandem-consents-'))
    folders.push(dir)
    const first = await start(dir)
    const nora = first.person('Nora')
    expect((await first.signUp(nora, 'Mentee')).status).toBe(200)
    await first.close()
    harnesses.splice(0)

    const next = { ...CURRENT_CONSENT_VERSIONS, termsAndConditions: 'next-terms-version' }
    const second = await start(dir, next)
    const email = encodeURIComponent(nora.email)
    const refused = [
      await second.call(nora, 'POST', '/api/MatchingTandem/GetWaitlist', { email: nora.email }),
      await second.call(nora, 'POST', '/api/MatchingTandem/GetProposals', { email: nora.email }),
      await second.call(nora, 'POST', '/api/user/UpdateProfile', { email: nora.email, firstName: 'Changed' }),
    ]
    expect(refused.map((r) => [r.status, r.body.errorCode])).toEqual([
      [403, 'ConsentsDue'],
      [403, 'ConsentsDue'],
      [403, 'ConsentsDue'],
    ])
    // what the consents dialog offers still answers, and the person's own profile
    expect((await second.call(nora, 'GET', `/api/User/GetUserProfile?email=${email}&language=en`)).status).toBe(200)
    expect((await second.call(nora, 'GET', `/api/Account/GetUserDetails?emailId=${email}`)).status).toBe(200)
    expect((await second.call(nora, 'POST', '/api/Account/PrepareMyData', { emailId: nora.email })).status).toBe(200)
    expect((await second.call(nora, 'GET', `/api/Account/MyDataStatus?emailId=${email}`)).status).toBe(200)
    expect((await second.call(nora, 'POST', '/api/Account/AcceptConsents', { email: nora.email, versions: next })).status).toBe(200)

    expect((await second.call(nora, 'GET', `/api/User/GetUserProfile?email=${email}&language=en`)).status).toBe(200)
    expect((await second.call(nora, 'POST', '/api/MatchingTandem/GetProposals', { email: nora.email })).status).toBe(200)
  })
})
