// A start-matching request reads the mentee's slice of the world (their tandems) once: the passed
// deadlines, PENDING and the proposals all work from that one load. Counted on the SQL statements
// the real database executes while the request runs (the SQLite file's statements, or pg's queries).
import { MENTEE_CHOICE_WINDOW, type ProposalsResponse, type UserId } from '@tandem/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startHarness, type Harness, type Person } from '../support/harness.js'
import { statementsOf, type Executed } from '../support/statements.during.js'

let h: Harness
beforeEach(async () => {
  h = await startHarness()
})
afterEach(async () => {
  await h.close()
})
const statementsDuring = (work: () => Promise<unknown>) => statementsOf(h.server, work)

/** The statements that read a user's tandems: the query that loads a slice of the world. */
const sliceLoadsOf = (executed: readonly Executed[], userId: number): Executed[] =>
  executed.filter((e) => /from "tandems" where \("mentee_id" in/.test(e.sql) && e.parameters.includes(userId))

const idOf = (p: Person): Promise<UserId> => h.idOf(p)
const start = (p: Person) => h.call(p, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: p.email })

describe("start matching reads the mentee's slice once", () => {
  it("proposes mentors from a single load of the mentee's tandems", async () => {
    for (const name of ['Anna', 'Bert', 'Carl', 'Dora']) await h.publishedMentor(name)
    const mentee = await h.readyMentee()
    let reply: Awaited<ReturnType<typeof start>> | undefined
    const executed = await statementsDuring(async () => {
      reply = await start(mentee)
    })
    expect(reply?.status).toBe(200)
    expect((await h.server.ctx.users.byEmail(mentee.email))?.participant.mentee?.status).toBe('PROPOSED')
    expect(sliceLoadsOf(executed, await idOf(mentee))).toHaveLength(1)
  })

  it('also when the proposals of an earlier run lapsed: the deadlines are applied from the same load', async () => {
    for (const name of ['Anna', 'Bert']) await h.publishedMentor(name)
    const mentee = await h.readyMentee()
    expect((await start(mentee)).status).toBe(200)
    h.clock.advance(MENTEE_CHOICE_WINDOW)
    let reply: Awaited<ReturnType<typeof start>> | undefined
    const executed = await statementsDuring(async () => {
      reply = await start(mentee)
    })
    expect(reply?.status).toBe(200)
    const proposals = (await h.call<ProposalsResponse>(mentee, 'POST', '/api/MatchingTandem/GetProposals', { email: mentee.email })).body
      .value
    expect(proposals.menteeProposal).toHaveLength(2)
    expect(sliceLoadsOf(executed, await idOf(mentee))).toHaveLength(1)
  })
})
