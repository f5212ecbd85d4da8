// Property: malformed bodies and queries sent to every route never produce a 500 and never change
// the database when refused. Plus the examples of docs/product.md#validation input handling: mass assignment, body and
// image size limits, images judged by their bytes.
import { routeTable, type Route } from '@tandem/http'
import fc from 'fast-check'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOfTable } from './database.under-test.js'
import { startHarness, type Harness, type Person } from './harness.js'
import { SAMPLES, concretePath, type Sample } from './samples.js'

let h: Harness
let routes: readonly Route[]
let owner: Person
beforeAll(async () => {
  h = await startHarness()
  routes = routeTable(h.server.services)
  owner = await h.readyMentee('Olga')
  await h.publishedMentor('Pia')
  await h.call(h.admin, 'POST', '/api/Account/signin', { Email: h.admin.email, Role: null })
})
afterAll(async () => {
  await h.close()
})

/** Every row of the tables a request may change, in an order of their own (so on both databases alike). */
const snapshot = async (): Promise<string> => {
  const tables = ['users', 'tandems', 'answers', 'clusters', 'outbox', 'profile_answers', 'profile_images']
  const rows = await Promise.all(tables.map(async (table) => (await rowsOfTable(h.server, table)).map((row) => JSON.stringify(row)).sort()))
  return rows.map((lines) => lines.join('\n')).join('\n\n')
}

const key = (r: Route) => `${r.method} ${r.path}`

/** A malformed variant of a sample: replaced wholesale, a field dropped, or a field given a wrong value. */
const malformed = (sample: Sample): fc.Arbitrary<{ body: unknown; query: Record<string, string> | undefined; raw?: string }> => {
  const body = sample.body
  const fields = body !== null && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : []
  const queryKeys = Object.keys(sample.query ?? {})
  const variants: fc.Arbitrary<{ body: unknown; query: Record<string, string> | undefined; raw?: string }>[] = [
    fc.jsonValue().map((v) => ({ body: v, query: sample.query })),
    fc
      .constantFrom('{"unterminated', 'null', '[1,', '"text"', '{"__proto__": {"isAdmin": true}}')
      .map((raw) => ({ body: undefined, raw, query: sample.query })),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 12 })).map((q) => ({ body, query: q })),
  ]
  if (fields.length > 0) {
    variants.push(
      fc
        .constantFrom(...fields)
        .map((f) => ({ body: Object.fromEntries(Object.entries(body as object).filter(([k]) => k !== f)), query: sample.query })),
    )
    variants.push(
      fc
        .tuple(
          fc.constantFrom(...fields),
          fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.array(fc.jsonValue(), { maxLength: 3 }), fc.double()),
        )
        .map(([f, v]) => ({ body: { ...(body as object), [f]: v }, query: sample.query })),
    )
  }
  if (queryKeys.length > 0) {
    variants.push(
      fc.tuple(fc.constantFrom(...queryKeys), fc.string({ maxLength: 40 })).map(([k, v]) => ({ body, query: { ...sample.query, [k]: v } })),
    )
  }
  return fc.oneof(...variants)
}

const sendMalformed = async (
  route: Route,
  caller: Person,
  input: { body: unknown; query: Record<string, string> | undefined; raw?: string },
) => {
  const q = input.query === undefined ? '' : `?${new URLSearchParams(input.query).toString()}`
  const path = concretePath(route.path, (await h.server.ctx.users.byEmail(owner.email))?.id ?? 1) + q
  if (route.method === 'GET') return h.call(caller, 'GET', path)
  if (input.raw !== undefined) return h.call(caller, 'POST', path, input.raw)
  return h.call(caller, 'POST', path, input.body === undefined ? 'null' : (JSON.stringify(input.body) ?? 'null'))
}

