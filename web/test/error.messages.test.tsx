// A failed call speaks by its error code: one exhaustive table from code to translation key, read
// in the person's language, never by matching the envelope's message text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ERROR_CODES, type ErrorCode, type Language } from '@tandem/core'
import QuestionnairePage from '../src/features/questionnaire/QuestionnairePage.js'
import { ERROR_MESSAGE, errorMessageKey } from '../src/shell/error.messages.js'
import en from '../src/i18n/en.json'
import de from '../src/i18n/de.json'
import { renderWithProviders } from './utils/renderWithProviders.js'
import { startRealApi, type RealApi } from './utils/realApi.js'

let api: RealApi
beforeAll(async () => {
  api = await startRealApi()
})
afterAll(() => api.close())

const textOf = (bundle: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown> | undefined)?.[p], bundle)

/**
 * A published mentor who paused matching, whose switch to enable matching is refused: `refuse`
 * plants the refusal in the fault layer (the real server gives these codes only in situations a
 * screen test cannot stage: a rate limit, a role taken away meanwhile).
 */
const refusedToggle = async (language: Language, refuse: (route: string) => void) => {
  const max = await api.publishedMentor()
  await api.expectOk(
    api.call(max, 'POST', '/api/Questionnaire/UpdateUserStatus', { email: max.email, roleName: 'Mentor', disableMatching: true }),
    'pause',
  )
  refuse('POST /api/Questionnaire/UpdateUserStatus')
  const { user, auth } = api.signedIn(max)
  await renderWithProviders(<QuestionnairePage side="Mentor" />, {
    route: '/user/mentor-profile',
    apiBaseUrl: api.url,
    user,
    auth,
    language,
  })
  await userEvent.click(await screen.findByRole('switch'))
}

describe('error code table', () => {
  it('gives every code a text in English and in German', () => {
    for (const code of ERROR_CODES) {
      const key = ERROR_MESSAGE[code]
      expect(typeof textOf(en, key), `${code} → ${key} (en)`).toBe('string')
      expect(typeof textOf(de, key), `${code} → ${key} (de)`).toBe('string')
    }
  })
  it('reads the code, a network failure and a failure without a code each their own way', () => {
    expect(errorMessageKey({ status: 409, errorCode: 'TandemChanged' })).toBe('dashboard.notice.tandemChanged.text')
    expect(errorMessageKey({ status: 409, errorCode: 'TandemChanged' }, { TandemChanged: 'messages.not-found' })).toBe('messages.not-found')
    expect(errorMessageKey({ status: 0, errorCode: null })).toBe('messages.network-error')
    expect(errorMessageKey({ status: 502, errorCode: null })).toBe('messages.unexpected-error')
  })
})

describe('a refused call shows the translated text of its code', () => {
  const cases: readonly [Language, ErrorCode, RegExp][] = [
    ['en', 'TooManyRequests', /Too many requests\. Please wait a minute/],
    ['de', 'TooManyRequests', /Zu viele Anfragen\. Bitte warten Sie eine Minute/],
    ['en', 'WrongRole', /not possible in your current role/],
    ['de', 'WrongRole', /In Ihrer aktuellen Rolle/],
  ]
  for (const [language, code, text] of cases) {
    it(`${code} in ${language}`, async () => {
      await refusedToggle(language, (route) => api.faults.refuseNext(route, 429, code))
      expect((await screen.findByRole('alert')).textContent).toMatch(text)
    })
  }

  it('follows the code, not the message text beside it', async () => {
    await refusedToggle('de', (route) => api.faults.refuseNext(route, 409, 'MatchingDisabled', { errorMessage: 'InCompleteProfile' }))
    expect((await screen.findByRole('alert')).textContent).toBe(de.messages['matching-disabled'])
  })
})
