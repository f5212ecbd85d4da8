// A deleted account's token is refused at once by every instance on the data, not only by the one
// that deleted it: another server process, whose caches held the caller's answers a moment before,
// refuses the old token on its next request (its caches hold for one database generation only).
import type { ChildProcess } from 'node:child_process'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startHarness, type Harness, type Person } from '../support/harness.js'

let h: Harness
let child: ChildProcess | undefined
beforeEach(async () => {
  h = await startHarness()
})
afterEach(async () => {
  child?.kill('SIGTERM')
  await h.close()
})

const pollAt = async (base: string, who: Person, token: string) => {
  const response = await fetch(`${base}/api/MatchingTandem/GetProposals`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email: who.email }),
  })
  return { status: response.status, body: (await response.json()) as { errorMessage: string | null } }
}

describe('a deleted account on another instance', () => {
  it('has its old token refused by the next request, right after the deletion', async () => {
    await h.publishedMentor('Anna')
    const mentee = await h.readyMentee()
    expect((await h.call(mentee, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: mentee.email })).status).toBe(200)
    const other = await h.spawnProcess()
    child = other.child
    const token = await h.tokenFor(mentee)
    // Twice: the second answer comes from the other instance's caches.
    expect((await pollAt(other.base, mentee, token)).status).toBe(200)
    expect((await pollAt(other.base, mentee, token)).status).toBe(200)

    // The harness's clock starts in the past; the deletion is recorded on it, after the token was issued.
    h.clock.set(Date.now() + 2000)
    const deleted = await h.call(
      h.admin,
      'GET',
      `/api/Account/DeleteUserFromIdp?emailId=${encodeURIComponent(mentee.email)}&deletefromDB=true`,
    )
    expect(deleted.status).toBe(200)

    const refused = await pollAt(other.base, mentee, token)
    expect([refused.status, refused.body.errorMessage]).toEqual([401, 'AccountDeleted'])
  })
})
