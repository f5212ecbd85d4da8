import { afterEach, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import type { UserView } from '@tandem/core'
import Dashboard from '../src/features/dashboard/Dashboard.js'
import { renderWithProviders, aSignedInUser } from './utils/renderWithProviders.js'
import { ok, startApiServer, type ApiServer } from './utils/apiServer.js'
import { aStatus, aUser, questions } from './utils/builders.js'

let server: ApiServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const setUp = async (user: UserView, language: 'en' | 'de' = 'en') => {
  server = await startApiServer({
    'GET /api/Account/GetUserDetails': () => ok(user),
    'POST /api/MatchingTandem/GetProposals': () =>
      ok({ menteeProposal: [], mentorProposal: [], proposalRemainingTime: { menteeRemainingTime: [], mentorRemainingTime: [] } }),
    'GET /api/Questionnaire/GetQuestionAnswerPairs': () =>
      ok({ questionAnswerModel: questions(), isProfilePublished: false, statusByRole: user.userStatuses[0]?.userStatus ?? 'NEW' }),
  })
  return renderWithProviders(
    <Routes>
      <Route path="/matching" element={<Dashboard />} />
      <Route path="/user/mentor-profile" element={<p>mentor questionnaire</p>} />
    </Routes>,
    { route: '/matching', apiBaseUrl: server.url, user: aSignedInUser(user.email), language },
  )
}

const pausedMentor = (published: boolean) =>
  aUser(
    'max@example.org',
    ['Mentor'],
    [
      aStatus('Mentor', 'PAUSED', {
        questionLastSavedDate: '2026-11-20T10:00:00.000Z',
        ...(published ? { questionLastPublishDate: '2026-11-20T10:00:00.000Z' } : {}),
      }),
    ],
  )

describe('paused mentor (docs/product.md#dashboard, docs/product.md#errors: "profile paused")', () => {
  it('a mentor who published before and disabled matching is told the profile is paused, not that it is in the pool, and is pointed to the toggle', async () => {
    await setUp(pausedMentor(true))
    expect(await screen.findByRole('heading', { name: 'Profile paused' })).toBeTruthy()
    expect(screen.getByText(/Turn on “Matching enabled” in your mentor questionnaire/)).toBeTruthy()
    expect(screen.queryByText(/Your profile is in the pool/)).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Open the mentor questionnaire' }))
    expect(await screen.findByText('mentor questionnaire')).toBeTruthy()
  })

  it('says the same in German', async () => {
    await setUp(pausedMentor(true), 'de')
    expect(await screen.findByRole('heading', { name: 'Profil pausiert' })).toBeTruthy()
  })

  it('a paused mentor who never published still gets the publish panel', async () => {
    await setUp(pausedMentor(false))
    expect(await screen.findByRole('button', { name: 'Publish profile' })).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Profile paused' })).toBeNull()
  })

  it('an available mentor without proposals still sees the pool panel', async () => {
    await setUp(
      aUser('max@example.org', ['Mentor'], [aStatus('Mentor', 'AVAILABLE', { questionLastPublishDate: '2026-11-20T10:00:00.000Z' })]),
    )
    expect(await screen.findByText(/Your profile is in the pool/)).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Profile paused' })).toBeNull()
  })
})

describe('"no match found" survives a reload (the server keeps the flag on the mentee entry)', () => {
  const availableMentee = (noMatch: boolean) =>
    aUser(
      'mia@example.org',
      ['Mentee'],
      [{ ...aStatus('Mentee', 'AVAILABLE', { questionLastSavedDate: '2026-11-20T10:00:00.000Z' }), noMatch }],
    )

  it('a fresh page (new store) shows the no-match panel when the server says the last run found no mentor', async () => {
    await setUp(availableMentee(true))
    expect(await screen.findByRole('heading', { name: 'No suitable mentor found' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Start matching' })).toBeNull()
  })

  it('offers start matching when the server flag is off', async () => {
    await setUp(availableMentee(false))
    expect(await screen.findByRole('button', { name: 'Start matching' })).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'No suitable mentor found' })).toBeNull()
  })
})
