// The no-match panel names the must-fit answers nobody offers (docs/matching.md#no-match, docs/web.md),
// read from the real server's mentee entry, in English and German.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { Route, Routes } from 'react-router'
import { aMenteeAnswers, aMentorAnswers, choiceAnswer, optionId, PAIR } from '@tandem/fixtures'
import Dashboard from '../src/features/dashboard/Dashboard.js'
import { renderWithProviders } from './utils/renderWithProviders.js'
import { startRealApi, type Person, type RealApi } from './utils/realApi.js'

let api: RealApi
beforeEach(async () => {
  api = await startRealApi()
})
afterEach(() => api.close())

const speaking = (...languages: string[]) => choiceAnswer(PAIR.languages, ...languages.map((l) => optionId(PAIR.languages, l)))

const setUp = (person: Person, language: 'en' | 'de') => {
  const { user, auth } = api.signedIn(person)
  return renderWithProviders(
    <Routes>
      <Route path="/matching" element={<Dashboard />} />
    </Routes>,
    { route: '/matching', apiBaseUrl: api.url, user, auth, language },
  )
}

/** Max speaks German only; Mia asked for French or Arabic and her run found nobody. */
const miaWithoutMatch = async (): Promise<Person> => {
  await api.publishedMentor('Max', aMentorAnswers(speaking('German')))
  const mia = await api.readyMentee('Mia', aMenteeAnswers(speaking('French', 'Arabic')))
  await api.expectOk(api.call(mia, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: mia.email }), 'start matching')
  return mia
}

describe('the no-match panel names the must-fit answer nobody offers', () => {
  it('in English', async () => {
    await setUp(await miaWithoutMatch(), 'en')
    const panel = await screen.findByRole('group', { name: 'No suitable mentor found' })
    const list = await within(panel).findByRole('region', {
      name: 'No mentor with a free place offers your answer to this question, and it must fit:',
    })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['In which languages would you like to hold the mentoring? — you chose: French, Arabic'])
  })

  it('in German', async () => {
    await setUp(await miaWithoutMatch(), 'de')
    const panel = await screen.findByRole('group', { name: 'Keine passenden Mentor*innen gefunden' })
    const list = await within(panel).findByRole('region', {
      name: 'Keine Mentor*in mit freiem Platz bietet Ihre Antwort auf diese Frage an, und sie muss passen:',
    })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['In welchen Sprachen möchten Sie das Mentoring führen? – Ihre Wahl: Französisch, Arabisch'])
  })

  it('names no answer when no mentor has a free place at all', async () => {
    const mia = await api.readyMentee('Mia', aMenteeAnswers(speaking('French')))
    await api.expectOk(api.call(mia, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: mia.email }), 'start matching')
    await setUp(mia, 'en')
    expect(await screen.findByRole('heading', { name: 'No suitable mentor found' })).toBeTruthy()
    expect(screen.getByText(/We could not find a suitable mentor/)).toBeTruthy()
    expect(screen.queryByText(/No mentor with a free place/)).toBeNull()
  })
})
