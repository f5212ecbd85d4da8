// Start matching checks the profile as stored against the profile rules: a mentee whose questionnaire
// and program year are complete but whose profile was never saved (no city, no country) is refused
// with InCompleteProfile, and the same call succeeds once the profile is saved.
import { aMenteeAnswers } from '@tandem/fixtures'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startHarness, type Harness } from '../support/harness.js'

let h: Harness
beforeEach(async () => {
  h = await startHarness()
})
afterEach(async () => {
  await h.close()
})

describe('start matching and the stored profile', () => {
  it('refuses a mentee whose stored profile misses required fields, and runs once it is saved', async () => {
    await h.publishedMentor('Anna')
    const mentee = h.person('Nina')
    expect((await h.signUp(mentee, 'Mentee')).status).toBe(200)
    expect((await h.saveAnswers(mentee, 'Mentee', aMenteeAnswers(), true)).status).toBe(200)
    const start = () => h.call<boolean>(mentee, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: mentee.email })

    const refused = await start()
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ isFailure: true, value: false, errorMessage: 'InCompleteProfile', statusCode: 400 })

    expect((await h.saveProfile(mentee)).status).toBe(200)
    const started = await start()
    expect(started.status).toBe(200)
    expect(started.body).toMatchObject({ isSuccess: true, value: true, statusCode: 200 })
  })
})
