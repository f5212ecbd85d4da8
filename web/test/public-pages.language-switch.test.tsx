// The public pages have the language switch (docs/web.md): the mails' one-click pages (check-in,
// waitlist stop) switch in place and keep their link; a legal page whose address names its
// language goes to the other variant. Against the real server, nobody signed in.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useLocation } from 'react-router'
import { AppRoutes } from '../src/routes/routes.js'
import { renderWithProviders } from './utils/renderWithProviders.js'
import { startRealApi, type RealApi } from './utils/realApi.js'

let api: RealApi
beforeEach(async () => {
  api = await startRealApi()
})
afterEach(() => api.close())

const LOAD = { timeout: 20_000 }

const Where = () => {
  const { pathname, search } = useLocation()
  return <output aria-label="address">{`${pathname}${search}`}</output>
}

const open = (route: string) =>
  renderWithProviders(
    <>
      <AppRoutes />
      <Where />
    </>,
    { route, apiBaseUrl: api.url, user: null, language: 'en' },
  )

const switchTo = async (name: 'Deutsch' | 'English') =>
  userEvent.click(within(await screen.findByRole('group', { name: /Language|Sprache/ }, LOAD)).getByRole('button', { name }))

describe('the language switch on the public pages', () => {
  it("the waitlist stop page switches in place and keeps the mail's link", async () => {
    await open('/waitlist/stop?token=not-a-token')
    expect(await screen.findByRole('heading', { name: 'Stop telling me when a mentor is found' }, LOAD)).toBeTruthy()
    await switchTo('Deutsch')
    expect(await screen.findByRole('heading', { name: 'Nicht mehr benachrichtigen, wenn ein*e Mentor*in gefunden ist' }, LOAD)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Deutsch' }).getAttribute('aria-pressed')).toBe('true')
    expect(screen.getByRole('status', { name: 'address' }).textContent).toBe('/waitlist/stop?token=not-a-token')
  })

  it('the check-in link page switches in place', async () => {
    await open('/check-in?token=not-a-token')
    expect(await screen.findByText(/This link is not known/, {}, LOAD)).toBeTruthy()
    await switchTo('Deutsch')
    expect(await screen.findByText(/Dieser Link ist unbekannt/, {}, LOAD)).toBeTruthy()
    expect(screen.getByRole('status', { name: 'address' }).textContent).toBe('/check-in?token=not-a-token')
  })

  it('a legal page with its language in the address goes to the other variant', async () => {
    await open('/terms-and-conditions/en')
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms and conditions' }, LOAD)).toBeTruthy()
    await switchTo('Deutsch')
    expect(await screen.findByRole('heading', { level: 1, name: 'Allgemeine Geschäftsbedingungen' }, LOAD)).toBeTruthy()
    expect(screen.getByRole('status', { name: 'address' }).textContent).toBe('/terms-and-conditions/de')
    await switchTo('English')
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms and conditions' }, LOAD)).toBeTruthy()
  })
})
