// How the built web app and the API travel: brotli or gzip for text, hashed assets cached for a
// year, index.html revalidated, a missing asset a 404, and the https-only headers only for an
// https public address (over plain http they make the browser fetch the scripts over https), and
// index.html's inline start script allowed by its hash alone.
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, loadConfig } from '../../src/index.js'
import { startHarness, type Harness } from '../support/harness.js'

type Raw = { readonly status: number; readonly headers: Record<string, string | string[] | undefined>; readonly body: Buffer }

const get = (url: string, headers: Record<string, string> = {}): Promise<Raw> =>
  new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const parts: Buffer[] = []
      res.on('data', (c: Buffer) => parts.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }))
    })
    req.on('error', reject)
    req.end()
  })

const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(2000))}\n`
const START = `document.head.append(Object.assign(document.createElement('script'), { type: 'module', src: '/assets/index-abc123.js' }))`
const INDEX = `<!doctype html><html><head><script>${START}</script></head><body><div id="root"></div></body></html>`

/** A built app as the web build leaves it: index.html, a hashed script and its precompressed twins. */
const aBuiltApp = (): string => {
  const dist = mkdtempSync(join(tmpdir(), 'tandem-dist-'))
  mkdirSync(join(dist, 'assets'))
  writeFileSync(join(dist, 'index.html'), INDEX)
  writeFileSync(join(dist, 'assets/index-abc123.js'), SCRIPT)
  writeFileSync(join(dist, 'assets/index-abc123.js.br'), brotliCompressSync(SCRIPT))
  writeFileSync(join(dist, 'assets/index-abc123.js.gz'), gzipSync(SCRIPT))
  return dist
}

describe('delivery of the web app and the API', () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness({ env: { WEB_DIST: aBuiltApp() } })
  })
  afterAll(async () => {
    await h?.close()
  })

  it('serves a hashed script brotli-compressed, varying on Accept-Encoding, cached for a year as immutable', async () => {
    const reply = await get(`${h.base}/assets/index-abc123.js`, { 'accept-encoding': 'gzip, deflate, br' })
    expect(reply.status).toBe(200)
    expect(reply.headers['content-encoding']).toBe('br')
    expect(reply.headers['vary']).toMatch(/Accept-Encoding/i)
    expect(reply.headers['content-type']).toMatch(/javascript/)
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(brotliDecompressSync(reply.body).toString()).toBe(SCRIPT)
  })

  it('serves the gzip twin to a client without brotli and the plain file to one without either', async () => {
    const gzip = await get(`${h.base}/assets/index-abc123.js`, { 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.body).toString()).toBe(SCRIPT)
    const plain = await get(`${h.base}/assets/index-abc123.js`, { 'accept-encoding': 'identity' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toBe(SCRIPT)
  })

  it('answers 404 for a missing asset instead of index.html', async () => {
    const reply = await get(`${h.base}/assets/Dashboard-gone42.js`, { 'accept-encoding': 'br' })
    expect(reply.status).toBe(404)
    expect(reply.headers['content-type']).not.toMatch(/html/)
    expect(reply.headers['cache-control']).toBe('no-store')
  })

  it('answers a client route with index.html that the browser revalidates on every visit', async () => {
    const reply = await get(`${h.base}/user/mentee-profile`)
    expect(reply.status).toBe(200)
    expect(reply.headers['cache-control']).toBe('no-cache')
    expect(reply.body.toString()).toBe(INDEX)
  })

  it("allows index.html's inline start script by its hash, and no other inline script", async () => {
    const reply = await get(`${h.base}/`)
    const scriptSrc = String(reply.headers['content-security-policy'])
      .split(';')
      .find((d) => d.trim().startsWith('script-src '))
    const hash = createHash('sha256').update(START, 'utf8').digest('base64')
    expect(scriptSrc?.trim()).toBe(`script-src 'self' 'sha256-${hash}'`)
  })

  it('compresses API JSON with brotli or gzip as the client asks', async () => {
    const mentee = h.person('Compressed')
    await h.signUp(mentee, 'Mentee')
    const token = await h.tokenFor(mentee)
    const path = `${h.base}/api/Questionnaire/GetQuestionAnswerPairs?language=en&role=Mentee&emailId=${encodeURIComponent(mentee.email)}`
    const br = await get(path, { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' })
    expect(br.status).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['vary']).toMatch(/Accept-Encoding/i)
    expect((JSON.parse(brotliDecompressSync(br.body).toString()) as { isSuccess: unknown }).isSuccess).toBe(true)
    const gz = await get(path, { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect((JSON.parse(gunzipSync(gz.body).toString()) as { isSuccess: unknown }).isSuccess).toBe(true)
  })

  it('answers API JSON as it is, with its type and length, to a client that accepts no encoding', async () => {
    const mentee = h.person('Plain')
    await h.signUp(mentee, 'Mentee')
    const token = await h.tokenFor(mentee)
    const path = `${h.base}/api/Questionnaire/GetQuestionAnswerPairs?language=en&role=Mentee&emailId=${encodeURIComponent(mentee.email)}`
    const plain = await get(path, { authorization: `Bearer ${token}` })
    expect(plain.status).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(plain.headers['content-length']).toBe(String(plain.body.length))
    expect(plain.headers['cache-control']).toBe('no-store')
    expect(plain.headers['content-security-policy']).toMatch(/default-src 'self'/)
    expect((JSON.parse(plain.body.toString()) as { isSuccess: unknown }).isSuccess).toBe(true)
  })

  it('sends neither HSTS nor upgrade-insecure-requests when the public address is plain http', async () => {
    const reply = await get(`${h.base}/`)
    expect(reply.headers['strict-transport-security']).toBeUndefined()
    expect(String(reply.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests')
  })
})

describe('the public address decides the https-only headers and the start warning', () => {
  const start = async (publicUrl: string) => {
    const lines: string[] = []
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString())
        done()
      },
    })
    const dir = mkdtempSync(join(tmpdir(), 'tandem-server-'))
    const server = await createServer(loadConfig({ DATA_DIR: dir, PUBLIC_URL: publicUrl, WEB_DIST: aBuiltApp() }), {
      logger: pino({ level: 'info' }, sink),
    })
    const listener = await new Promise<import('node:http').Server>((r) => {
      const l = server.app.listen(0, '127.0.0.1', () => r(l))
    })
    const reply = await get(`http://127.0.0.1:${(listener.address() as import('node:net').AddressInfo).port}/`)
    listener.close()
    await server.close()
    return { reply, log: lines.join('') }
  }

  it('sends HSTS and upgrade-insecure-requests for an https address, without a warning', async () => {
    const { reply, log } = await start('https://tandem.example.org')
    expect(reply.headers['strict-transport-security']).toMatch(/max-age=\d+/)
    expect(String(reply.headers['content-security-policy'])).toContain('upgrade-insecure-requests')
    expect(log).not.toMatch(/plain http/)
  })

  it('warns at start that sign-in over a plain-http office address is unsafe', async () => {
    const { reply, log } = await start('http://tandem.office:3000')
    expect(reply.status).toBe(200)
    expect(reply.headers['strict-transport-security']).toBeUndefined()
    expect(log).toMatch(/"level":40.*PUBLIC_URL is plain http/)
  })
})
