// Review fix (docs/product.md#entities: sign-up; docs/product.md#validation: requiredFieldError):
// nobody is registered without having accepted the data privacy policy and the terms; a false
// consent is a 400 naming the field.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { signUpBody, startHarness, type Harness, type Person } from '../support/harness.js'

let h: Harness
beforeEach(async () => {
  h = await startHarness()
})
afterEach(async () => {
  await h.close()
})

const signUp = (p: Person, consents: { privacy: boolean; terms: boolean }) =>
  h.call(p, 'POST', '/api/account/signup', {
    ...signUpBody(p),
    IsAcceptedDataPrivacyPolicy: consents.privacy,
    IsAcceptedTermsConditions: consents.terms,
  })

describe('sign-up consents', () => {
  it('refuses a sign-up with either consent false (400, requiredFieldError on the field) and stores nobody', async () => {
    const p = h.person('Nora')
    const noTerms = await signUp(p, { privacy: true, terms: false })
    expect([noTerms.status, noTerms.body.value]).toEqual([400, [{ field: 'IsAcceptedTermsConditions', key: 'requiredFieldError' }]])
    const noPrivacy = await signUp(p, { privacy: false, terms: true })
    expect([noPrivacy.status, noPrivacy.body.value]).toEqual([400, [{ field: 'IsAcceptedDataPrivacyPolicy', key: 'requiredFieldError' }]])
    expect(await h.server.ctx.users.byEmail(p.email)).toBeUndefined()
  })

  it('registers the user when both consents are true', async () => {
    const p = h.person('Nora')
    const reply = await signUp(p, { privacy: true, terms: true })
    expect(reply.status).toBe(200)
    expect((await h.server.ctx.users.byEmail(p.email))?.roles).toEqual(['Mentee'])
  })
})
