// On a slow line the screen's data are asked for together with the person's details (main.tsx,
// app/prefetch.ts), not after the screen has mounted: the screen then finds them in the cache.
import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import type { UserView } from '@tandem/core'
import QuestionnairePage from '../src/features/questionnaire/QuestionnairePage.js'
import { makeStore } from '../src/state/store.js'
import { configLoaded, userChanged } from '../src/state/session.slice.js'
import { questionnaireApi } from '../src/features/questionnaire/questionnaire.api.js'
import { prefetchPerson, prefetchScreenData } from '../src/routes/prefetch.js'
import { aSignedInUser, renderWithProviders, standInAuth, testConfig } from './utils/renderWithProviders.js'
import { fail, ok, startApiServer, type ApiServer } from './utils/apiServer.js'
import { aProfileResponse, aStatus, aUser, questions } from './utils/builders.js'

let server: ApiServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const startFor = async (user: UserView, pairs: () => ReturnType<typeof ok>) => {
  server = await startApiServer({
    'GET /api/Account/GetUserDetails': () => ok(user),
    'GET /api/User/GetUserProfile': () => ok(aProfileResponse(user)),
    'GET /api/Questionnaire/GetQuestionAnswerPairs': pairs,
  })
  const signedIn = aSignedInUser(user.email)
  const store = makeStore(undefined, { auth: standInAuth(signedIn) })
  store.dispatch(configLoaded(testConfig(server.url)))
  store.dispatch(userChanged(signedIn))
  return { store, signedIn, server }
}

describe('screen data asked together with the person', () => {
  it("asks for the questionnaire's profile and questions before the page renders, and the page uses those answers", async () => {
    const user = aUser('mia@example.org', ['Mentee'], [aStatus('Mentee', 'NEW')])
    const { store, signedIn, server } = await startFor(user, () =>
      ok({ questionAnswerModel: questions(), isProfilePublished: false, statusByRole: 'NEW' }),
    )
    prefetchPerson(store, '/user/mentee-profile', user.email)
    prefetchScreenData(store, '/user/mentee-profile', user.email, 'en')
    await waitFor(() => {
      expect(server.calls('GET /api/Account/GetUserDetails')).toHaveLength(1)
      expect(server.calls('GET /api/User/GetUserProfile')).toHaveLength(1)
      expect(server.calls('GET /api/Questionnaire/GetQuestionAnswerPairs')).toHaveLength(1)
    })
    await renderWithProviders(<QuestionnairePage side="Mentee" />, { route: '/user/mentee-profile', user: signedIn, store })
    await screen.findByRole('textbox', { name: /What matters to you in working together/ })
    // the page asked with the same arguments: nothing was asked twice
    expect(server.calls('GET /api/Account/GetUserDetails')).toHaveLength(1)
    expect(server.calls('GET /api/User/GetUserProfile')).toHaveLength(1)
    expect(server.calls('GET /api/Questionnaire/GetQuestionAnswerPairs')).toHaveLength(1)
  })

  it('forgets a refused guess without showing an error page, so a screen that shows it asks again', async () => {
    const user = aUser('max@example.org', ['Mentor'], [aStatus('Mentor', 'NEW')])
    const { store, server } = await startFor(user, () => fail(403, 'WrongRole'))
    prefetchScreenData(store, '/user/mentee-profile', user.email, 'en')
    const entry = () =>
      questionnaireApi.endpoints.getQuestionAnswerPairs.select({ emailId: user.email, role: 'Mentee', language: 'en' })(store.getState())
    expect(entry().status).toBe('pending')
    await waitFor(() => expect(entry().status).toBe('uninitialized'))
    expect(server.calls('GET /api/Questionnaire/GetQuestionAnswerPairs')).toHaveLength(1)
    expect(store.getState().session.errorCode).toBeNull()
  })
})
