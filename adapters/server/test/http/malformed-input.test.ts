// Property: malformed bodies and queries sent to every route never produce a 500 and never change
// the database when refused. Plus the examples of docs/product.md#validation input handling: mass assignment, body and
// image size limits, images judged by their bytes.
import { routeTable, type Route } from '@tandem/http'
import fc from 'fast-check'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { sql } from 'kysely'
import { query, rowsOfTable, tableNames } from '../support/database.under-test.js'
import { startHarness, type Harness, type Person } from '../support/harness.js'
import { SAMPLES, concretePath, type Sample } from '../support/samples.js'

let h: Harness
let routes: readonly Route[]
let owner: Person
beforeAll(async () => {
  h = await startHarness()
  routes = routeTable(h.server.services)
  owner = await h.readyMentee('Olga')
  await h.publishedMentor('Pia')
  await h.call(h.admin, 'POST', '/api/Account/signin', { Email: h.admin.email, Role: null })
  tables = (await tableNames(h.server)).filter((table) => table !== COUNTS_EVERY_ATTEMPT).sort()
  expect(tables.length).toBeGreaterThan(15)
})
afterAll(async () => {
  await h.close()
})

/** The attempt counters count every attempt, refused or not: the one table a refused request may change. */
const COUNTS_EVERY_ATTEMPT = 'rate_limits'
let tables: readonly string[] = []

/**
 * Every row of every table the database itself lists (read once, in beforeAll), each table's rows in
 * an order of their own so both databases compare alike. PostgreSQL answers them in one statement:
 * a query per table per case made the property a minute long there.
 */
const snapshot = async (): Promise<string> => {
  if (h.server.db.dialect === 'sqlite') {
    const rows = await Promise.all(
      tables.map(
        async (table) =>
          `${table}\n${(await rowsOfTable(h.server, table))
            .map((row) => JSON.stringify(row))
            .sort()
            .join('\n')}`,
      ),
    )
    return rows.join('\n\n')
  }
  const perTable = tables.map(
    (table) =>
      sql`select ${table} as name, (select coalesce(string_agg(row_to_json(t)::text, chr(10) order by row_to_json(t)::text), '') from ${sql.table(table)} t) as rows`,
  )
  const rows = await query<{ name: string; rows: string }>(h.server, sql.join(perTable, sql` union all `))
  return rows.map((row) => `${row.name}\n${row.rows}`).join('\n\n')
}

/** Waits until the work an accepted request left running off the request (a download being prepared, a cohort run, a preview) is done. */
const backgroundDone = async (): Promise<void> =>
  await vi.waitFor(
    async () => {
      const preparing = await query(h.server, sql`select job from personal_data_downloads where state = 'preparing'`)
      const running = await query(h.server, sql`select id from cohort_runs where state = 'Running'`)
      const previews = await query(h.server, sql`select id from questionnaire_previews where state = 'Running'`)
      expect([...preparing, ...running, ...previews]).toEqual([])
    },
    { timeout: 10_000, interval: 20 },
  )

const auditCount = async (): Promise<number> =>
  Number((await query<{ n: number | string }>(h.server, sql`select count(*) as n from audit_records`))[0]?.n ?? 0)

/**
 * A spreadsheet export that was answered is recorded once its last byte was written, a moment after
 * the client has it (docs/privacy.md, accountability): wait for that record, so it does not land in
 * the next case's before-and-after comparison.
 */
const AUDITED_EXPORTS = new Set([
  '/api/Admin/ExportUserDataByRole',
  '/api/Admin/ExportMatchingTandemData',
  '/api/Admin/ExportTeamsNeedingAttention',
])
const exportRecorded = async (before: number): Promise<void> =>
  await vi.waitFor(async () => expect(await auditCount()).toBeGreaterThan(before), { timeout: 10_000, interval: 10 })

const key = (r: Route) => `${r.method} ${r.path}`

type Input = { readonly body: unknown; readonly query: Record<string, string> | undefined; readonly raw?: string }
/** One kind of malformed input for a route: its values, drawn by fast-check, and how many to draw. */
type Kind = { readonly name: string; readonly inputs: fc.Arbitrary<Input>; readonly runs: number }

const RAW_BODIES = ['{"unterminated', 'null', '[1,', '"text"', '{"__proto__": {"isAdmin": true}}']
const wrongValue = fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.array(fc.jsonValue(), { maxLength: 3 }), fc.double())

