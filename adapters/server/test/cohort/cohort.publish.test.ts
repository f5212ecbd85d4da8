// The admin's cohort draft through the real app: bad input changes nothing, drop and pick another
// mentor, and publish creates exactly the reviewed tandems (one proposal per mentee, 48 h window,
// NEW_TANDEM mails), skipping and listing a pair whose mentee changed since the draft.
import { MENTEE_CHOICE_WINDOW, type CohortDraftView, type CohortMentorChoice, type CohortPublishResult, type UserId } from '@tandem/core'
import { aMenteeAnswers } from '@tandem/fixtures'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { draftOf, progressOf, settled, startRun } from '../support/cohort.support.js'
import { startHarness, type Harness, type Person } from '../support/harness.js'

let h: Harness
let clusterId: number
let mentees: Person[]
let mentors: Person[]
const idOf = (p: Person): Promise<UserId> => h.idOf(p)

beforeAll(async () => {
  h = await startHarness()
  clusterId = (await h.server.ctx.clusters.defaultCluster())?.clusterId ?? 0
  mentors = []
  for (const name of ['Max', 'Moe', 'Mel', 'Mark']) mentors.push(await h.publishedMentor(name))
  mentees = []
  for (const name of ['Ann', 'Ben', 'Cem', 'Dana', 'Eli']) mentees.push(await h.readyMentee(name))
})
afterAll(async () => {
  await h.close()
})

const liveTandems = async () => (await h.server.ctx.store.load({ userIds: await Promise.all([...mentees, ...mentors].map(idOf)) })).tandems

