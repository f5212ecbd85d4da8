// The privacy policy says only what the code does: no analytics and no opt-out switch (there is no
// analytics), the retention period the server is configured with, who sees the data and how to use
// the rights on the account page; in English and German.
import { describe, expect, it } from 'vitest'
import { act, screen } from '@testing-library/react'
import { AppRoutes } from '../src/routes/routes.js'
import { configLoaded } from '../src/state/session.slice.js'
import { renderWithProviders, testConfig } from './utils/renderWithProviders.js'

describe('the privacy policy', () => {
  it('offers no analytics opt-out and claims no analytics cookies', async () => {
    await renderWithProviders(<AppRoutes />, { route: '/data-privacy-policy', user: null })
    expect(await screen.findByRole('heading', { name: 'Data privacy policy', level: 1 })).toBeTruthy()
    // the only buttons are the language switch's: no opt-out switch
    expect(screen.queryAllByRole('button').map((b) => b.textContent)).toEqual(['English', 'Deutsch'])
    expect(screen.queryByRole('heading', { name: /analytics/i })).toBeNull()
    expect(screen.getByText(/We use no analytics and no tracking\./)).toBeTruthy()
    expect(window.localStorage.getItem('tandem.analytics-opt-out')).toBeNull()
  })

  it('states the configured retention period, who sees the data, and where to download or delete it', async () => {
    const { store } = await renderWithProviders(<AppRoutes />, { route: '/data-privacy-policy', user: null })
    act(() => {
      store.dispatch(configLoaded({ ...testConfig('http://127.0.0.1:1'), retentionMonths: 18 }))
    })
    expect(await screen.findByText(/18 months after your last sign-in, or 18 months after your program year ended/)).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Who sees your data', level: 2 })).toBeTruthy()
    expect(screen.getByText(/"Download my data"\) and delete your account yourself \("Delete my account"\)/)).toBeTruthy()
  })

  it('says the same in German, formally', async () => {
    await renderWithProviders(<AppRoutes />, { route: '/data-privacy-policy/de', user: null })
    expect(await screen.findByRole('heading', { name: 'Wie lange wir Daten aufbewahren', level: 2 })).toBeTruthy()
    expect(screen.getByText(/Wir verwenden keine Analyse- und keine Tracking-Werkzeuge\./)).toBeTruthy()
    expect(screen.getByText(/12 Monate nach Ihrer letzten Anmeldung/)).toBeTruthy()
    // the only buttons are the language switch's: no opt-out switch
    expect(screen.queryAllByRole('button').map((b) => b.textContent)).toEqual(['English', 'Deutsch'])
  })
})
