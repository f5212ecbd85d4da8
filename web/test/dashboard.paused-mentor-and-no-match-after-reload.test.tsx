import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { aMentorAnswers } from '@tandem/fixtures'
import Dashboard from '../src/features/dashboard/Dashboard.js'
import { renderWithProviders } from './utils/renderWithProviders.js'
import { startRealApi, type Person, type RealApi } from './utils/realApi.js'

let api: RealApi
beforeEach(async () => {
  api = await startRealApi()
})
afterEach(() => api.close())

const setUp = async (person: Person, language: 'en' | 'de' = 'en') => {
  const { user, auth } = api.signedIn(person)
  return renderWithProviders(
    <Routes>
      <Route path="/matching" element={<Dashboard />} />
      <Route path="/user/mentor-profile" element={<p>mentor questionnaire</p>} />
    </Routes>,
    { route: '/matching', apiBaseUrl: api.url, user, auth, language },
  )
}

const disableMatching = (max: Person) =>
  api.expectOk(
    api.call(max, 'POST', '/api/Questionnaire/UpdateUserStatus', { email: max.email, roleName: 'Mentor', disableMatching: true }),
    'pause',
  )

/** A mentor who turned matching off, after publishing or with a saved questionnaire never published. */
const pausedMentor = async (published: boolean): Promise<Person> => {
  if (published) {
    const max = await api.publishedMentor()
    await disableMatching(max)
    return max
  }
  const max = api.person('Max')
  await api.signUp(max, 'Mentor')
  await api.saveProfile(max, null)
  await api.saveAnswers(max, 'Mentor', aMentorAnswers(), false)
  // the routes refuse to pause a profile never published (409 InvalidTransition); earlier versions
  // left such mentors in the data, so the state is written into the store
  await api.writeUser(max, { mentor_status: 'PAUSED' })
  return max
}

describe('paused mentor (docs/product.md#dashboard, docs/product.md#errors: "profile paused")', () => {
  it('a mentor who published before and disabled matching is told the profile is paused, not that it is in the pool, and is pointed to the toggle', async () => {
    await setUp(await pausedMentor(true))
    expect(await screen.findByRole('heading', { name: 'Profile paused' })).toBeTruthy()
    expect(screen.getByText(/Turn on “Matching enabled” in your mentor questionnaire/)).toBeTruthy()
    expect(screen.queryByText(/Your profile is in the pool/)).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Open the mentor questionnaire' }))
    expect(await screen.findByText('mentor questionnaire')).toBeTruthy()
  })

  it('says the same in German', async () => {
    await setUp(await pausedMentor(true), 'de')
    expect(await screen.findByRole('heading', { name: 'Profil pausiert' })).toBeTruthy()
  })

  it('a paused mentor who never published still gets the publish panel', async () => {
    await setUp(await pausedMentor(false))
    expect(await screen.findByRole('button', { name: 'Publish profile' })).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Profile paused' })).toBeNull()
  })

  it('an available mentor without proposals still sees the pool panel', async () => {
    await setUp(await api.publishedMentor())
    expect(await screen.findByText(/Your profile is in the pool/)).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Profile paused' })).toBeNull()
  })
})

describe('"no match found" survives a reload (the server keeps the flag on the mentee entry)', () => {
  /** A mentee whose questionnaire is published; `startedAlone`: she started matching with no mentor in the pool. */
  const availableMentee = async (startedAlone: boolean): Promise<Person> => {
    const mia = await api.readyMentee()
    if (startedAlone) await api.call(mia, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: mia.email })
    return mia
  }

  it('a fresh page (new store) shows the no-match panel when the server says the last run found no mentor', async () => {
    await setUp(await availableMentee(true))
    expect(await screen.findByRole('heading', { name: 'No suitable mentor found' })).toBeTruthy()
    // The panel offers to start again beside adjusting the profile (docs/web.md).
    expect(screen.getAllByRole('button', { name: 'Start matching' })).toHaveLength(1)
  })

  it('offers start matching when the server flag is off', async () => {
    await setUp(await availableMentee(false))
    expect(await screen.findByRole('button', { name: 'Start matching' })).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'No suitable mentor found' })).toBeNull()
  })
})
