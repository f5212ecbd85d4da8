// Leaving the questionnaire with unsaved changes asks first: in-app navigation shows a translated
// confirmation (stay or leave), closing the tab gets the browser's prompt; saved or untouched
// forms leave without a question.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Link, Route, Routes } from 'react-router'
import type { Language } from '@tandem/core'
import QuestionnairePage from '../src/features/questionnaire/QuestionnairePage.js'
import { renderWithProviders } from './utils/renderWithProviders.js'
import { startRealApi, type RealApi } from './utils/realApi.js'

let api: RealApi
beforeAll(async () => {
  api = await startRealApi()
})
afterAll(() => api.close())

const industries = { en: /Which industries are you interested in/, de: /Für welche Branchen interessieren Sie sich/ } as const

const setUp = async (language: Language = 'en') => {
  const mia = api.person('Mia')
  await api.signUp(mia, 'Mentee')
  const { user, auth } = api.signedIn(mia)
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
  await renderWithProviders(page, { route: '/user/mentee-profile', apiBaseUrl: api.url, user, auth, language })
  const group = await screen.findByRole('group', { name: industries[language] })
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
    await user.click(within(group).getByRole('checkbox', { name: 'IT and software' }))
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' })
    expect(within(dialog).getByText('Your changes are not saved yet. If you leave this page now, they are lost.')).toBeTruthy()
    await user.click(await within(dialog).findByRole('button', { name: 'Stay on this page' }))
    expect(screen.queryByRole('heading', { name: 'Somewhere else' })).toBeNull()
    expect(within(group).getByRole<HTMLInputElement>('checkbox', { name: 'IT and software' }).checked).toBe(true)
  })

  it('leaves when the person confirms', async () => {
    const { user, group } = await setUp()
    await user.click(within(group).getByRole('checkbox', { name: 'IT and software' }))
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
    await user.click(within(group).getByRole('checkbox', { name: 'IT and software' }))
    expect(unloadIsCancelled()).toBe(true)
  })

  it('leaves without a question when nothing was changed', async () => {
    const { user } = await setUp()
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }))
    expect(await screen.findByRole('heading', { name: 'Somewhere else' })).toBeTruthy()
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })
})
