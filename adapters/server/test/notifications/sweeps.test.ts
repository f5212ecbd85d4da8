// The periodic sweeps, driven by the test's clock: passed deadlines (docs/product.md#deadlines) and the
// reminders of docs/product.md#notifications (REMINDER_ACTIVE_TANDEM 24 h before a deadline, once).
import { HOUR, type ProposalsResponse } from '@tandem/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startHarness, type Harness } from '../support/harness.js'

let h: Harness
beforeEach(async () => {
  h = await startHarness()
})
afterEach(async () => {
  await h.close()
})

describe('sweeps', () => {
  it('reminds the mentee once, 24 hours before the choice deadline', async () => {
    await h.publishedMentor('Anna')
    const mentee = await h.readyMentee()
    await h.call(mentee, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: mentee.email })
    const reminders = async () => (await h.server.ctx.outbox.all()).filter((m) => m.type === 'REMINDER_ACTIVE_TANDEM')
    h.clock.advance(24 * HOUR - 1)
    expect(await h.server.sweepReminders()).toBe(0)
    h.clock.advance(1)
    expect(await h.server.sweepReminders()).toBe(1)
    expect(await h.server.sweepReminders()).toBe(0)
    expect((await reminders()).map((m) => m.recipient.email)).toEqual([mentee.email])
  })

  it('the deadline sweep expires proposals nobody reads, freeing the mentor', async () => {
    const mentor = await h.publishedMentor('Anna')
    const mentee = await h.readyMentee()
    await h.call(mentee, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: mentee.email })
    h.clock.advance(48 * HOUR)
    expect(await h.server.sweep()).toBe(1)
    expect(await h.server.sweep()).toBe(0)
    expect((await h.server.ctx.users.byEmail(mentor.email))?.participant.mentor?.status).toBe('AVAILABLE')
    const value = (await h.call<ProposalsResponse>(mentee, 'POST', '/api/MatchingTandem/GetProposals', { email: mentee.email })).body.value
    expect(value.menteeProposal).toEqual([])
  })
})
