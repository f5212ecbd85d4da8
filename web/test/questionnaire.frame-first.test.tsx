// On a slow line the questionnaire shows its heading and introduction at once and fills in the
// form when the profile and the questions arrive, without replacing what is already drawn.
import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import QuestionnairePage from '../src/features/questionnaire/QuestionnairePage.js'
import { renderWithProviders } from './utils/renderWithProviders.js'
import { startRealApi, type RealApi } from './utils/realApi.js'

let api: RealApi | undefined
afterEach(async () => {
  await api?.close()
  api = undefined
})

const yearQuestion = () => screen.queryByRole('textbox', { name: /In which year did you start working or graduate/ })

describe('the questionnaire page before its questions arrive', () => {
  it('shows the heading and the introduction at once, and the questions below them once they arrive', async () => {
    api = await startRealApi()
    const mia = api.person('Mia')
    await api.signUp(mia, 'Mentee')
    const questions = api.faults.holdNext('GET /api/Questionnaire/GetQuestionAnswerPairs')
    const { user, auth } = api.signedIn(mia)
    await renderWithProviders(<QuestionnairePage side="Mentee" />, { route: '/user/mentee-profile', apiBaseUrl: api.url, user, auth })
    const heading = await screen.findByRole('heading', { level: 1, name: 'Mentee questionnaire' })
    const intro = screen.getByText(/Tell us about yourself and what you are looking for/)
    await expect.poll(() => api?.calls('GET /api/Questionnaire/GetQuestionAnswerPairs').length).toBe(1)
    expect(yearQuestion()).toBeNull()
    expect(screen.getByRole('status').textContent).toContain('Loading')

    questions.release()
    await waitFor(() => expect(yearQuestion()).not.toBeNull())
    // the same elements stay: the form fills in below them
    expect(screen.getByRole('heading', { level: 1, name: 'Mentee questionnaire' })).toBe(heading)
    expect(screen.getByText(/Tell us about yourself and what you are looking for/)).toBe(intro)
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
  })
})
