// A failure the code did not expect (here: the database went away) answers 500 with a generic
// message and no internals, and is logged.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startHarness, type Harness } from '../support/harness.js'

let h: Harness
beforeEach(async () => {
  h = await startHarness()
})
afterEach(async () => {
  await h.close()
})

describe('unexpected failures', () => {
  it('answer 500 with unexpected-error only, never a stack trace or SQL', async () => {
    const mentee = await h.readyMentee()
    await h.server.db.close()
    const reply = await h.call(mentee, 'POST', '/api/MatchingTandem/GetProposals', { email: mentee.email })
    expect(reply.status).toBe(500)
    expect(reply.body).toEqual({
      isSuccess: false,
      isFailure: true,
      value: null,
      errorMessage: 'unexpected-error',
      errorCode: 'Unexpected',
    })
    const health = await h.call(null, 'GET', '/api/health')
    expect(health.status).toBe(500)
    expect(JSON.stringify(health.body)).not.toMatch(/database|sqlite|at \w+ \(/i)
  })
})
