// On a slow line the screen's data are asked for together with the person's details (main.tsx,
// app/prefetch.ts), not after the screen has mounted: the screen then finds them in the cache.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import type { Side } from '@tandem/core'
import QuestionnairePage from '../src/features/questionnaire/QuestionnairePage.js'
import { makeStore } from '../src/state/store.js'
import { configLoaded, userChanged } from '../src/state/session.slice.js'
import { questionnaireApi } from '../src/shared/api/questionnaire.api.js'
import { prefetchPerson, prefetchScreenData } from '../src/routes/prefetch.js'
import { renderWithProviders, testConfig } from './utils/renderWithProviders.js'
import { startRealApi, type RealApi } from './utils/realApi.js'

let api: RealApi
beforeAll(async () => {
  api = await startRealApi()
})
afterAll(() => api.close())

const startFor = async (name: string, side: Side) => {
  const person = api.person(name)
  await api.signUp(person, side)
  const { user, auth } = api.signedIn(person)
  const store = makeStore(undefined, { auth })
  store.dispatch(configLoaded(testConfig(api.url)))
  store.dispatch(userChanged(user))
  /** Requests of this person to one route. */
  const calls = (route: string) => api.calls(route).filter((r) => r.query['emailId'] === person.email || r.query['email'] === person.email)
  return { store, user, auth, person, calls }
}

describe('screen data asked together with the person', () => {
  it("asks for the questionnaire's profile and questions before the page renders, and the page uses those answers", async () => {
    const { store, user, auth, calls } = await startFor('Mia', 'Mentee')
    prefetchPerson(store, '/user/mentee-profile', user.email)
    prefetchScreenData(store, '/user/mentee-profile', user.email, 'en')
    await waitFor(() => {
      expect(calls('GET /api/Account/GetUserDetails')).toHaveLength(1)
      expect(calls('GET /api/User/GetUserProfile')).toHaveLength(1)
      expect(calls('GET /api/Questionnaire/GetQuestionAnswerPairs')).toHaveLength(1)
    })
    await renderWithProviders(<QuestionnairePage side="Mentee" />, { route: '/user/mentee-profile', user, auth, store })
    await screen.findByRole('textbox', { name: /In which year did you start working or graduate/ })
    // the page asked with the same arguments: nothing was asked twice
    expect(calls('GET /api/Account/GetUserDetails')).toHaveLength(1)
    expect(calls('GET /api/User/GetUserProfile')).toHaveLength(1)
    expect(calls('GET /api/Questionnaire/GetQuestionAnswerPairs')).toHaveLength(1)
  })

  it('forgets a refused guess without showing an error page, so a screen that shows it asks again', async () => {
    const { store, user, calls } = await startFor('Max', 'Mentor')
    prefetchScreenData(store, '/user/mentee-profile', user.email, 'en')
    const entry = () =>
      questionnaireApi.endpoints.getQuestionAnswerPairs.select({ emailId: user.email, role: 'Mentee', language: 'en' })(store.getState())
    expect(entry().status).toBe('pending')
    await waitFor(() => expect(entry().status).toBe('uninitialized'))
    expect(calls('GET /api/Questionnaire/GetQuestionAnswerPairs').map((r) => r.status)).toEqual([403])
    expect(store.getState().session.errorCode).toBeNull()
  })
})
