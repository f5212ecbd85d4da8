// Review fix of POST /api/Logger/LogError: still open to signed-out pages (the web app's error
// reporter), but limited per caller (429 beyond the minute's allowance) and cut to a fixed length.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startHarness, type Harness } from '../support/harness.js'

// The limits of the route table (adapters/http/src/routes.account.ts).
const LOG_ERRORS_PER_MINUTE = 30
const LOG_ERROR_MAX_CHARACTERS = 2000

let h: Harness
beforeEach(async () => {
  h = await startHarness()
})
afterEach(async () => {
  await h.close()
})

const report = (who: Parameters<Harness['call']>[0], message = 'TypeError: x is undefined') =>
  h.call(who, 'POST', '/api/Logger/LogError', { ErrorMessage: message })

describe('browser error log', () => {
  it(`takes ${LOG_ERRORS_PER_MINUTE} signed-out reports a minute, answers 429 beyond, and keeps a signed-in reporter's own allowance`, async () => {
    for (let i = 0; i < LOG_ERRORS_PER_MINUTE; i++) expect((await report(null)).status).toBe(200)
    const flooded = await report(null)
    expect([flooded.status, flooded.body.errorMessage]).toEqual([429, 'TooManyRequests'])
    const mentee = await h.readyMentee()
    expect((await report(mentee)).status).toBe(200)
  })

  it(`logs at most ${LOG_ERROR_MAX_CHARACTERS} characters of a report`, async () => {
    const warn = vi.spyOn(h.server.ctx.logger as { warn: (obj: object, msg?: string) => void }, 'warn')
    expect((await report(null, 'y'.repeat(100_000))).status).toBe(200)
    const logged = warn.mock.calls.map(([fields]) => (fields as { browserError?: string }).browserError).filter((m) => m !== undefined)
    expect(logged).toEqual(['y'.repeat(LOG_ERROR_MAX_CHARACTERS)])
  })
})
