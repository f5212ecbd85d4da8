// Each side sees its own profile questions on its questionnaire page (docs/product.md#profile-form):
// the mentor page never shows the mentee's question, in English and German, and vice versa.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import type { Language, Side } from '@tandem/core'
import { profileQuestions } from '@tandem/fixtures'
import QuestionnairePage from '../src/features/questionnaire/QuestionnairePage.js'
import { renderWithProviders } from './utils/renderWithProviders.js'
import { startRealApi, type RealApi } from './utils/realApi.js'

let api: RealApi
beforeAll(async () => {
  api = await startRealApi()
})
afterAll(() => api.close())

const textOf = (id: number, language: Language): string => profileQuestions.find((q) => q.userQuestionOriginalId === id)!.text[language]

const openPage = async (side: Side, language: Language) => {
  const person = api.person('Mia')
  await api.signUp(person, side)
  const { user, auth } = api.signedIn(person)
  await renderWithProviders(<QuestionnairePage side={side} />, {
    route: `/user/${side.toLowerCase()}-profile`,
    apiBaseUrl: api.url,
    user,
    auth,
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
