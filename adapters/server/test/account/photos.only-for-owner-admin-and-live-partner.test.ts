// Review fix of the photo access (docs/product.md#permissions): a photo only for its owner, an admin
// and the other side of a live tandem the viewer is shown, never a former or not-yet-shown partner.
import { HOUR, type UserId } from '@tandem/core'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { expectOk, startHarness, type Harness, type Person } from '../support/harness.js'

let h: Harness
beforeEach(async () => {
  h = await startHarness()
})
afterEach(async () => {
  await h.close()
})

const proposals = (p: Person) => h.proposals(p)
const start = (p: Person) => h.startMatching(p)
const idOf = (p: Person): Promise<UserId> => h.idOf(p)

const uploadPhoto = async (who: Person): Promise<void> => {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2266aa' } })
    .png()
    .toBuffer()
  const form = new FormData()
  form.append('email', who.email)
  form.append('imageFile', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png')
  const response = await fetch(`${h.base}/api/user/UpdateProfileImage`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await h.tokenFor(who)}` },
    body: form,
  })
  expect(response.status).toBe(200)
}

/** The status of `viewer` fetching `owner`'s photo. */
const photoStatus = async (viewer: Person, owner: Person): Promise<number> =>
  (
    await fetch(`${h.base}/api/User/ProfileImage/${await idOf(owner)}`, {
      headers: { authorization: `Bearer ${await h.tokenFor(viewer)}` },
    })
  ).status

const decision = (who: Person, role: 'Mentee' | 'Mentor', partner: Person, proposalId: number, tandemId: number, accept: boolean) =>
  h.call(who, 'POST', `/api/MatchingTandem/${accept ? 'AcceptProposal' : 'DeclineProposal'}`, {
    email: who.email,
    role,
    pairedUserEmail: partner.email,
    proposalSaveModel: accept
      ? { proposalId, proposalState: 'ACCEPTED' }
      : {
          proposalId,
          proposalState: 'DECLINED',
          comment: null,
          declineReasonId: h.server.ctx.master.declineReasons.find((r) => r.side === role)?.id ?? 0,
        },
    matchingTandemSaveModel: { matchingTandemId: tandemId, tandemState: accept ? 'ACTIVE' : 'DECLINED' },
  })

describe('profile photos', () => {
  it('a mentor sees the mentee photo only once the mentee accepted; former partners of closed or declined tandems lose access', async () => {
    const anna = await h.publishedMentor('Anna')
    const bert = await h.publishedMentor('Bert')
    const mentee = await h.readyMentee()
    for (const p of [anna, bert, mentee]) await uploadPhoto(p)
    expectOk(await start(mentee), 'start matching')
    const shown = (await proposals(mentee)).menteeProposal
    expect(shown).toHaveLength(2)
    const chosenCard = shown.find((p) => p.firstName === 'Anna')
    if (chosenCard === undefined) throw new Error('expected Anna among the proposals')

    // The mentor proposal is not shown to the mentors before the mentee accepts: nor is the photo.
    expect(await photoStatus(mentee, anna)).toBe(200)
    expect(await photoStatus(anna, mentee)).toBe(404)
    expect(await photoStatus(bert, mentee)).toBe(404)

    expectOk(await decision(mentee, 'Mentee', anna, chosenCard.proposalId, chosenCard.matchingTandemId, true), 'mentee accepts Anna')
    expect(await photoStatus(anna, mentee)).toBe(200)
    // Bert's tandem was closed by the accept: neither side keeps access.
    expect(await photoStatus(bert, mentee)).toBe(404)
    expect(await photoStatus(mentee, bert)).toBe(404)

    expectOk(await decision(anna, 'Mentor', mentee, chosenCard.pairedProposalId, chosenCard.matchingTandemId, false), 'Anna declines')
    expect(await photoStatus(anna, mentee)).toBe(404)
    expect(await photoStatus(mentee, anna)).toBe(404)

    // The owner and an administrator always may.
    expect(await photoStatus(mentee, mentee)).toBe(200)
    expect(await photoStatus(h.admin, mentee)).toBe(200)
  })

  it('a proposal whose 48 h choice window passed no longer opens the mentor photo, even before any sweep', async () => {
    const anna = await h.publishedMentor('Anna')
    const mentee = await h.readyMentee()
    await uploadPhoto(anna)
    expectOk(await start(mentee), 'start matching')
    expect(await photoStatus(mentee, anna)).toBe(200)
    h.clock.advance(49 * HOUR)
    expect(await photoStatus(mentee, anna)).toBe(404)
  })
})
