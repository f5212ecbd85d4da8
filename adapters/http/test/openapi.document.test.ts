// The API describes itself: the OpenAPI 3.1 document lists every route of the table with its
// method, path and policy, is valid OpenAPI 3.1, and is served (with the page that renders it) to
// signed-out callers by the real Express app.
import type { AddressInfo } from 'node:net'
import { Validator } from '@seriousme/openapi-schema-validator'
import { describe, expect, it } from 'vitest'
import { API_VERSION, createApp, openApiDocument, routeTable, type Services } from '../src/index.js'

/** No call reaches the services here: describing and serving the document needs none. */
const unreachable = new Proxy(
  {},
  {
    get: (_target, area) =>
      new Proxy(
        {},
        {
          get: (_t, call) => () => {
            throw new Error(`service ${String(area)}.${String(call)} called`)
          },
        },
      ),
  },
) as Services

const routes = routeTable(unreachable)
const document = openApiDocument(routes, API_VERSION)
const pathOf = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')

describe('the OpenAPI document', () => {
  it('has every route of the table with its method, policy and security requirement', () => {
    expect(routes.length).toBeGreaterThan(40)
    for (const route of routes) {
      const operation = document.paths[pathOf(route.path)]?.[route.method.toLowerCase()] as Record<string, unknown> | undefined
      expect(operation, `${route.method} ${route.path}`).toBeDefined()
      expect(operation?.['x-policy'], `${route.method} ${route.path}`).toBe(route.policy)
      expect(operation?.['summary']).toBe(route.summary)
      expect(operation?.['security']).toEqual(route.policy === 'anonymous' ? [] : [{ bearerAuth: [] }])
    }
    const operations = Object.values(document.paths).flatMap((methods) => Object.keys(methods))
    expect(operations.length).toBe(routes.length)
  })
  it('is valid OpenAPI 3.1 with every $ref resolving', async () => {
    const validator = new Validator()
    const result = await validator.validate(structuredClone(document))
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(validator.version).toBe('3.1')
    expect(() => validator.resolveRefs()).not.toThrow()
  })
  it('reads query parameters and bodies off the codecs', () => {
    const profile = document.paths['/api/user/GetUserProfile']?.['get'] as { parameters: { name: string; in: string; required: boolean }[] }
    expect(profile.parameters.map((p) => [p.name, p.in, p.required])).toEqual([
      ['email', 'query', true],
      ['language', 'query', true],
      ['role', 'query', false],
      ['viewProfileType', 'query', false],
    ])
    const accept = document.paths['/api/MatchingTandem/AcceptProposal']?.['post'] as {
      requestBody: { content: Record<string, { schema: { required: string[] } }> }
    }
    expect(accept.requestBody.content['application/json']?.schema.required).toEqual(
      expect.arrayContaining(['email', 'proposalSaveModel', 'matchingTandemSaveModel']),
    )
    const image = document.paths['/api/User/ProfileImage/{userId}']?.['get'] as { parameters: { name: string; in: string }[] }
    expect(image.parameters).toEqual([{ name: 'userId', in: 'path', required: true, schema: { type: 'string' } }])
    const upload = document.paths['/api/user/UpdateProfileImage']?.['post'] as {
      requestBody: { content: Record<string, { schema: { properties: object } }> }
    }
    expect(Object.keys(upload.requestBody.content['multipart/form-data']?.schema.properties ?? {})).toEqual([
      'email',
      'IsDeleted',
      'imageFile',
    ])
  })
  it("describes the questionnaire draft's and versions' values, dates as ISO instants, and a stale save's 409", () => {
    type Operation = { responses: Record<string, { content: { 'application/json': { schema: unknown } } }> }
    const operation = (path: string, method: 'get' | 'post') => (document.paths[path] as Record<string, Operation>)[method]
    const valueOf = (path: string, method: 'get' | 'post', status: string) =>
      JSON.stringify(operation(path, method)?.responses[status]?.content['application/json'].schema)
    const draft = valueOf('/api/Admin/GetQuestionnaireDraft', 'get', '200')
    expect(draft).toContain('"savedAt":{"anyOf":[{"type":"string","format":"date-time"},{"type":"null"}]}')
    const versions = valueOf('/api/Admin/GetQuestionnaireVersions', 'get', '200')
    expect(versions).toContain('"publishedAt":{"type":"string","format":"date-time"}')
    for (const path of ['/api/Admin/SaveQuestionnaireDraft', '/api/Admin/ImportQuestionnaire'])
      expect(valueOf(path, 'post', '409')).toContain('"changedFields":{"type":"array","items":{"type":"string"}}')
  })

  it("describes the statistics' figures, the outcomes' sessions among them, each count shown or hidden", () => {
    type Operation = { responses: Record<string, { content: { 'application/json': { schema: unknown } } }> }
    const statistics = JSON.stringify(
      (document.paths['/api/Admin/GetStatistics'] as Record<string, Operation>)['post']?.responses['200']?.content['application/json']
        .schema,
    )
    for (const field of ['"outcomes"', '"sessions"', '"perTeamMonth"', '"monthlyShare"', '"FewerThan"', '"Hidden"'])
      expect(statistics).toContain(field)
  })

  it('answers in the envelope with the error codes of the core', () => {
    const schemas = document.components['schemas'] as Record<string, { enum?: string[]; required?: string[] }>
    expect(schemas['Envelope']?.required).toEqual(['isSuccess', 'isFailure', 'value', 'errorMessage', 'errorCode'])
    expect(schemas['ErrorCode']?.enum).toEqual(expect.arrayContaining(['ProfileIncomplete', 'Unauthorized', 'Unexpected']))
  })
})

