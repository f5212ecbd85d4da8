// At the end of a long questionnaire the top of the page is out of view: the answer to Save and
// Save and publish (success or the error summary) appears right above the buttons, announced.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { aMentorAnswers } from '@tandem/fixtures'
import QuestionnairePage from '../src/features/questionnaire/QuestionnairePage.js'
import { renderWithProviders } from './utils/renderWithProviders.js'
import { startRealApi, type RealApi } from './utils/realApi.js'

let api: RealApi
beforeAll(async () => {
  api = await startRealApi()
})
afterAll(() => api.close())

/** A mentor who saved a complete profile and a complete questionnaire (not yet published), or no answers. */
const setUp = async (answered: boolean) => {
  const max = api.person('Max')
  await api.signUp(max, 'Mentor')
  await api.saveProfile(max, null)
  if (answered) await api.saveAnswers(max, 'Mentor', aMentorAnswers(), false)
  const { user, auth } = api.signedIn(max)
  await renderWithProviders(<QuestionnairePage side="Mentor" />, { route: '/user/mentor-profile', apiBaseUrl: api.url, user, auth })
  return max
}

/** The message sits after the last question and right before the buttons' row. */
const expectBesideTheButtons = (message: HTMLElement) => {
  const answerFields = [...screen.getAllByRole('textbox'), ...screen.getAllByRole('checkbox'), ...screen.getAllByRole('radio')]
  const lastQuestion = answerFields.reduce((last, field) =>
    last.compareDocumentPosition(field) & Node.DOCUMENT_POSITION_FOLLOWING ? field : last,
  )
  const save = screen.getByRole('button', { name: 'Save' })
  expect(lastQuestion.compareDocumentPosition(message) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  expect(message.compareDocumentPosition(save) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  expect(message.parentElement?.nextElementSibling?.contains(save)).toBe(true)
}

describe('the answer to saving the questionnaire', () => {
  it('announces a successful save and publish right above the buttons', async () => {
    const max = await setUp(true)
    await userEvent.click(await screen.findByRole('button', { name: 'Save and publish' }))
    const message = await screen.findByRole('status')
    expect(message.textContent).toContain('Your mentor profile was saved and published.')
    expectBesideTheButtons(message)
    const published = await api.call<{ isProfilePublished: boolean }>(
      max,
      'GET',
      `/api/Questionnaire/GetQuestionAnswerPairs?language=en&role=Mentor&emailId=${encodeURIComponent(max.email)}`,
    )
    expect(published.body.value.isProfilePublished).toBe(true)
  })

  it('announces the error summary of a refused save right above the buttons', async () => {
    await setUp(false)
    await userEvent.click(await screen.findByRole('button', { name: 'Save and publish' }))
    const text = await screen.findByText('Some fields of the questionnaire are not valid. Please check your answers.')
    const message = text.closest<HTMLElement>('[role="alert"]')
    if (message === null) throw new Error('the summary is not announced')
    expectBesideTheButtons(message)
  })
})
