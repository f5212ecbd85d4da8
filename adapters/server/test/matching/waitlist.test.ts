// The waitlist through the HTTP API with the clock moved (docs/matching.md#waitlist): a mentee whose
// run found nobody waits; a command that opens a place writes a trigger in its transaction; the
// scheduled task `waitlist` (under its lease) then runs matching for the waiting mentees who have a
// candidate, longest waiting first, and each gets one WAITLIST_PROPOSALS mail with the proposals.
import { HOUR, MINUTE } from '@tandem/core'
import { aMenteeAnswers, aMentorAnswers, choiceAnswer, optionId, PAIR } from '@tandem/fixtures'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { releaseDatabase } from '../support/database.under-test.js'
import { startHarness, type Harness, type Person } from '../support/harness.js'
import { waitlistTick } from '../support/waitlist.support.js'

let h: Harness
beforeEach(async () => {
  h = await startHarness()
})
afterEach(async () => {
  await h.close()
})

const tick = (on: Harness = h) => waitlistTick(on)

const waitlistMails = async (on: Harness = h) =>
  (await on.server.ctx.outbox.all()).filter((m) => m.type === 'WAITLIST_PROPOSALS').map((m) => m.recipient.email)
const mentorsProposedTo = async (p: Person, on: Harness = h) => (await on.proposals(p)).menteeProposal.map((x) => x.email ?? x.firstName)

/** A mentee whose run found nobody: on the waitlist (on by default). */
const waitingMentee = async (name: string): Promise<Person> => {
  const mentee = await h.readyMentee(name)
  expect((await h.startMatching(mentee)).body.isSuccess).toBe(true)
  expect((await h.proposals(mentee)).menteeProposal).toEqual([])
  h.clock.advance(MINUTE)
  return mentee
}

describe('the waitlist', () => {
  it('a mentor publishes: the waiting mentee has proposals and exactly one mail; a second tick sends no second mail', async () => {
    const mia = await waitingMentee('Mia')
    expect(await tick()).toBe('ran')
    expect(await waitlistMails()).toEqual([]) // no place opened yet: nothing to do
    await h.publishedMentor('Max')
    expect(await tick()).toBe('ran')
    expect(await mentorsProposedTo(mia)).toEqual(['Max'])
    expect(await h.statusOf(mia, 'Mentee')).toBe('PROPOSED')
    expect(await waitlistMails()).toEqual([mia.email])
    // The run's own NEW_TANDEM mail is replaced by the waitlist's: one mail, not two.
    expect((await h.server.ctx.outbox.all()).filter((m) => m.recipient.email === mia.email).map((m) => m.type)).toEqual([
      'WAITLIST_PROPOSALS',
    ])
    // The 48 h window starts with the waitlist's run.
    const left = (await h.proposals(mia)).proposalRemainingTime.menteeRemainingTime[0]
    expect(Date.parse(left?.tandemValidUntil ?? '')).toBe(h.clock() + 48 * HOUR)
    expect(await tick()).toBe('ran')
    await h.publishedMentor('Moe')
    expect(await tick()).toBe('ran')
    expect(await waitlistMails()).toEqual([mia.email])
  })

  it('a proposal expires: the next waiting mentee gets that mentor, longest waiting first', async () => {
    const mia = await waitingMentee('Mia')
    const ben = await waitingMentee('Ben')
    await h.publishedMentor('Max')
    await tick()
    expect(await mentorsProposedTo(mia)).toEqual(['Max'])
    expect(await mentorsProposedTo(ben)).toEqual([])
    expect(await waitlistMails()).toEqual([mia.email])
    h.clock.advance(49 * HOUR)
    expect(await h.server.sweep()).toBeGreaterThan(0)
    await tick()
    expect(await mentorsProposedTo(ben)).toEqual(['Max'])
    // Mia's proposals expired without a choice: her last run found a mentor, so she is not waiting.
    expect(await mentorsProposedTo(mia)).toEqual([])
    expect(await waitlistMails()).toEqual([mia.email, ben.email])
  })

  it('the trigger names the mentor whose place opened; a mentee whose answers changed while waiting is ranked on the new answers', async () => {
    const speaking = (language: string) => choiceAnswer(PAIR.languages, optionId(PAIR.languages, language))
    await h.publishedMentor('Max', aMentorAnswers(speaking('German')))
    const mia = await h.readyMentee('Mia', aMenteeAnswers(speaking('French')))
    await h.startMatching(mia)
    expect(await mentorsProposedTo(mia)).toEqual([])
    await tick() // Max's publication: Mia does not fit him
    expect(await mentorsProposedTo(mia)).toEqual([])
    h.clock.advance(MINUTE)
    expect((await h.saveAnswers(mia, 'Mentee', aMenteeAnswers(speaking('German')), true, 'UpdateAnswer')).status).toBe(200)
    // Saving answers opens no place: nothing to serve.
    expect(await h.server.ctx.waitlist.pendingTrigger()).toBeNull()
    const otto = await h.publishedMentor('Otto', aMentorAnswers(speaking('Arabic')))
    const ottoId = (await h.server.ctx.users.byEmail(otto.email))?.id
    expect((await h.server.ctx.waitlist.pendingTrigger())?.mentorIds).toEqual([ottoId])
    await tick()
    // Otto does not speak German; Max, whose place did not open, fits Mia's new answers.
    expect(await mentorsProposedTo(mia)).toEqual(['Max'])
    expect(await waitlistMails()).toEqual([mia.email])
  })

  it('a mentee who turned the waitlist off gets no run and no mail', async () => {
    const mia = await waitingMentee('Mia')
    const off = await h.call(mia, 'POST', '/api/MatchingTandem/SetWaitlist', { email: mia.email, enabled: false })
    expect([off.status, off.body.isSuccess]).toEqual([200, true])
    expect((await waitlistOf(mia)).value).toEqual({ enabled: false, waitingSince: null })
    await h.publishedMentor('Max')
    await tick()
    expect(await mentorsProposedTo(mia)).toEqual([])
    expect(await h.statusOf(mia, 'Mentee')).toBe('AVAILABLE')
    expect(await waitlistMails()).toEqual([])
  })
})

