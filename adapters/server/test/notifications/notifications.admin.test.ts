// POST /api/Notification/NotifyUser over real HTTP on a real SQLite file: an administrator's own
// message, template resends, and the rule that a partner's e-mail (APPROVE_TANDEM) goes out only for
// a MATCHED tandem (docs/product.md#permissions). Bad input is refused with message keys and writes nothing.
import type { ProposalsResponse } from '@tandem/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { expectOk, startHarness, type Harness, type Person } from '../support/harness.js'

let h: Harness
beforeEach(async () => {
  h = await startHarness()
})
afterEach(async () => {
  await h.close()
})

const notify = (body: Record<string, unknown>) => h.call(h.admin, 'POST', '/api/Notification/NotifyUser', body)
const rowsTo = async (p: Person) => (await h.server.ctx.outbox.all()).filter((m) => m.recipient.email === p.email)

/** A mentee who accepted a mentor; answers the tandem id and the mentor's proposal id. */
const acceptedPair = async () => {
  const mentor = await h.publishedMentor('Anna')
  const mentee = await h.readyMentee('Mia')
  expectOk(await h.call(mentee, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: mentee.email }), 'start')
  const p = (await h.call<ProposalsResponse>(mentee, 'POST', '/api/MatchingTandem/GetProposals', { email: mentee.email })).body.value
    .menteeProposal[0]
  if (p === undefined) throw new Error('expected a proposal')
  expectOk(
    await h.call(mentee, 'POST', '/api/MatchingTandem/AcceptProposal', {
      email: mentee.email,
      role: 'Mentee',
      pairedUserEmail: mentor.email,
      proposalSaveModel: { proposalId: p.proposalId, proposalState: 'ACCEPTED' },
      matchingTandemSaveModel: { matchingTandemId: p.matchingTandemId, tandemState: 'ACTIVE' },
    }),
    'mentee accepts',
  )
  return { mentor, mentee, tandemId: p.matchingTandemId, mentorProposalId: p.pairedProposalId }
}

describe('NotifyUser', () => {
  it("refuses to resend APPROVE_TANDEM for a tandem that is not MATCHED, so the partner's e-mail stays hidden; once MATCHED it resends it", async () => {
    const { mentor, mentee, tandemId, mentorProposalId } = await acceptedPair()
    const before = (await rowsTo(mentee)).length
    const refused = await notify({ email: mentee.email, notificationType: 'APPROVE_TANDEM', matchingTandemId: tandemId })
    expect(refused.status).toBe(400)
    expect(JSON.stringify(refused.body)).toContain('matchingTandemId')
    expect((await rowsTo(mentee)).length).toBe(before)
    expect((await h.server.ctx.outbox.all()).some((m) => JSON.stringify(m.data).includes(mentor.email))).toBe(false)

    expectOk(
      await h.call(mentor, 'POST', '/api/MatchingTandem/AcceptProposal', {
        email: mentor.email,
        role: 'Mentor',
        pairedUserEmail: mentee.email,
        proposalSaveModel: { proposalId: mentorProposalId, proposalState: 'ACCEPTED' },
        matchingTandemSaveModel: { matchingTandemId: tandemId, tandemState: 'ACTIVE' },
      }),
      'mentor accepts',
    )
    expectOk(await notify({ email: mentee.email, notificationType: 'APPROVE_TANDEM', matchingTandemId: tandemId }), 'resend')
    const approvals = (await rowsTo(mentee)).filter((m) => m.type === 'APPROVE_TANDEM')
    expect(approvals.length).toBe(2)
    expect(JSON.stringify(approvals[1]?.data)).toContain(mentor.email)
  })

  it('refuses a tandem of other people and an unknown tandem or user, writing nothing', async () => {
    const { tandemId } = await acceptedPair()
    const stranger = await h.publishedMentor('Tom')
    const count = (await h.server.ctx.outbox.all()).length
    expect((await notify({ email: stranger.email, notificationType: 'NEW_TANDEM', matchingTandemId: tandemId })).status).toBe(400)
    expect((await notify({ email: stranger.email, notificationType: 'NEW_TANDEM', matchingTandemId: 999_999 })).status).toBe(404)
    expect((await notify({ email: 'nobody@example.org', notificationType: 'ACTIVATE_USER_PROFILE', matchingTandemId: null })).status).toBe(
      404,
    )
    expect((await h.server.ctx.outbox.all()).length).toBe(count)
  })

  it("sends an administrator's own message (ADMIN_MESSAGE) through the outbox with its subject, shown in the history", async () => {
    const mentor = await h.publishedMentor('Anna')
    expectOk(
      await notify({
        email: mentor.email,
        notificationType: 'ADMIN_MESSAGE',
        matchingTandemId: null,
        subject: 'Meeting on Monday',
        body: 'Please come at 10.',
      }),
      'message',
    )
    const rows = await rowsTo(mentor)
    expect(rows.map((m) => [m.type, m.subject, m.status])).toEqual([['ADMIN_MESSAGE', 'Meeting on Monday', 'pending']])
    expect(rows[0]?.data).toMatchObject({ subject: 'Meeting on Monday', body: 'Please come at 10.' })
  })

  it('refuses an admin message without subject or text with requiredFieldError on each, writing nothing', async () => {
    const mentor = await h.publishedMentor('Anna')
    const reply = await notify({ email: mentor.email, notificationType: 'ADMIN_MESSAGE', matchingTandemId: null, subject: '  ' })
    expect(reply.status).toBe(400)
    const text = JSON.stringify(reply.body)
    expect(text).toContain('requiredFieldError')
    expect(text).toContain('subject')
    expect(text).toContain('body')
    expect(await rowsTo(mentor)).toEqual([])
  })

  it('resends a template without a tandem where it needs none (ACTIVATE_USER_PROFILE), and refuses one that needs a tandem without it', async () => {
    const mentor = await h.publishedMentor('Anna')
    expectOk(await notify({ email: mentor.email, notificationType: 'ACTIVATE_USER_PROFILE', matchingTandemId: null }), 'activate')
    expect((await notify({ email: mentor.email, notificationType: 'REMINDER_ACTIVE_TANDEM', matchingTandemId: null })).status).toBe(400)
    expect((await rowsTo(mentor)).map((m) => m.type)).toEqual(['ACTIVATE_USER_PROFILE'])
  })
})
