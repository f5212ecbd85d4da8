// The HTTP rate limits count in the server's minutes (its clock port), not the machine's: the
// browser error log takes its allowance again once the server's clock has moved a minute on.
import { MINUTE } from '@tandem/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startHarness, type Harness } from '../support/harness.js'

let h: Harness
beforeEach(async () => {
  h = await startHarness()
})
afterEach(async () => {
  await h.close()
})

// The allowance of the route table (adapters/http/src/routes.account.ts).
const LOG_ERRORS_PER_MINUTE = 30

const report = () => h.call(null, 'POST', '/api/Logger/LogError', { ErrorMessage: 'TypeError: x is undefined' })

describe('rate limits', () => {
  it('open again when the server clock has moved a minute on, and not before', async () => {
    for (let i = 0; i < LOG_ERRORS_PER_MINUTE; i++) expect((await report()).status).toBe(200)
    expect((await report()).status).toBe(429)
    h.clock.advance(MINUTE - 1)
    expect((await report()).status).toBe(429)
    h.clock.advance(1)
    expect((await report()).status).toBe(200)
  })
})