const waitlistOf = async (p: Person) =>
  (await h.call<{ enabled: boolean; waitingSince: string | null }>(p, 'POST', '/api/MatchingTandem/GetWaitlist', { email: p.email })).body

describe('the waitlist routes', () => {
  it('the dashboard reads the switch (on by default) and since when the mentee waits; bad input changes nothing', async () => {
    const fresh = await h.readyMentee('Ben')
    expect((await waitlistOf(fresh)).value).toEqual({ enabled: true, waitingSince: null })
    const startedAt = h.clock()
    const mia = await h.readyMentee('Mia')
    await h.startMatching(mia)
    const since = (await waitlistOf(mia)).value.waitingSince
    expect(since === null ? NaN : Date.parse(since)).toBeGreaterThanOrEqual(startedAt)
    for (const bad of [{ email: mia.email, enabled: 'no' }, { email: mia.email }, { email: mia.email, enabled: null }]) {
      const reply = await h.call(mia, 'POST', '/api/MatchingTandem/SetWaitlist', bad)
      expect(reply.status).toBe(400)
      expect(reply.body.isSuccess).toBe(false)
    }
    expect((await waitlistOf(mia)).value.enabled).toBe(true)
    // another person's switch is not the caller's to turn
    expect((await h.call(fresh, 'POST', '/api/MatchingTandem/SetWaitlist', { email: mia.email, enabled: false })).status).toBe(403)
    expect((await waitlistOf(mia)).value.enabled).toBe(true)
    // a mentor has no waitlist
    const max = await h.publishedMentor('Max')
    expect((await h.call(max, 'POST', '/api/MatchingTandem/SetWaitlist', { email: max.email, enabled: false })).status).toBe(403)
    // on again: waiting again, since the same run
    await h.call(mia, 'POST', '/api/MatchingTandem/SetWaitlist', { email: mia.email, enabled: false })
    await h.call(mia, 'POST', '/api/MatchingTandem/SetWaitlist', { email: mia.email, enabled: true })
    expect((await waitlistOf(mia)).value).toEqual({ enabled: true, waitingSince: since })
  })
})

describe('the trigger is durable', () => {
  it('written before a restart, it is served by a new server instance on the same database', async () => {
    await h.close()
    const dir = mkdtempSync(join(tmpdir(), 'tandem-waitlist-'))
    const first = await startHarness({ dataDir: dir })
    let second: Harness | undefined
    try {
      // built on the first instance (waitingMentee works on h)
      h = first
      const waiting = await waitingMentee('Mia')
      await first.publishedMentor('Max')
      expect(await first.server.ctx.waitlist.pendingTrigger()).not.toBeNull()
      await first.close()
      second = await startHarness({ dataDir: dir })
      h = second
      expect(await tick(second)).toBe('ran')
      expect(await second.server.ctx.waitlist.pendingTrigger()).toBeNull()
      expect(await waitlistMails(second)).toEqual([waiting.email])
      expect(await second.statusOf(waiting, 'Mentee')).toBe('PROPOSED')
    } finally {
      await second?.close()
      rmSync(dir, { recursive: true, force: true })
      await releaseDatabase(dir)
      h = await startHarness() // for afterEach
    }
  })
})
