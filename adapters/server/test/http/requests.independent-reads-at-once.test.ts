// Reads of one request that do not depend on each other go out at once: on PostgreSQL each waits
// on a round trip to the database, and an instance that waits goes idle and resumes on cold caches
// (decision 0022). Resolving the caller reads the deletion check and the account together; start
// matching reads the mentee's record, answers and profile answers together. On SQLite each
// statement has run before the next is sent, so there the same reads are only counted.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startHarness, type Harness, type Person } from '../support/harness.js'
import { statementsOf, type Executed } from '../support/statements.during.js'

let h: Harness
beforeEach(async () => {
  h = await startHarness()
})

/**
 * Opens a few pooled connections, as a running instance has them: a read that must first open its
 * connection (a round trip of its own) is sent only after an earlier read may have been answered.
 */
const warmPool = () => Promise.all(Array.from({ length: 4 }, () => h.server.ctx.lists.ping()))
afterEach(async () => {
  await h.close()
})

const readsOf = (executed: readonly Executed[], table: string) =>
  executed.filter((e) => new RegExp(`^select .* from "${table}"`).test(e.sql))
const onPostgres = () => h.server.db.dialect === 'postgres'
const start = (p: Person) => h.call(p, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: p.email })

/** Each read once; on PostgreSQL every one after the first sent while an earlier one was unanswered. */
const expectAtOnce = (reads: readonly (readonly Executed[])[]) => {
  for (const r of reads) expect(r).toHaveLength(1)
  const sent = reads.map((r) => r[0]!).sort((a, b) => a.inFlight - b.inFlight)
  if (onPostgres()) for (const later of sent.slice(1)) expect(later.inFlight).toBeGreaterThan(0)
  else for (const each of sent) expect(each.inFlight).toBe(0)
}

describe('independent reads of a request go out at once', () => {
  it('resolving the caller: the deletion check and the account (cold)', async () => {
    const mentee = await h.readyMentee()
    let status = 0
    await warmPool()
    const executed = await statementsOf(h.server, async () => {
      status = (
        await h.call(
          mentee,
          'GET',
          `/api/MatchingTandem/GetDeclineReason?email=${encodeURIComponent(mentee.email)}&role=Mentee&language=en`,
        )
      ).status
    })
    expect(status).toBe(200)
    expectAtOnce([readsOf(executed, 'deleted_subjects'), readsOf(executed, 'users')])
  })

  it("start matching: the mentee's record, answers and profile answers", async () => {
    for (const name of ['Anna', 'Bert', 'Carl']) await h.publishedMentor(name)
    const mentee = await h.readyMentee()
    // The caller is resolved first; what is counted is what the service reads after.
    await h.call(mentee, 'GET', `/api/MatchingTandem/GetDeclineReason?email=${encodeURIComponent(mentee.email)}&role=Mentee&language=en`)
    let status = 0
    await warmPool()
    const executed = await statementsOf(h.server, async () => {
      status = (await start(mentee)).status
    })
    expect(status).toBe(200)
    expect((await h.server.ctx.users.byEmail(mentee.email))?.participant.mentee?.status).toBe('PROPOSED')
    // What the run reads before its first transaction begins.
    const before = executed.slice(
      0,
      executed.findIndex((e) => /^begin/.test(e.sql)),
    )
    expectAtOnce([readsOf(before, 'users'), readsOf(before, 'answers'), readsOf(before, 'profile_answers')])
  })
})
