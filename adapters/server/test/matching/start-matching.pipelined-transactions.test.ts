// A start's two transactions wait for the database as seldom as their statements allow (decision
// 0022): on PostgreSQL each sends its reads right behind its `begin` (the users' rows locked first,
// then their tandems and the program years), its conditional update of the participants without
// waiting (PostgreSQL itself refuses a missed version), and the proposals' transaction its new
// tandems, their mails and its commit together — the answers are read with the commit's, and a
// failed write fails the commit with its own error. On SQLite each statement has run before the
// next is sent; the same statements are counted there.
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

const start = (p: Person) => h.call(p, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: p.email })
const onPostgres = () => h.server.db.dialect === 'postgres'
const isBegin = (e: Executed) => /^begin( immediate)?$/i.test(e.sql.trim())
const isCommit = (e: Executed) => /(^|; )commit$/i.test(e.sql.trim())

describe("start matching's transactions", () => {
  it('send their reads with their begin, their conditional update without waiting, and the new tandems, their mails and the commit together', async () => {
    for (const name of ['Anna', 'Bert', 'Carl']) await h.publishedMentor(name)
    const mentee = await h.readyMentee()
    let status = 0
    const executed = await statementsOf(h.server, async () => {
      status = (await start(mentee)).status
    })
    expect(status).toBe(200)
    expect((await h.server.ctx.users.byEmail(mentee.email))?.participant.mentee?.status).toBe('PROPOSED')

    const begins = executed.flatMap((e, i) => (isBegin(e) ? [i] : []))
    expect(begins).toHaveLength(2)
    // On PostgreSQL the statement after each begin is sent while the begin is unanswered.
    if (onPostgres()) for (const i of begins) expect(executed[i + 1]?.inFlight).toBeGreaterThan(0)

    // The first transaction's reads go out together: its tandems are read behind the users' lock.
    const reads = executed.findIndex((e, i) => i > (begins[0] ?? 0) && /^select \* from "tandems"/.test(e.sql))
    expect(reads).toBe((begins[0] ?? 0) + 2)
    if (onPostgres()) expect(executed[reads]?.inFlight).toBeGreaterThanOrEqual(2)
    // Each transaction updates the participants once, conditionally, and on PostgreSQL sends on
    // (the commit, the new tandems' ids) without waiting for that update's answer.
    const updates = executed.flatMap((e, i) => (/\bwith v \(/.test(e.sql) ? [i] : []))
    expect(updates).toHaveLength(2)
    if (onPostgres()) for (const i of updates) expect(executed[i + 1]?.inFlight).toBeGreaterThan(0)

    const tandems = executed.findIndex((e) => /^insert into "tandems"/.test(e.sql))
    const mails = executed.findIndex((e) => /^insert into "outbox"/.test(e.sql))
    expect(tandems).toBeGreaterThan(-1)
    expect(mails).toBeGreaterThan(tandems)
    if (onPostgres()) {
      const commit = executed.findIndex((e, i) => i > mails && isCommit(e))
      // The tandems' insert, then the mails' while it is unanswered, then the commit behind both.
      expect(executed[mails]?.inFlight).toBeGreaterThan(executed[tandems]?.inFlight ?? 0)
      expect(executed[commit]?.inFlight).toBeGreaterThanOrEqual(2)
    } else for (const e of executed) expect(e.inFlight).toBe(0)
  })
})
