// Logs never carry credentials: authorization headers, cookies, tokens and passwords are redacted.
import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createLogger } from '../../src/index.js'

describe('logger', () => {
  it('redacts tokens, cookies and passwords wherever a request or payload carries them', async () => {
    const lines: string[] = []
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString())
        done()
      },
    })
    const logger = createLogger('info', sink)
    logger.info({ req: { headers: { authorization: 'Bearer eyJsecret', cookie: 'session=abc' } } }, 'request')
    logger.info({ body: { password: 'hunter2', refresh_token: 'rt-secret' } }, 'form')
    logger.flush()
    await new Promise((resolve) => setImmediate(resolve))
    const text = lines.join('')
    expect(text).toContain('[redacted]')
    expect(text).not.toMatch(/eyJsecret|session=abc|hunter2|rt-secret/)
  })
})
