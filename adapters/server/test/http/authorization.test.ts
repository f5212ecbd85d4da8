// Walks the route table: every route x {anonymous, mentee, mentor, both, admin, another
// participant}. Fails when a route has no sample, so a new route cannot skip the matrix. What each
// caller must get follows the policies pinned in support/route-policies.pinned.ts, never the
// policy the route declares: a route whose declared policy drifts from the pinned one fails.
import { routeTable, type Route } from '@tandem/http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, type Harness, type Person } from '../support/harness.js'
import { SAMPLES, concretePath, type Sample } from '../support/samples.js'
import { PINNED_POLICIES } from '../support/route-policies.pinned.js'
import { encodedKeyPair } from '@tandem/testing'
import { type UserId } from '@tandem/core'

let h: Harness
let routes: readonly Route[]
let mentee: Person, mentor: Person, both: Person, other: Person, target: Person
beforeAll(async () => {
  h = await startHarness()
  routes = routeTable(h.server.services)
  ;[mentee, mentor, both, other, target] = [h.person('Mia'), h.person('Max'), h.person('Bo'), h.person('Otto'), h.person('Tara')]
  await h.signUp(mentee, 'Mentee')
  await h.signUp(mentor, 'Mentor')
  await h.signUp(both, 'Mentee')
  await h.call(both, 'POST', '/api/Account/signin', { Email: both.email, Role: 'Mentor' })
  await h.signUp(other, 'Mentee')
  await h.signUp(target, 'Mentee')
  await h.call(h.admin, 'POST', '/api/Account/signin', { Email: h.admin.email, Role: null })
})
afterAll(async () => {
  await h.close()
})

const key = (r: Route) => `${r.method} ${r.path}`
/** The policy pinned for the route; a route missing from the pinned table is held to the strictest. */
const pinned = (r: Route) => PINNED_POLICIES.get(key(r)) ?? 'admin'

const send = (who: Person | null, route: Route, sample: Sample, userId: number) => {
  const query = sample.query === undefined ? '' : `?${new URLSearchParams(sample.query).toString()}`
  const path = concretePath(route.path, userId) + query
  if (route.multipart === true) {
    const form = new FormData()
    for (const [k, v] of Object.entries(sample.body as Record<string, string>)) form.append(k, v)
    return (async () => {
      const headers: Record<string, string> = who === null ? {} : { authorization: `Bearer ${await h.tokenFor(who)}` }
      const response = await fetch(`${h.base}${path}`, { method: 'POST', headers, body: form })
      return { status: response.status, body: (await response.json()) as { value: unknown } }
    })()
  }
  return h.call(who, route.method, path, sample.body)
}

/** Served: answered by the route itself, never refused as unauthorised nor failed with a server error. */
const served = (status: number): boolean => status !== 401 && status !== 403 && status < 500

const idOf = (p: Person): Promise<UserId> => h.idOf(p)

