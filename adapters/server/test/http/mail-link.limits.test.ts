// The rate limit of the mails' sign-in-free link routes (the check-in links and the waitlist's stop
// link), over real HTTP: 30 calls a quarter hour per address, counted together for all four routes;
// beyond, 429 TooManyRequests with Retry-After, while another address still gets through and the
// window passes. Addresses are set with X-Forwarded-For, which the server believes from loopback.
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

const UNKNOWN = 'a'.repeat(43)
const from = (address: string) => ({ 'x-forwarded-for': address })
/** The four link routes in turn, each with an unknown token (404 while the budget lasts). */
const linkCall = (i: number, address: string) => {
  const headers = from(address)
  switch (i % 4) {
    case 0:
      return h.call(null, 'GET', `/api/Mentorship/GetCheckInByLink?token=${UNKNOWN}`, undefined, headers)
    case 1:
      return h.call(null, 'POST', '/api/Mentorship/AnswerCheckInByLink', { token: UNKNOWN, answer: { kind: 'Met', met: 'Yes' } }, headers)
    case 2:
      return h.call(null, 'GET', `/api/MatchingTandem/GetWaitlistStopByLink?token=${UNKNOWN}`, undefined, headers)
    default:
      return h.call(null, 'POST', '/api/MatchingTandem/StopWaitlistByLink', { token: UNKNOWN }, headers)
  }
}

describe("the mails' link routes are rate limited per address", () => {
  it('lets 30 calls a quarter hour through from one address, then answers 429 with Retry-After; other addresses and the next window go on', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 34; i++) statuses.push((await linkCall(i, '198.51.100.7')).status)
    expect(statuses).toEqual([...Array<number>(30).fill(404), ...Array<number>(4).fill(429)])

    const refused = await fetch(`${h.base}/api/MatchingTandem/GetWaitlistStopByLink?token=${UNKNOWN}`, { headers: from('198.51.100.7') })
    expect(refused.status).toBe(429)
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(15 * 60)
    expect(((await refused.json()) as { errorCode: string }).errorCode).toBe('TooManyRequests')

    // Someone else, at another address, is not held up.
    expect((await linkCall(2, '203.0.113.9')).status).toBe(404)
    // The window passes.
    h.clock.advance(16 * MINUTE)
    expect((await linkCall(0, '198.51.100.7')).status).toBe(404)
  })
})
