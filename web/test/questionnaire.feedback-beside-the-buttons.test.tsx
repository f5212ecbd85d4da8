// At the end of a long questionnaire the top of the page is out of view: the answer to Save and
// Save and publish (success or the error summary) appears right above the buttons, announced.
import { afterEach, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import QuestionnairePage from '../src/features/questionnaire/QuestionnairePage.js'
import { renderWithProviders, aSignedInUser } from './utils/renderWithProviders.js'
import { ok, startApiServer, type ApiServer } from './utils/apiServer.js'
import { aProfileResponse, aStatus, aUser, questions } from './utils/builders.js'

let server: ApiServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const answered = () =>
  questions({
    1: [{ originalQuestionId: 101, originalPossibleAnswerId: 11, directFieldAnswer: null }],
    2: [{ originalQuestionId: 102, originalPossibleAnswerId: 21, directFieldAnswer: null }],
    3: [{ originalQuestionId: 103, originalPossibleAnswerId: null, directFieldAnswer: '2015' }],
    4: [{ originalQuestionId: 104, originalPossibleAnswerId: null, directFieldAnswer: 'Honest feedback' }],
  })

const setUp = async (qs: ReturnType<typeof questions>) => {
  const user = aUser('max@example.org', ['Mentor'], [aStatus('Mentor', 'NEW')])
  server = await startApiServer({
    'GET /api/Account/GetUserDetails': () => ok(user),
    'GET /api/User/GetUserProfile': () => ok(aProfileResponse(user)),
    'GET /api/Questionnaire/GetQuestionAnswerPairs': () => ok({ questionAnswerModel: qs, isProfilePublished: false, statusByRole: 'NEW' }),
    'POST /api/user/UpdateProfile': () => ok(true),
    'POST /api/Questionnaire/CreateAnswer': () => ok(true),
    'POST /api/Questionnaire/UpdateAnswer': () => ok(true),
  })
  await renderWithProviders(<QuestionnairePage side="Mentor" />, {
    route: '/user/mentor-profile',
    apiBaseUrl: server.url,
    user: aSignedInUser(user.email),
  })
}

/** The message sits after the last question and right before the buttons' row. */
const expectBesideTheButtons = (message: HTMLElement) => {
  const lastQuestion = screen.getByRole('textbox', { name: /What matters to you in working together/ })
  const save = screen.getByRole('button', { name: 'Save' })
  expect(lastQuestion.compareDocumentPosition(message) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  expect(message.compareDocumentPosition(save) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  expect(message.parentElement?.nextElementSibling?.contains(save)).toBe(true)
}

describe('the answer to saving the questionnaire', () => {
  it('announces a successful save and publish right above the buttons', async () => {
    await setUp(answered())
    await userEvent.click(await screen.findByRole('button', { name: 'Save and publish' }))
    const message = await screen.findByRole('status')
    expect(message.textContent).toContain('Your mentor profile was saved and published.')
    expectBesideTheButtons(message)
  })

  it('announces the error summary of a refused save right above the buttons', async () => {
    await setUp(questions())
    await userEvent.click(await screen.findByRole('button', { name: 'Save and publish' }))
    const text = await screen.findByText('Some fields of the questionnaire are not valid. Please check your answers.')
    const message = text.closest<HTMLElement>('[role="alert"]')
    if (message === null) throw new Error('the summary is not announced')
    expectBesideTheButtons(message)
  })
})
