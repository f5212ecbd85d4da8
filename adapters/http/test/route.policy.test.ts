// defineRoute's policies as handlers see them: an anonymous handler is typed and called with
// `Actor | null`, a signed-in one only ever with an Actor, and a participant names only themselves.
import { EmailAddress, ok, type VerifiedIdentity } from '@tandem/core'
import * as t from 'io-ts'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { defineRoute, json, type Actor, type Incoming } from '../src/index.js'

const identity: VerifiedIdentity = {
  issuer: 'https://idp.example',
  subject: 's-1',
  email: 'ada@example.org',
  emailVerified: true,
  givenName: 'Ada',
  familyName: 'L',
  birthdate: null,
  gender: 'NA',
  locale: 'en',
  issuedAt: null,
}
const ada: Actor = { identity, userId: null, email: 'ada@example.org', roles: ['Mentee'], isAdmin: false, consentsDue: false }
const incoming = (body: unknown = undefined): Incoming => ({ query: {}, body, params: {}, file: null })

describe('route policies', () => {
  it('an anonymous handler receives null for a signed-out caller and the actor for a signed-in one', async () => {
    const seen: (Actor | null)[] = []
    const route = defineRoute({
      method: 'GET',
      path: '/x',
      policy: 'anonymous',
      summary: 'x',
      handle: async ({ actor }) => {
        expectTypeOf(actor).toEqualTypeOf<Actor | null>()
        seen.push(actor)
        return json(200, ok(actor?.email ?? null))
      },
    })
    expect(await route.run(null, incoming())).toMatchObject({ status: 200, body: { value: null } })
    expect(await route.run(ada, incoming())).toMatchObject({ status: 200, body: { value: 'ada@example.org' } })
    expect(seen).toEqual([null, ada])
  })
  it('a signed-in handler is typed with an Actor and never runs without one (401)', async () => {
    let calls = 0
    const route = defineRoute({
      method: 'GET',
      path: '/y',
      policy: 'self',
      summary: 'y',
      handle: async ({ actor }) => {
        expectTypeOf(actor).toEqualTypeOf<Actor>()
        calls += 1
        return json(200, ok(actor.email))
      },
    })
    expect(await route.run(null, incoming())).toMatchObject({ status: 401, body: { errorCode: 'Unauthorized' } })
    expect(calls).toBe(0)
  })
  it('a participant naming another e-mail is refused before the handler (403)', async () => {
    const route = defineRoute({
      method: 'POST',
      path: '/z',
      policy: 'self',
      summary: 'z',
      body: t.strict({ email: EmailAddress }),
      owner: (_q, b) => [b.email],
      handle: async () => json(200, ok(true)),
    })
    expect(await route.run(ada, incoming({ email: 'eve@example.org' }))).toMatchObject({ status: 403, body: { errorCode: 'Forbidden' } })
    expect(await route.run(ada, incoming({ email: 'ADA@example.org' }))).toMatchObject({ status: 200 })
  })
  it('a caller whose consents are due is refused (403 ConsentsDue) before decoding and the handler, except on a route that allows it', async () => {
    let calls = 0
    const routeOf = (whileConsentsDue: boolean) =>
      defineRoute({
        method: 'POST',
        path: '/c',
        policy: 'self',
        summary: 'c',
        body: t.type({ email: t.string }),
        ...(whileConsentsDue ? { whileConsentsDue: true as const } : {}),
        handle: async () => {
          calls += 1
          return json(200, ok(true))
        },
      })
    const due: Actor = { ...ada, consentsDue: true }
    expect(await routeOf(false).run(due, incoming({ email: 1 }))).toMatchObject({ status: 403, body: { errorCode: 'ConsentsDue' } })
    expect(calls).toBe(0)
    expect(await routeOf(true).run(due, incoming({ email: ada.email }))).toMatchObject({ status: 200 })
    expect(await routeOf(false).run(ada, incoming({ email: ada.email }))).toMatchObject({ status: 200 })
    expect(calls).toBe(2)
  })
})