describe('malformed input', () => {
  it('no route answers 500 to malformed bodies or queries, and a refused request changes nothing', async () => {
    for (const route of routes) {
      if (route.multipart === true) continue
      const sample = (SAMPLES[key(route)] ?? (() => ({})))(owner, owner)
      const caller = route.policy === 'admin' ? h.admin : owner
      await fc.assert(
        fc.asyncProperty(malformed(sample), async (input) => {
          const before = await snapshot()
          const reply = await sendMalformed(route, caller, input)
          expect([key(route), reply.status]).not.toEqual([key(route), 500])
          if (reply.status >= 400) expect(await snapshot()).toBe(before)
          if (reply.status === 400) expect(reply.body.isFailure).toBe(true)
        }),
        { numRuns: 12 },
      )
    }
  }, 240_000)

  it('strips unknown fields: a body cannot set status, version or roles (no mass assignment)', async () => {
    const p = h.person('Eve')
    await h.signUp(p, 'Mentee')
    const reply = await h.call(p, 'POST', '/api/user/UpdateProfile', {
      email: p.email,
      professionalPosition: 'x',
      company: 'y',
      countryCodeId: 1,
      stateOriginalId: null,
      city: 'Rome',
      languageId: 1,
      clusterId: (await h.server.ctx.clusters.defaultCluster())?.clusterId,
      profileQuestionAnswer: [],
      isDeletedProfileImage: false,
      roles: '["Admin"]',
      mentee_status: 'MATCHED',
      version: 99,
      userRole: [{ name: 'Admin' }],
    })
    expect(reply.body.isSuccess).toBe(true)
    const stored = await h.server.ctx.users.byEmail(p.email)
    expect([stored?.roles, stored?.participant.mentee?.status, stored?.city]).toEqual([['Mentee'], 'NEW', 'Rome'])
    expect(stored?.participant.version).not.toBe(99)
  })

  it('refuses a JSON body over the limit with 413', async () => {
    const reply = await h.call(owner, 'POST', '/api/Logger/LogError', { ErrorMessage: 'x'.repeat(300_000) })
    expect(reply.status).toBe(413)
  })

  it('names the field and the message key of a bad value in the 400', async () => {
    const reply = await h.call(owner, 'POST', '/api/user/UpdateProfile', {
      email: owner.email,
      professionalPosition: 'x',
      company: 'y',
      countryCodeId: 64,
      stateOriginalId: null,
      city: '',
      languageId: 1,
      clusterId: null,
      profileQuestionAnswer: [],
      isDeletedProfileImage: false,
    })
    expect(reply.status).toBe(400)
    expect(reply.body.value).toEqual(
      expect.arrayContaining([
        { field: 'stateOriginalId', key: 'requiredFieldError' },
        { field: 'city', key: 'requiredFieldError' },
        { field: 'clusterId', key: 'requiredFieldError' },
      ]),
    )
  })
})

describe('profile image', () => {
  const upload = async (who: Person, bytes: Uint8Array, name: string, type: string) => {
    const form = new FormData()
    form.append('email', who.email)
    form.append('imageFile', new Blob([bytes], { type }), name)
    const response = await fetch(`${h.base}/api/user/UpdateProfileImage`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await h.tokenFor(who)}` },
      body: form,
    })
    return { status: response.status, body: (await response.json()) as { isSuccess: boolean; value: unknown } }
  }

  it('accepts a real jpeg, re-encodes it without metadata and shrinks it', async () => {
    const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#336699' } })
      .withExifMerge({ IFD0: { Artist: 'Secret Person', ImageDescription: 'home address' } })
      .jpeg()
      .toBuffer()
    expect(jpeg.includes(Buffer.from('Secret Person'))).toBe(true)
    expect((await upload(owner, jpeg, 'me.jpg', 'image/jpeg')).body.isSuccess).toBe(true)
    const id = (await h.server.ctx.users.byEmail(owner.email))?.id ?? 0
    const stored = await h.server.ctx.users.image(id)
    expect(stored?.mime).toBe('image/jpeg')
    expect(stored?.bytes.includes(Buffer.from('Secret Person'))).toBe(false)
    const meta = await sharp(stored?.bytes).metadata()
    expect([meta.width, meta.height, meta.exif]).toEqual([512, 341, undefined])
    const served = await fetch(`${h.base}/api/User/ProfileImage/${id}`, { headers: { authorization: `Bearer ${await h.tokenFor(owner)}` } })
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/jpeg'])
  })

  it('judges the image by its bytes, not its name: a text file named .png is refused and nothing is stored', async () => {
    const p = h.person('Ivo')
    await h.signUp(p, 'Mentee')
    const reply = await upload(p, new TextEncoder().encode('<svg onload=alert(1)>'), 'me.png', 'image/png')
    expect(reply.status).toBe(400)
    expect(JSON.stringify(reply.body)).toContain('invalid-profile-image')
    expect(await h.server.ctx.users.image((await h.server.ctx.users.byEmail(p.email))?.id ?? 0)).toBeUndefined()
  })

  it('refuses an image over 5 MB with 413', async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 10)
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    expect((await upload(owner, big, 'big.png', 'image/png')).status).toBe(413)
  })
})