describe('authorization matrix', () => {
  it('has a sample request for every route of the table', () => {
    expect(routes.map(key).filter((k) => SAMPLES[k] === undefined)).toEqual([])
    expect(routes.length).toBeGreaterThanOrEqual(40)
  })

  it('declares for every route the policy pinned for it, and the pinned table names no route that is gone', () => {
    expect(routes.filter((r) => !PINNED_POLICIES.has(key(r))).map(key)).toEqual([])
    expect(routes.filter((r) => PINNED_POLICIES.get(key(r)) !== r.policy).map((r) => [key(r), r.policy])).toEqual([])
    expect([...PINNED_POLICIES.keys()].filter((k) => !routes.some((r) => key(r) === k))).toEqual([])
  })

  it('anonymous callers get 401 everywhere except the anonymous routes', async () => {
    for (const route of routes) {
      const reply = await send(null, route, (SAMPLES[key(route)] ?? (() => ({})))(target, target), await idOf(target))
      if (pinned(route) === 'anonymous') expect([key(route), served(reply.status)]).toEqual([key(route), true])
      else expect([key(route), reply.status]).toEqual([key(route), 401])
    }
  })

  it('admin routes answer 403 to mentee, mentor, both and any participant, and serve the admin', async () => {
    for (const route of routes.filter((r) => pinned(r) === 'admin')) {
      const sample = (SAMPLES[key(route)] ?? (() => ({})))(target, target)
      for (const who of [mentee, mentor, both, other]) {
        const reply = await send(who, route, sample, await idOf(target))
        expect([key(route), who.firstName, reply.status]).toEqual([key(route), who.firstName, 403])
        expect(reply.body.value).toBeNull()
      }
      const reply = await send(h.admin, route, sample, await idOf(target))
      expect([key(route), reply.status, served(reply.status)]).toEqual([key(route), reply.status, true])
    }
  })

  it('participant routes serve each participant on their own data and refuse another participant naming it', async () => {
    for (const route of routes.filter((r) => pinned(r) === 'self')) {
      const make = SAMPLES[key(route)] ?? (() => ({}))
      for (const owner of [mentee, mentor, both]) {
        const reply = await send(owner, route, make(owner, target), await idOf(owner))
        // A participant naming a side they do not hold gets 403 WrongRole (docs/product.md#status-codes); Both never does.
        const wrongRole = reply.status === 403 && 'errorMessage' in reply.body && reply.body.errorMessage === 'WrongRole' && owner !== both
        expect([key(route), owner.firstName, reply.status, served(reply.status) || wrongRole]).toEqual([
          key(route),
          owner.firstName,
          reply.status,
          true,
        ])
      }
      // Another participant (and the admin, who is no participant) naming the owner's data learns nothing.
      for (const intruder of [other, h.admin]) {
        const reply = await send(intruder, route, make(both, target), await idOf(both))
        const allowed =
          key(route) === 'GET /api/User/GetAllStatus'
            ? [200]
            : key(route) === 'GET /api/User/ProfileImage/:userId' && intruder !== h.admin
              ? [404]
              : key(route) === 'GET /api/User/ProfileImage/:userId'
                ? [200, 404]
                : key(route) === 'POST /api/account/signup' || key(route) === 'POST /api/Account/signin'
                  ? [403]
                  : [403]
        expect([key(route), intruder.firstName, allowed.includes(reply.status)]).toEqual([key(route), intruder.firstName, true])
        if (reply.status === 403) expect(JSON.stringify(reply.body)).not.toContain(both.lastName)
      }
    }
  })

  it('every route with a side parameter answers a participant naming the side they lack with 403 WrongRole', async () => {
    const named = (sample: Sample): boolean =>
      sample.query?.['role'] !== undefined ||
      ['role', 'roleName'].some((f) => typeof (sample.body as Record<string, unknown> | undefined)?.[f] === 'string')
    /** The route's sample for `who`, acting as `side`. */
    const as = (route: Route, who: Person, side: string): Sample => {
      const sample: Sample = (SAMPLES[key(route)] ?? (() => ({})))(who, target)
      const body =
        sample.body !== null && typeof sample.body === 'object' && !Array.isArray(sample.body)
          ? Object.fromEntries(Object.entries(sample.body).map(([k, v]) => [k, k === 'role' || k === 'roleName' ? side : v]))
          : sample.body
      return {
        ...(sample.query === undefined
          ? {}
          : { query: sample.query['role'] === undefined ? sample.query : { ...sample.query, role: side } }),
        body,
      }
    }
    const sided = routes.filter((r) => pinned(r) === 'self' && named((SAMPLES[key(r)] ?? (() => ({})))(mentee, target)))
    expect(sided.length).toBeGreaterThanOrEqual(8)
    // Fresh participants: the samples above (sign-in with a Role) may have given the others a second side.
    const [onlyMentee, onlyMentor] = [h.person('Mona'), h.person('Moritz')]
    await h.signUp(onlyMentee, 'Mentee')
    await h.signUp(onlyMentor, 'Mentor')
    for (const route of sided) {
      for (const [who, lacking] of [
        [onlyMentee, 'Mentor'],
        [onlyMentor, 'Mentee'],
      ] as const) {
        const reply = await send(who, route, as(route, who, lacking), await idOf(who))
        expect([key(route), who.firstName, reply.status, 'errorMessage' in reply.body ? reply.body.errorMessage : null]).toEqual([
          key(route),
          who.firstName,
          403,
          'WrongRole',
        ])
      }
      // Both holds both sides: never WrongRole.
      for (const side of ['Mentee', 'Mentor']) {
        const reply = await send(both, route, as(route, both, side), await idOf(both))
        expect([key(route), side, 'errorMessage' in reply.body ? reply.body.errorMessage : null]).not.toEqual([
          key(route),
          side,
          'WrongRole',
        ])
      }
    }
  })

  it('matches paths whatever their case or a trailing slash, and answers 404 in the envelope otherwise', async () => {
    const path = `/api/account/getuserdetails/?emailId=${encodeURIComponent(mentee.email)}`
    const reply = await h.call<{ email: string }>(mentee, 'GET', path)
    expect([reply.status, reply.body.value.email]).toEqual([200, mentee.email])
    expect((await h.call(mentee, 'GET', '/api/Account/NoSuchCall')).body).toEqual({
      isSuccess: false,
      isFailure: true,
      value: null,
      errorMessage: 'NotFound',
      errorCode: 'NotFound',
    })
    expect((await h.call(mentee, 'GET', '/api/MatchingTandem/GetProposals')).status).toBe(404)
  })

  it('refuses a token signed by another key, for another audience, or malformed', async () => {
    const { importPKCS8 } = await import('jose')
    const privateKey = await importPKCS8(encodedKeyPair('RS256').privatePem, 'RS256')
    const path = `/api/Account/GetUserDetails?emailId=${encodeURIComponent(mentee.email)}`
    const forged = await h.tokenFor(mentee, privateKey)
    const foreign = await h.tokenFor(mentee, h.privateKey, 'another-api')
    for (const token of [forged, foreign, 'not-a-token', '']) {
      const response = await fetch(`${h.base}${path}`, { headers: { authorization: `Bearer ${token}` } })
      expect(response.status).toBe(401)
    }
  })
})
