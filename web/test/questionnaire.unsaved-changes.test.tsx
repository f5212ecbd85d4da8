// Leaving the questionnaire with unsaved changes asks first: in-app navigation shows a translated
// confirmation (stay or leave), closing the tab gets the browser's prompt; saved or untouched
// forms leave without a question.
import { afterEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Link, Route, Routes } from 'react-router'
import type { Language } from '@tandem/core'
import QuestionnairePage from '../src/features/questionnaire/QuestionnairePage.js'
import { renderWithProviders, aSignedInUser } from './utils/renderWithProviders.js'
import { ok, startApiServer, type ApiServer } from './utils/apiServer.js'
import { aProfileResponse, aStatus, aUser, questions } from './utils/builders.js'

let server: ApiServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const setUp = async (language: Language = 'en') => {
  const user = aUser('mia@example.org', ['Mentee'], [aStatus('Mentee', 'NEW')])
  server = await startApiServer({
    'GET /api/Account/GetUserDetails': () => ok(user),
    'GET /api/User/GetUserProfile': () => ok(aProfileResponse(user)),
    'GET /api/Questionnaire/GetQuestionAnswerPairs': () =>
      ok({ questionAnswerModel: questions(), isProfilePublished: false, statusByRole: 'NEW' }),
    'POST /api/user/UpdateProfile': () => ok(true),
    'POST /api/Questionnaire/CreateAnswer': () => ok(true),
  })
  const page = (
    <Routes>
      <Route
        path="/user/mentee-profile"
        element={
          <>
            <Link to="/elsewhere">Elsewhere</Link>
            <QuestionnairePage side="Mentee" />
          </>
        }
      />
      <Route path="/elsewhere" element={<h1>Somewhere else</h1>} />
    </Routes>
  )
  await renderWithProviders(page, { route: '/user/mentee-profile', apiBaseUrl: server.url, user: aSignedInUser(user.email), language })
  const group = await screen.findByRole('group', { name: /Which industries/ })
  return { user: userEvent.setup(), group }
}

const unloadIsCancelled = (): boolean => {
  const event = new Event('beforeunload', { cancelable: true })
  window.dispatchEvent(event)
  return event.defaultPrevented
}

describe('unsaved changes in the questionnaire', () => {
  it('asks before a link leaves the page; "stay" keeps the page and the change', async () => {
    const { user, group } = await setUp()
    await user.click(within(group).getByRole('checkbox', { name: 'IT' }))
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' })
    expect(within(dialog).getByText('Your changes are not saved yet. If you leave this page now, they are lost.')).toBeTruthy()
    await user.click(await within(dialog).findByRole('button', { name: 'Stay on this page' }))
    expect(screen.queryByRole('heading', { name: 'Somewhere else' })).toBeNull()
    expect(within(group).getByRole<HTMLInputElement>('checkbox', { name: 'IT' }).checked).toBe(true)
  })

  it('leaves when the person confirms', async () => {
    const { user, group } = await setUp()
    await user.click(within(group).getByRole('checkbox', { name: 'IT' }))
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave without saving' }))
    expect(await screen.findByRole('heading', { name: 'Somewhere else' })).toBeTruthy()
  })

  it('asks in German too', async () => {
    const { user, group } = await setUp('de')
    await user.click(within(group).getAllByRole('checkbox')[0]!)
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Ohne Speichern verlassen?' })
    expect(within(dialog).getByRole('button', { name: 'Auf der Seite bleiben' })).toBeTruthy()
  })

  it('holds the tab open (beforeunload) only while there are unsaved changes', async () => {
    const { user, group } = await setUp()
    expect(unloadIsCancelled()).toBe(false)
    await user.click(within(group).getByRole('checkbox', { name: 'IT' }))
    expect(unloadIsCancelled()).toBe(true)
  })

  it('leaves without a question when nothing was changed', async () => {
    const { user } = await setUp()
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }))
    expect(await screen.findByRole('heading', { name: 'Somewhere else' })).toBeTruthy()
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })
})
