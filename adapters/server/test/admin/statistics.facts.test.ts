// The facts the statistics need that participants' journeys write: a mentee's first start of
// matching (kept when they start again) and whether a saved questionnaire was complete.
import { HOUR, type ProposalsResponse } from '@tandem/core'
import { aMenteeAnswers } from '@tandem/fixtures'
import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { query } from '../support/database.under-test.js'
import { expectOk, startHarness, type Harness, type Person } from '../support/harness.js'

let h: Harness
beforeEach(async () => {
  h = await startHarness()
})
afterEach(async () => {
  await h.close()
})

const start = (p: Person) => h.startMatching(p)
const row = async (p: Person) => {
  const [found] = await query<{ id: number; first: number | null; last: number | null }>(
    h.server,
    sql`select id, mentee_first_started_at as ${sql.id('first')}, mentee_last_started_at as ${sql.id('last')} from users where email = ${p.email}`,
  )
  if (found === undefined) throw new Error(`no user ${p.email}`)
  return found
}

describe('statistics facts', () => {
  it('keeps the first start of matching when the mentee starts again after the 48 h window', async () => {
    await h.publishedMentor('Anna')
    const mentee = await h.readyMentee()
    expect((await row(mentee)).first).toBeNull()
    const firstStart = h.clock()
    expectOk(await start(mentee), 'first start')
    expect(await row(mentee)).toMatchObject({ first: firstStart, last: firstStart })
    h.clock.advance(49 * HOUR)
    expect(await h.server.sweep()).toBe(1)
    const secondStart = h.clock()
    expectOk(await start(mentee), 'second start')
    expect(await row(mentee)).toMatchObject({ first: firstStart, last: secondStart })
  })

  it('records when each side was first proposed and first matched, and keeps those times', async () => {
    const mentor = await h.publishedMentor('Anna')
    const mentee = await h.readyMentee()
    const facts = async (p: Person) =>
      (
        await query(
          h.server,
          sql`select mentee_proposed_at as ${sql.id('menteeProposed')}, mentee_matched_at as ${sql.id('menteeMatched')},
            mentor_proposed_at as ${sql.id('mentorProposed')}, mentor_matched_at as ${sql.id('mentorMatched')} from users where email = ${p.email}`,
        )
      )[0]
    const proposedAt = h.clock()
    expectOk(await start(mentee), 'start')
    const [chosen] = (await h.call<ProposalsResponse>(mentee, 'POST', '/api/MatchingTandem/GetProposals', { email: mentee.email })).body
      .value.menteeProposal
    if (chosen === undefined) throw new Error('expected a proposal')
    expect(await facts(mentee)).toMatchObject({ menteeProposed: proposedAt, menteeMatched: null })
    expect(await facts(mentor)).toMatchObject({ mentorProposed: proposedAt, mentorMatched: null })
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
    expect(await facts(mentee)).toMatchObject({ menteeProposed: proposedAt, menteeMatched: matchedAt })
    expect(await facts(mentor)).toMatchObject({ mentorProposed: proposedAt, mentorMatched: matchedAt })
  })

  it('records whether saved answers make a complete questionnaire', async () => {
    const complete = await h.readyMentee('Mia')
    const partial = h.person('Pia')
    expectOk(await h.signUp(partial, 'Mentee'), 'sign-up')
    expectOk(await h.saveAnswers(partial, 'Mentee', aMenteeAnswers().slice(0, 1), false), 'partial answers')
    const completeness = async (p: Person) =>
      (
        await query<{ complete: number }>(
          h.server,
          sql`select mentee_questionnaire_complete as complete from users where id = ${(await row(p)).id}`,
        )
      )[0]?.complete
    expect(await completeness(complete)).toBe(1)
    expect(await completeness(partial)).toBe(0)
  })
})