/**
 * Every kind of malformed input that applies to a route's sample, each field and query key a kind
 * of its own: the whole body replaced by any JSON or by each unparsable or hostile text (POST only,
 * a GET has no body), each field dropped or given a wrong value, the query replaced, each query key
 * given any text.
 */
const malformedKinds = (route: Route, sample: Sample): readonly Kind[] => {
  const body = sample.body
  const fields = body !== null && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : []
  const queryKeys = Object.keys(sample.query ?? {})
  const query = sample.query
  const bodyKinds: Kind[] = [
    { name: 'any JSON body', inputs: fc.jsonValue().map((v) => ({ body: v, query })), runs: 4 },
    ...RAW_BODIES.map((raw) => ({ name: `raw body ${raw}`, inputs: fc.constant({ body: undefined, raw, query }), runs: 1 })),
    ...fields.map((f) => ({
      name: `body without ${f}`,
      inputs: fc.constant({ body: Object.fromEntries(Object.entries(body as object).filter(([k]) => k !== f)), query }),
      runs: 1,
    })),
    ...fields.map((f) => ({
      name: `wrong ${f}`,
      inputs: wrongValue.map((v) => ({ body: { ...(body as object), [f]: v }, query })),
      runs: 3,
    })),
  ]
  return [
    ...(route.method === 'GET' ? [] : bodyKinds),
    {
      name: 'any query',
      inputs: fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 12 })).map((q) => ({ body, query: q })),
      runs: 3,
    },
    ...queryKeys.map((k) => ({
      name: `query ${k} as any text`,
      inputs: fc.string({ maxLength: 40 }).map((v) => ({ body, query: { ...query, [k]: v } })),
      runs: 3,
    })),
  ]
}

const sendMalformed = async (route: Route, caller: Person, input: Input) => {
  const q = input.query === undefined ? '' : `?${new URLSearchParams(input.query).toString()}`
  const path = concretePath(route.path, (await h.server.ctx.users.byEmail(owner.email))?.id ?? 1) + q
  if (route.method === 'GET') return h.call(caller, 'GET', path)
  if (input.raw !== undefined) return h.call(caller, 'POST', path, input.raw)
  return h.call(caller, 'POST', path, input.body === undefined ? 'null' : (JSON.stringify(input.body) ?? 'null'))
}

describe('malformed input', () => {
  it('no route answers 500 to malformed bodies or queries, and a refused request changes nothing', async () => {
    const met: string[] = []
    for (const route of routes) {
      if (route.multipart === true) continue
      const sample = (SAMPLES[key(route)] ?? (() => ({})))(owner, owner)
      const caller = route.policy === 'admin' ? h.admin : owner
      for (const kind of malformedKinds(route, sample)) {
        await fc.assert(
          fc.asyncProperty(kind.inputs, async (input) => {
            // Every case reaches the route, never the attempt limit of the ones before.
            await query(h.server, sql`delete from ${sql.table(COUNTS_EVERY_ATTEMPT)}`)
            await backgroundDone()
            const before = await snapshot()
            const records = await auditCount()
            const reply = await sendMalformed(route, caller, input)
            if (AUDITED_EXPORTS.has(route.path) && reply.status < 400) await exportRecorded(records)
            expect([key(route), kind.name, reply.status < 500]).toEqual([key(route), kind.name, true])
            if (reply.status >= 400) expect([key(route), kind.name, await snapshot()]).toEqual([key(route), kind.name, before])
            if (reply.status === 400) expect(reply.body.isFailure).toBe(true)
            expect([key(route), kind.name, reply.status]).not.toEqual([key(route), kind.name, 429])
            met.push(`${key(route)} ${kind.name}`)
          }),
          { numRuns: kind.runs },
        )
      }
    }
    // Every POST met the whole-body kinds, every route the replaced query.
    const posts = routes.filter((r) => r.method === 'POST' && r.multipart !== true).map(key)
    expect(
      posts.filter((k) => RAW_BODIES.some((raw) => !met.includes(`${k} raw body ${raw}`)) || !met.includes(`${k} any JSON body`)),
    ).toEqual([])
    expect(routes.filter((r) => r.multipart !== true && !met.includes(`${key(r)} any query`)).map(key)).toEqual([])
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
    const id = await h.idOf(owner)
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
    expect(await h.server.ctx.users.image(await h.idOf(p))).toBeUndefined()
  })

  it('refuses an image over 5 MB with 413', async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 10)
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    expect((await upload(owner, big, 'big.png', 'image/png')).status).toBe(413)
  })
})
