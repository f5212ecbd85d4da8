// Each side sees its own profile questions on its questionnaire page (docs/product.md#profile-form):
// the mentor page never shows the mentee's question, in English and German, and vice versa.
import { afterEach, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import type { Language, Side } from '@tandem/core'
import { profileQuestions } from '@tandem/fixtures'
import QuestionnairePage from '../src/features/questionnaire/QuestionnairePage.js'
import { renderWithProviders, aSignedInUser } from './utils/renderWithProviders.js'
import { ok, startApiServer, type ApiServer } from './utils/apiServer.js'
import { aProfileResponse, aStatus, aUser, masterData, questions } from './utils/builders.js'

let server: ApiServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const textOf = (id: number, language: Language): string => profileQuestions.find((q) => q.userQuestionOriginalId === id)!.text[language]

const openPage = async (side: Side, language: Language) => {
  const user = aUser('mia@example.org', [side], [aStatus(side, 'NEW')])
  // The master data as the server sends it: every question, in the page's language, with its side.
  const userProfileQuestions = profileQuestions.map((q) => ({
    userQuestionOriginalId: q.userQuestionOriginalId,
    userQuestionText: q.text[language],
    side: q.side,
  }))
  server = await startApiServer({
    'GET /api/Account/GetUserDetails': () => ok(user),
    'GET /api/User/GetUserProfile': () =>
      ok({ ...aProfileResponse(user), userProfileMasterModel: { ...masterData, userProfileQuestions } }),
    'GET /api/Questionnaire/GetQuestionAnswerPairs': () =>
      ok({ questionAnswerModel: questions(), isProfilePublished: false, statusByRole: 'NEW' }),
  })
  await renderWithProviders(<QuestionnairePage side={side} />, {
    route: `/user/${side.toLowerCase()}-profile`,
    apiBaseUrl: server.url,
    user: aSignedInUser(user.email),
    language,
  })
  // Question 1 is asked of both sides: once it shows, the profile section is there.
  expect(await screen.findByText(textOf(1, language))).toBeTruthy()
}

describe.each(['en', 'de'] as const)('profile questions by side (%s)', (language) => {
  it('the mentor page shows the mentor questions and not the mentee question', async () => {
    await openPage('Mentor', language)
    expect(screen.getByText(textOf(3, language))).toBeTruthy()
    expect(screen.getByText(textOf(4, language))).toBeTruthy()
    expect(screen.queryByText(textOf(2, language))).toBeNull()
  })

  it('the mentee page shows the mentee question and not the mentor questions', async () => {
    await openPage('Mentee', language)
    expect(screen.getByText(textOf(2, language))).toBeTruthy()
    expect(screen.queryByText(textOf(3, language))).toBeNull()
    expect(screen.queryByText(textOf(4, language))).toBeNull()
  })
})