describe('served by the app', () => {
  const withApp = async (run: (base: string) => Promise<void>) => {
    const app = createApp({
      services: unreachable,
      // No route of the description is limited; the limiter itself is tested with its database.
      limitAttempt: async () => ({ allowed: true }),
      verifyToken: async () => null,
      adminEmails: [],
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
      appConfig: {
        apiBaseUrl: '',
        oidc: { authority: 'http://127.0.0.1:1/oidc', clientId: 'c', scope: 'openid' },
        organisation: { name: 'n', email: 'e', phone: 'p', website: 'w' },
      },
    })
    const server = await new Promise<import('node:http').Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s))
    })
    try {
      await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  }

  it('serves the document at GET /api/openapi.json without a token', async () => {
    await withApp(async (base) => {
      const response = await fetch(`${base}/api/openapi.json`)
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual(JSON.parse(JSON.stringify(document)))
    })
  })
  it('names its server and licence, a 4XX answer for every operation and the field errors of a 400', async () => {
    await withApp(async (base) => {
      const served = (await (await fetch(`${base}/api/openapi.json`)).json()) as {
        info: { license?: { name?: string; url?: string } }
        servers?: { url: string }[]
        paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>
      }
      expect(served.servers).toEqual([expect.objectContaining({ url: '/' })])
      expect(served.info.license?.url).toBe('/terms-and-conditions')
      expect(served.info.license?.name).toMatch(/terms and conditions/)
      const operations = Object.values(served.paths).flatMap((methods) => Object.values(methods))
      expect(operations).toHaveLength(routes.length)
      for (const operation of operations) expect(Object.keys(operation.responses).some((code) => /^4/.test(code))).toBe(true)
      const accept = served.paths['/api/MatchingTandem/AcceptProposal']?.['post']
      expect(accept?.responses['400']?.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/ValidationFailure' })
      expect(JSON.stringify(served.paths)).not.toContain('"default"')
    })
  })
  it("serves the page and its same-origin assets at GET /api/docs under the app's CSP", async () => {
    await withApp(async (base) => {
      const page = await fetch(`${base}/api/docs`)
      expect(page.status).toBe(200)
      expect(page.headers.get('content-type')).toMatch(/^text\/html/)
      expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'/)
      const html = await page.text()
      expect(html).not.toMatch(/<script>(?!<\/script>)/)
      for (const asset of html.matchAll(/(?:src|href)="(docs\/assets\/[^"]+)"/g)) {
        const response = await fetch(`${base}/api/${asset[1]}`)
        expect(response.status, asset[1]).toBe(200)
      }
      expect((await fetch(`${base}/api/docs/assets/index.html`)).status).toBe(404)
    })
  })
})
