// A failed call speaks by its error code: one exhaustive table from code to translation key, read
// in the person's language, never by matching the envelope's message text.
import { afterEach, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ERROR_CODES, type ErrorCode, type Language } from '@tandem/core'
import QuestionnairePage from '../src/features/questionnaire/QuestionnairePage.js'
import { ERROR_MESSAGE, errorMessageKey } from '../src/shell/error.messages.js'
import en from '../src/i18n/en.json'
import de from '../src/i18n/de.json'
import { renderWithProviders, aSignedInUser } from './utils/renderWithProviders.js'
import { fail, ok, startApiServer, type ApiServer, type Reply } from './utils/apiServer.js'
import { aProfileResponse, aStatus, aUser, questions } from './utils/builders.js'

let server: ApiServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const textOf = (bundle: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown> | undefined)?.[p], bundle)

/** A published, paused mentor whose switch to enable matching gets `refusal` from the server. */
const refusedToggle = async (language: Language, refusal: () => Reply) => {
  const user = aUser('mia@example.org', ['Mentor'], [aStatus('Mentor', 'PAUSED')])
  server = await startApiServer({
    'GET /api/Account/GetUserDetails': () => ok(user),
    'GET /api/User/GetUserProfile': () => ok(aProfileResponse(user)),
    'GET /api/Questionnaire/GetQuestionAnswerPairs': () =>
      ok({
        questionAnswerModel: questions({
          1: [{ originalQuestionId: 101, originalPossibleAnswerId: 11, directFieldAnswer: null }],
          2: [{ originalQuestionId: 102, originalPossibleAnswerId: 21, directFieldAnswer: null }],
          3: [{ originalQuestionId: 103, originalPossibleAnswerId: null, directFieldAnswer: '2015' }],
          4: [{ originalQuestionId: 104, originalPossibleAnswerId: null, directFieldAnswer: 'Honest feedback' }],
        }),
        isProfilePublished: true,
        statusByRole: 'PAUSED',
      }),
    'POST /api/Questionnaire/UpdateUserStatus': refusal,
  })
  await renderWithProviders(<QuestionnairePage side="Mentor" />, {
    route: '/user/mentor-profile',
    apiBaseUrl: server.url,
    user: aSignedInUser(user.email),
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
      await refusedToggle(language, () => fail(429, code))
      expect((await screen.findByRole('alert')).textContent).toMatch(text)
    })
  }

  it('follows the code, not the message text beside it', async () => {
    await refusedToggle('de', () => ({
      status: 409,
      body: { isSuccess: false, isFailure: true, value: null, errorMessage: 'InCompleteProfile', errorCode: 'MatchingDisabled' },
    }))
    expect((await screen.findByRole('alert')).textContent).toBe(de.messages['matching-disabled'])
  })
})
