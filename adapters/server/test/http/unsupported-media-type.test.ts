// JSON routes refuse a body that is not JSON with 415 UnsupportedMediaType in the envelope, and
// change nothing; multipart stays for the photo, and a POST that takes no body needs no type.
import { routeTable } from '@tandem/http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, type Harness, type Person } from '../support/harness.js'
import { SAMPLES, type Sample } from '../support/samples.js'

type Body = string | FormData | Blob

let h: Harness
let owner: Person
beforeAll(async () => {
  h = await startHarness()
  owner = h.person('Olga')
  await h.signUp(owner, 'Mentee')
  await h.call(h.admin, 'POST', '/api/Account/signin', { Email: h.admin.email, Role: null })
})
afterAll(async () => {
  await h.close()
})

const post = async (who: Person, path: string, body: Body | undefined, headers: Record<string, string>) => {
  const response = await fetch(`${h.base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await h.tokenFor(who)}`, ...headers },
    ...(body === undefined ? {} : { body }),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

const envelope415 = {
  isSuccess: false,
  isFailure: true,
  value: null,
  errorMessage: 'UnsupportedMediaType',
  errorCode: 'UnsupportedMediaType',
}

describe('415 for JSON routes called with another media type', () => {
  const json = JSON.stringify({
    email: 'x@example.org',
    professionalPosition: 'E',
    company: 'C',
    countryCodeId: 64,
    stateOriginalId: 1,
    city: 'Berlin',
    languageId: 1,
    clusterId: null,
    profileQuestionAnswer: [],
    isDeletedProfileImage: false,
  })
  const form = new FormData()
  form.append('email', 'x@example.org')
  const cases: [string, () => Body, Record<string, string>][] = [
    ['text/plain', () => json, { 'content-type': 'text/plain' }],
    ['form data', () => 'email=x%40example.org', { 'content-type': 'application/x-www-form-urlencoded' }],
    ['XML', () => '<profile><email>x@example.org</email></profile>', { 'content-type': 'application/xml' }],
    ['multipart', () => form, {}],
    ['JSON in another charset', () => json, { 'content-type': 'application/json; charset=latin1' }],
    ['no content type', () => new Blob([json]), {}],
  ]
  for (const [name, body, headers] of cases) {
    it(`answers 415 UnsupportedMediaType for ${name}`, async () => {
      const reply = await post(owner, '/api/user/UpdateProfile', body(), headers)
      expect([reply.status, reply.body]).toEqual([415, envelope415])
    })
  }

  it('answers 415 on every JSON POST route of the table for a text/plain body', async () => {
    const routes = routeTable(h.server.services).filter((r) => r.method === 'POST' && r.multipart !== true && !r.path.includes(':'))
    for (const route of routes) {
      const sample: Sample = (SAMPLES[`${route.method} ${route.path}`] ?? (() => ({})))(owner, owner)
      const who = route.policy === 'admin' ? h.admin : owner
      const query = sample.query === undefined ? '' : `?${new URLSearchParams(sample.query).toString()}`
      const reply = await post(who, `${route.path}${query}`, JSON.stringify(sample.body ?? {}), { 'content-type': 'text/plain' })
      expect([route.path, reply.status, reply.body['errorMessage']]).toEqual([route.path, 415, 'UnsupportedMediaType'])
    }
  })

  it('keeps POSTs that take no body working without a content type, and multipart for the photo', async () => {
    const created = await post(h.admin, '/api/Admin/CreateCluster?yearText=No%20body%20year', undefined, {})
    expect([created.status, created.body['isSuccess']]).toEqual([200, true])
    const photo = new FormData()
    photo.append('email', owner.email)
    photo.append('IsDeleted', 'true')
    const removed = await post(owner, '/api/user/UpdateProfileImage', photo, {})
    expect([removed.status, removed.body['isSuccess']]).toEqual([200, true])
  })
})
