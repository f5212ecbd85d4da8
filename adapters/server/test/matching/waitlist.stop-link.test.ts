// The waitlist mail's one-click stop link through the HTTP API (docs/matching.md#waitlist, decision
// 0031), on SQLite and on PostgreSQL: the WAITLIST_PROPOSALS mail carries a one-time link whose token
// the store keeps only as a hash; the page's GET turns nothing off (mail scanners open links); the
// button's POST turns the waitlist off, and the mentee gets no further waitlist run or mail; a second
// click, an expired and an unknown link are refused and change nothing.
import { createHash } from 'node:crypto'
import { DAY, MINUTE } from '@tandem/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startHarness, type Harness, type Person } from '../support/harness.js'
import { waitlistTick } from '../support/waitlist.support.js'

let h: Harness
beforeEach(async () => {
  h = await startHarness()
})
afterEach(async () => {
  await h.close()
})

const tick = () => waitlistTick(h)

const waitlistMails = async () => (await h.server.ctx.outbox.all()).filter((m) => m.type === 'WAITLIST_PROPOSALS')
const waitlistOn = async (p: Person) =>
  (await h.call<{ enabled: boolean }>(p, 'POST', '/api/MatchingTandem/GetWaitlist', { email: p.email })).body.value.enabled
const page = (token: string) =>
  h.call<{ open: boolean; closedBecause: string | null }>(null, 'GET', `/api/MatchingTandem/GetWaitlistStopByLink?token=${token}`)
const click = (token: string) => h.call<boolean>(null, 'POST', '/api/MatchingTandem/StopWaitlistByLink', { token })

/** A waiting mentee, then a mentor who publishes: the waitlist's run proposes them and mails the stop link. Answers its token. */
const mailedMentee = async (): Promise<{ mia: Person; max: Person; token: string; link: string }> => {
  const mia = await h.readyMentee('Mia')
  await h.startMatching(mia)
  h.clock.advance(MINUTE)
  const max = await h.publishedMentor('Max')
  expect(await tick()).toBe('ran')
  const [mail] = await waitlistMails()
  expect(mail?.recipient.email).toBe(mia.email)
  const link = (mail?.data as { stopLink?: string }).stopLink ?? ''
  const url = new URL(link)
  expect(url.pathname).toBe('/waitlist/stop')
  return { mia, max, token: url.searchParams.get('token') ?? '', link }
}

describe("the waitlist mail's stop link", () => {
  it('the mail carries it (the store keeps its hash only); the GET turns nothing off; the click does, once; no waitlist mail after it', async () => {
    const { mia, max, token } = await mailedMentee()
    const hash = createHash('sha256').update(token).digest('hex')
    const stored = await h.server.db.all(h.server.db.kysely.selectFrom('waitlist_stop_links').selectAll())
    expect(stored.map((r) => [r.token_hash, Number(r.used_at ?? 0)])).toEqual([[hash, 0]])
    expect(JSON.stringify(stored)).not.toContain(token)

    // Opening the page (as a mail scanner would) changes nothing, however often.
    for (let i = 0; i < 3; i++)
      expect([(await page(token)).status, (await page(token)).body.value]).toEqual([200, { open: true, closedBecause: null }])
    expect(await waitlistOn(mia)).toBe(true)

    // The click turns the waitlist off; the page then says the link is used.
    const stop = await click(token)
    expect([stop.status, stop.body.value]).toEqual([200, true])
    expect(await waitlistOn(mia)).toBe(false)
    expect((await page(token)).body.value).toEqual({ open: false, closedBecause: 'WaitlistLinkUsed' })

    // A second click is refused and changes nothing (the mentee turned it on again meanwhile: it stays on).
    await h.call(mia, 'POST', '/api/MatchingTandem/SetWaitlist', { email: mia.email, enabled: true })
    const twice = await click(token)
    expect([twice.status, twice.body.errorCode]).toEqual([409, 'WaitlistLinkUsed'])
    expect(await waitlistOn(mia)).toBe(true)
    await h.call(mia, 'POST', '/api/MatchingTandem/SetWaitlist', { email: mia.email, enabled: false })

    // Mia declines Max, her next run finds nobody, a mentor publishes: the waitlist is off, so no run and no mail.
    const [proposal] = (await h.proposals(mia)).menteeProposal
    if (proposal === undefined) throw new Error('expected a proposal')
    const declined = await h.call(mia, 'POST', '/api/MatchingTandem/DeclineProposal', {
      email: mia.email,
      role: 'Mentee',
      pairedUserEmail: max.email,
      proposalSaveModel: { proposalId: proposal.proposalId, proposalState: 'DECLINED', comment: null, declineReasonId: 1 },
      matchingTandemSaveModel: { matchingTandemId: proposal.matchingTandemId, tandemState: 'DECLINED' },
    })
    expect(declined.body.isSuccess).toBe(true)
    expect((await h.startMatching(mia)).body.isSuccess).toBe(true)
    expect((await h.proposals(mia)).menteeProposal).toEqual([])
    h.clock.advance(MINUTE)
    await h.publishedMentor('Moe')
    await tick()
    expect((await h.proposals(mia)).menteeProposal).toEqual([])
    expect((await waitlistMails()).length).toBe(1)
  })

  it('an expired link and an unknown or malformed one are refused, in words, and change nothing', async () => {
    const { mia, token } = await mailedMentee()
    h.clock.advance(61 * DAY)
    expect((await page(token)).body.value).toEqual({ open: false, closedBecause: 'WaitlistLinkExpired' })
    const expired = await click(token)
    expect([expired.status, expired.body.errorCode]).toEqual([410, 'WaitlistLinkExpired'])
    expect(await waitlistOn(mia)).toBe(true)

    const unknown = 'b'.repeat(43)
    expect([(await page(unknown)).status, (await click(unknown)).status]).toEqual([404, 404])
    expect([(await page('short')).status, (await click('short')).status]).toEqual([400, 400])
    expect(await waitlistOn(mia)).toBe(true)
    const stored = await h.server.db.all(h.server.db.kysely.selectFrom('waitlist_stop_links').select('used_at'))
    expect(stored.map((r) => r.used_at)).toEqual([null])
  })

  it("erasing the account deletes the person's stop links with it", async () => {
    const { mia, token } = await mailedMentee()
    const links = () => h.server.db.all(h.server.db.kysely.selectFrom('waitlist_stop_links').select('user_id'))
    expect(await links()).toHaveLength(1)
    const deleted = await h.call(
      h.admin,
      'GET',
      `/api/Account/DeleteUserFromIdp?emailId=${encodeURIComponent(mia.email)}&deletefromDB=true`,
    )
    expect(deleted.status).toBe(200)
    expect(await links()).toEqual([])
    expect((await page(token)).status).toBe(404)
  })
})