describe('the cohort draft and its publish', () => {
  it('refuses a threshold out of range, an unknown program year and an unknown objective with a clear message, and starts nothing', async () => {
    const refusals = await Promise.all([
      h.call(h.admin, 'POST', '/api/Admin/StartCohortRun', { clusterId, objective: 'maxMatched', threshold: 101 }),
      h.call(h.admin, 'POST', '/api/Admin/StartCohortRun', { clusterId: 999, objective: 'maxMatched', threshold: 30 }),
      h.call(h.admin, 'POST', '/api/Admin/StartCohortRun', { clusterId, objective: 'best', threshold: 30 }),
    ])
    expect(refusals.map((r) => [r.status, r.body['errorCode'], r.body.value])).toEqual([
      [400, 'ValidationFailed', [{ field: 'threshold', key: 'cohort-threshold-range' }]],
      [400, 'ValidationFailed', [{ field: 'clusterId', key: 'cohort-unknown-program-year' }]],
      [400, 'ValidationFailed', [{ field: 'objective', key: 'invalid-value' }]],
    ])
    const latest = await h.call(h.admin, 'GET', '/api/Admin/GetCohortRunProgress')
    expect([latest.status, latest.body.value]).toEqual([200, null])
  })

  let draft: CohortDraftView
  it('drafts the whole program year: every mentor used, the one left over says why, totals beside first come, first served', async () => {
    const run = await startRun(h, { clusterId, threshold: 30 })
    expect((await settled(h, run.runId)).state).toBe('Draft')
    draft = await draftOf(h, run.runId)
    expect(draft.pairs).toHaveLength(4)
    expect(new Set(draft.pairs.map((p) => p.mentor.email))).toEqual(new Set(mentors.map((m) => m.email)))
    expect(draft.unmatched.map((u) => u.reason)).toEqual(['TakenByBetterAssignment'])
    // First come, first served: the first run reserves three mentors, the second the last one.
    expect(draft.firstCome).toMatchObject({ mentees: 5, matched: 2 })
    expect(draft.totals).toMatchObject({ mentees: 5, matched: 4 })
    expect(draft.pairs.every((p) => p.percentage >= 30 && p.shared.length > 0 && p.shared.every((s) => s.en !== '' && s.de !== ''))).toBe(
      true,
    )
  })

  it('drops a pair and gives its mentor to the mentee left over, showing that pair’s score; a taken or unknown mentor is refused and changes nothing', async () => {
    const runId = draft.runId
    const [dropped, kept] = [draft.pairs[0]!, draft.pairs[1]!]
    const leftOver = draft.unmatched[0]!.mentee
    const afterDrop = await h.call<CohortDraftView>(h.admin, 'POST', '/api/Admin/EditCohortDraft', {
      runId,
      menteeId: dropped.mentee.userId,
      mentorId: null,
    })
    expect(afterDrop.status).toBe(200)
    expect(afterDrop.body.value.unmatched.find((u) => u.mentee.userId === dropped.mentee.userId)?.reason).toBe('DroppedByAdmin')
    expect(afterDrop.body.value.totals.matched).toBe(3)

    const choices = await h.call<CohortMentorChoice[]>(
      h.admin,
      'GET',
      `/api/Admin/GetCohortMentorChoices?runId=${runId}&menteeId=${leftOver.userId}`,
    )
    const freed = choices.body.value.find((c) => c.userId === dropped.mentor.userId)
    expect(freed).toMatchObject({ taken: false })
    expect(choices.body.value.find((c) => c.userId === kept.mentor.userId)?.taken).toBe(true)

    const before = await draftOf(h, runId)
    const refused = await Promise.all([
      h.call(h.admin, 'POST', '/api/Admin/EditCohortDraft', { runId, menteeId: leftOver.userId, mentorId: kept.mentor.userId }),
      h.call(h.admin, 'POST', '/api/Admin/EditCohortDraft', { runId, menteeId: leftOver.userId, mentorId: await idOf(mentees[4]!) }),
      h.call(h.admin, 'POST', '/api/Admin/EditCohortDraft', { runId, menteeId: await idOf(mentors[0]!), mentorId: null }),
      h.call(h.admin, 'POST', '/api/Admin/EditCohortDraft', { runId: 999, menteeId: leftOver.userId, mentorId: null }),
    ])
    expect(refused.map((r) => [r.status, r.body.value])).toEqual([
      [400, [{ field: 'mentorId', key: 'cohort-mentor-not-available' }]],
      [400, [{ field: 'mentorId', key: 'cohort-mentor-not-available' }]],
      [400, [{ field: 'menteeId', key: 'cohort-unknown-mentee' }]],
      [404, null],
    ])
    expect(await draftOf(h, runId)).toEqual(before)

    const picked = await h.call<CohortDraftView>(h.admin, 'POST', '/api/Admin/EditCohortDraft', {
      runId,
      menteeId: leftOver.userId,
      mentorId: dropped.mentor.userId,
    })
    const pair = picked.body.value.pairs.find((p) => p.mentee.userId === leftOver.userId)
    expect(pair).toMatchObject({
      edited: true,
      percentage: freed?.percentage,
      base: freed?.base,
      mentor: { userId: dropped.mentor.userId },
    })
    draft = picked.body.value
  })

  it('publishes exactly the reviewed pairs in one go, skips and lists the one whose mentee changed, and records who ran and published', async () => {
    const stale = draft.pairs.find((p) => !p.edited)!
    const staleMentee = mentees.find((m) => m.email === stale.mentee.email)!
    // The mentee saves their questionnaire again after the review: the draft no longer speaks for them.
    await h.saveAnswers(staleMentee, 'Mentee', aMenteeAnswers(), true, 'UpdateAnswer')
    const now = h.clock()
    const reply = await h.call<CohortPublishResult>(h.admin, 'POST', `/api/Admin/PublishCohortDraft?runId=${draft.runId}`)
    expect(reply.status).toBe(200)
    expect(reply.body.value.published).toBe(3)
    expect(reply.body.value.skipped).toEqual([{ mentee: stale.mentee, mentor: stale.mentor, reason: 'Changed' }])

    const reviewed = draft.pairs.filter((p) => p !== stale)
    const tandems = [...(await liveTandems()).values()]
    expect(tandems.map((x) => `${x.menteeId}-${x.mentorId}`).sort()).toEqual(
      reviewed.map((p) => `${p.mentee.userId}-${p.mentor.userId}`).sort(),
    )
    for (const x of tandems) {
      const pair = reviewed.find((p) => p.mentee.userId === x.menteeId)!
      expect(x).toMatchObject({ state: 'ACTIVE', clusterId, score: { percentage: pair.percentage, base: pair.base } })
      expect(x.menteeProposal).toMatchObject({ state: 'PROPOSED', deadline: now + MENTEE_CHOICE_WINDOW })
      expect(x.mentorProposal.state).toBe('PROPOSED')
    }
    const mails = (await h.server.ctx.outbox.all())
      .filter((m) => m.type === 'NEW_TANDEM')
      .map((m) => m.recipient.email)
      .sort()
    expect(mails).toEqual(reviewed.map((p) => p.mentee.email).sort())

    const run = await progressOf(h, draft.runId)
    expect(run).toMatchObject({ state: 'Published', startedBy: h.admin.email, publishedBy: h.admin.email })
    const after = await draftOf(h, draft.runId)
    expect(
      after.pairs
        .filter((p) => p.outcome === 'Published')
        .map((p) => p.tandemId)
        .sort(),
    ).toEqual(reply.body.value.tandemIds.slice().sort())
    expect(after.skipped).toEqual(reply.body.value.skipped)
  })

  it('publishes a draft only once and no longer edits it', async () => {
    const count = (await liveTandems()).size
    const again = await h.call(h.admin, 'POST', `/api/Admin/PublishCohortDraft?runId=${draft.runId}`)
    const edit = await h.call(h.admin, 'POST', '/api/Admin/EditCohortDraft', {
      runId: draft.runId,
      menteeId: draft.pairs[0]!.mentee.userId,
      mentorId: null,
    })
    expect([again.status, edit.status]).toEqual([409, 409])
    expect((await liveTandems()).size).toBe(count)
  })
})
