// Review fix (docs/product.md#profile-form: any failed check shows the missing-profile-fields message and saves
// nothing): an unknown country, state, language, program year or profile question id is refused
// with the field's invalid-value and the summary profileMissingFieldsError, like every other failure.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { expectOk, startHarness, type Harness, type Person } from '../support/harness.js'

let h: Harness
beforeEach(async () => {
  h = await startHarness()
})
afterEach(async () => {
  await h.close()
})

const SUMMARY = { field: 'profile', key: 'profileMissingFieldsError' }

const update = async (p: Person, changes: Record<string, unknown>) =>
  h.call(p, 'POST', '/api/user/UpdateProfile', {
    email: p.email,
    professionalPosition: 'Nurse',
    company: 'Clinic',
    countryCodeId: 64,
    stateOriginalId: 1,
    city: 'Hamburg',
    languageId: 1,
    clusterId: (await h.server.ctx.clusters.defaultCluster())?.clusterId ?? null,
    profileQuestionAnswer: [],
    isDeletedProfileImage: false,
    ...changes,
  })

describe('profile update with unknown ids', () => {
  it.each([
    ['countryCodeId', { countryCodeId: 999_999 }],
    ['stateOriginalId', { stateOriginalId: 999_999 }],
    ['languageId', { languageId: 999_999 }],
    ['clusterId', { clusterId: 999_999 }],
    ['profileQuestionAnswer.0.userQuestionOriginalId', { profileQuestionAnswer: [{ userQuestionOriginalId: 999_999, userAnswer: 'x' }] }],
  ])('refuses an unknown %s with invalid-value and profileMissingFieldsError, saving nothing', async (field, changes) => {
    const mentee = h.person('Mia')
    expectOk(await h.signUp(mentee, 'Mentee'), 'sign-up')
    expectOk(await h.saveProfile(mentee), 'first profile')
    const reply = await update(mentee, changes)
    expect([reply.status, reply.body.errorMessage, reply.body.value]).toEqual([
      400,
      'ValidationFailed',
      [{ field, key: 'invalid-value' }, SUMMARY],
    ])
    expect((await h.server.ctx.users.byEmail(mentee.email))?.city).toBe('Berlin')
  })

  it('reports an unknown id together with the form failures, with the summary once', async () => {
    const mentee = h.person('Mia')
    expectOk(await h.signUp(mentee, 'Mentee'), 'sign-up')
    const reply = await update(mentee, { countryCodeId: 999_999, city: '' })
    expect(reply.status).toBe(400)
    expect(reply.body.value).toEqual([
      { field: 'city', key: 'requiredFieldError' },
      { field: 'countryCodeId', key: 'invalid-value' },
      SUMMARY,
    ])
  })
})
