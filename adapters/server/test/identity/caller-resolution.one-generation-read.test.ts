// Resolving the caller of a request costs one generation read, whether the caller's answers are
// cached or not: the deletion check and the account are both checked against the request's read
// (they were two reads). A caller read cold is one statement, its photo included.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startHarness, type Harness } from '../support/harness.js'
import { statementsOf, type Executed } from '../support/statements.during.js'

let h: Harness
let generationReads = 0
beforeEach(async () => {
  h = await startHarness()
  // Counted where the services ask: the server context every service holds.
  const ctx = h.server.ctx as { generation: () => Promise<string> }
  const read = ctx.generation
  ctx.generation = () => {
    generationReads += 1
    return read()
  }
})
afterEach(async () => {
  await h.close()
})

/** The statements that read `table`, in a subquery or not. */
const reads = (executed: readonly Executed[], table: string) => executed.filter((e) => e.sql.includes(`from "${table}"`))
/** The statements that asked whether a user has a photo, apart from reading the user. */
const photoChecks = (executed: readonly Executed[]) => executed.filter((e) => /^select "user_id" from "profile_images"/.test(e.sql))

describe("resolving a request's caller", () => {
  it('reads the generation once per request, and the account in one statement', async () => {
    const mentee = await h.readyMentee()
    const reasons = () =>
      h.call(mentee, 'GET', `/api/MatchingTandem/GetDeclineReason?email=${encodeURIComponent(mentee.email)}&role=Mentee&language=en`)

    // Cold: the mentee's last save was a commit, so nothing cached holds.
    generationReads = 0
    let status = 0
    const cold = await statementsOf(h.server, async () => {
      status = (await reasons()).status
    })
    expect(status).toBe(200)
    expect(generationReads).toBe(1)
    expect(reads(cold, 'users')).toHaveLength(1)
    expect(photoChecks(cold)).toHaveLength(0)
    expect(reads(cold, 'deleted_subjects')).toHaveLength(1)

    // Warm: nothing was committed since, so only the generation is read.
    generationReads = 0
    const warm = await statementsOf(h.server, async () => {
      status = (await reasons()).status
    })
    expect(status).toBe(200)
    expect(generationReads).toBe(1)
    expect(reads(warm, 'users')).toHaveLength(0)
    expect(reads(warm, 'deleted_subjects')).toHaveLength(0)
  })

  it("answers the dashboard's proposals with that one generation read, from its cache while nothing was committed", async () => {
    await h.publishedMentor('Anna')
    const mentee = await h.readyMentee()
    expect((await h.call(mentee, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: mentee.email })).status).toBe(200)
    const proposals = () =>
      h.call<{ menteeProposal: unknown[] }>(mentee, 'POST', '/api/MatchingTandem/GetProposals', { email: mentee.email })
    expect((await proposals()).body.value.menteeProposal).toHaveLength(1)

    generationReads = 0
    let reply: Awaited<ReturnType<typeof proposals>> | undefined
    const warm = await statementsOf(h.server, async () => {
      reply = await proposals()
    })
    expect(reply?.status).toBe(200)
    expect(reply?.body.value.menteeProposal).toHaveLength(1)
    expect(generationReads).toBe(1)
    expect(reads(warm, 'tandems')).toHaveLength(0)
  })

  it('still tells whether the caller has a photo, read in that one statement', async () => {
    const mentee = await h.readyMentee()
    const id = await h.idOf(mentee)
    expect((await h.server.ctx.users.byId(id))?.hasImage).toBe(false)
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')
    await h.server.ctx.users.setImage(id, 'image/png', png)
    const user = await h.server.ctx.users.byId(id)
    expect(user?.hasImage).toBe(true)
    expect((await h.server.ctx.users.bySubject(user?.issuer ?? '', mentee.subject))?.hasImage).toBe(true)
    expect((await h.server.ctx.users.byEmail(mentee.email))?.hasImage).toBe(true)
  })
})
