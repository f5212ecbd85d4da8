// The facts the statistics need that participants' journeys write: a mentee's first start of
// matching (kept when they start again) and whether a saved questionnaire was complete.
import { HOUR, type ProposalsResponse } from '@tandem/core'
import { aMenteeAnswers } from '@tandem/fixtures'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { expectOk, startHarness, type Harness, type Person } from './harness.js'

let h: Harness
beforeEach(async () => {
  h = await startHarness()
})
afterEach(async () => {
  await h.close()
})

const start = (p: Person) => h.call<boolean>(p, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: p.email })
const row = (p: Person) =>
  h.server.db.raw
    .prepare('select id, mentee_first_started_at as first, mentee_last_started_at as last from users where email = ?')
    .get(p.email) as { id: number; first: number | null; last: number | null }

describe('statistics facts', () => {
  it('keeps the first start of matching when the mentee starts again after the 48 h window', async () => {
    await h.publishedMentor('Anna')
    const mentee = await h.readyMentee()
    expect(row(mentee).first).toBeNull()
    const firstStart = h.clock()
    expectOk(await start(mentee), 'first start')
    expect(row(mentee)).toMatchObject({ first: firstStart, last: firstStart })
    h.clock.advance(49 * HOUR)
    expect(await h.server.sweep()).toBe(1)
    const secondStart = h.clock()
    expectOk(await start(mentee), 'second start')
    expect(row(mentee)).toMatchObject({ first: firstStart, last: secondStart })
  })

  it('records when each side was first proposed and first matched, and keeps those times', async () => {
    const mentor = await h.publishedMentor('Anna')
    const mentee = await h.readyMentee()
    const facts = (p: Person) =>
      h.server.db.raw
        .prepare(
          'select mentee_proposed_at as menteeProposed, mentee_matched_at as menteeMatched, mentor_proposed_at as mentorProposed, mentor_matched_at as mentorMatched from users where email = ?',
        )
        .get(p.email)
    const proposedAt = h.clock()
    expectOk(await start(mentee), 'start')
    const [chosen] = (await h.call<ProposalsResponse>(mentee, 'POST', '/api/MatchingTandem/GetProposals', { email: mentee.email })).body
      .value.menteeProposal
    if (chosen === undefined) throw new Error('expected a proposal')
    expect(facts(mentee)).toMatchObject({ menteeProposed: proposedAt, menteeMatched: null })
    expect(facts(mentor)).toMatchObject({ mentorProposed: proposedAt, mentorMatched: null })
    h.clock.advance(HOUR)
    expectOk(
      await h.call(mentee, 'POST', '/api/MatchingTandem/AcceptProposal', {
        email: mentee.email,
        role: 'Mentee',
        pairedUserEmail: mentor.email,
        proposalSaveModel: { proposalId: chosen.proposalId, proposalState: 'ACCEPTED' },
        matchingTandemSaveModel: { matchingTandemId: chosen.matchingTandemId, tandemState: 'ACTIVE' },
      }),
      'mentee accepts',
    )
    h.clock.advance(HOUR)
    const matchedAt = h.clock()
    expectOk(
      await h.call(mentor, 'POST', '/api/MatchingTandem/AcceptProposal', {
        email: mentor.email,
        role: 'Mentor',
        pairedUserEmail: mentee.email,
        proposalSaveModel: { proposalId: chosen.pairedProposalId, proposalState: 'ACCEPTED' },
        matchingTandemSaveModel: { matchingTandemId: chosen.matchingTandemId, tandemState: 'MATCHED' },
      }),
      'mentor accepts',
    )
    expect(facts(mentee)).toMatchObject({ menteeProposed: proposedAt, menteeMatched: matchedAt })
    expect(facts(mentor)).toMatchObject({ mentorProposed: proposedAt, mentorMatched: matchedAt })
  })

  it('records whether saved answers make a complete questionnaire', async () => {
    const complete = await h.readyMentee('Mia')
    const partial = h.person('Pia')
    expectOk(await h.signUp(partial, 'Mentee'), 'sign-up')
    expectOk(await h.saveAnswers(partial, 'Mentee', aMenteeAnswers().slice(0, 1), false), 'partial answers')
    const completeness = (p: Person) =>
      (
        h.server.db.raw.prepare('select mentee_questionnaire_complete as complete from users where id = ?').get(row(p).id) as {
          complete: number
        }
      ).complete
    expect(completeness(complete)).toBe(1)
    expect(completeness(partial)).toBe(0)
  })
})
