// On a slow line the questionnaire shows its heading and introduction at once and fills in the
// form when the profile and the questions arrive, without replacing what is already drawn.
import { afterEach, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import QuestionnairePage from '../src/features/questionnaire/QuestionnairePage.js'
import { renderWithProviders, aSignedInUser } from './utils/renderWithProviders.js'
import { ok, startApiServer, type ApiServer } from './utils/apiServer.js'
import { aProfileResponse, aStatus, aUser, questions } from './utils/builders.js'

let server: ApiServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

describe('the questionnaire page before its questions arrive', () => {
  it('shows the heading and the introduction at once, and the questions below them once they arrive', async () => {
    const user = aUser('mia@example.org', ['Mentee'], [aStatus('Mentee', 'NEW')])
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    server = await startApiServer({
      'GET /api/Account/GetUserDetails': () => ok(user),
      'GET /api/User/GetUserProfile': () => ok(aProfileResponse(user)),
      'GET /api/Questionnaire/GetQuestionAnswerPairs': async () => {
        await held
        return ok({ questionAnswerModel: questions(), isProfilePublished: false, statusByRole: 'NEW' })
      },
    })
    await renderWithProviders(<QuestionnairePage side="Mentee" />, {
      route: '/user/mentee-profile',
      apiBaseUrl: server.url,
      user: aSignedInUser(user.email),
    })
    const heading = await screen.findByRole('heading', { level: 1, name: 'Mentee questionnaire' })
    const intro = screen.getByText(/Tell us about yourself and what you are looking for/)
    await expect.poll(() => server?.calls('GET /api/Questionnaire/GetQuestionAnswerPairs').length).toBe(1)
    expect(screen.queryByRole('textbox', { name: /What matters to you in working together/ })).toBeNull()
    expect(screen.getByRole('status').textContent).toContain('Loading')

    release()
    await screen.findByRole('textbox', { name: /What matters to you in working together/ })
    // the same elements stay: the form fills in below them
    expect(screen.getByRole('heading', { level: 1, name: 'Mentee questionnaire' })).toBe(heading)
    expect(screen.getByText(/Tell us about yourself and what you are looking for/)).toBe(intro)
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
  })
})
