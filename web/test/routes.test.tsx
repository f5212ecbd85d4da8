import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { AppRoutes } from '../src/routes/routes.js'
import { renderWithProviders, standInAuth } from './utils/renderWithProviders.js'
import { startRealApi, type Person, type RealApi } from './utils/realApi.js'
import type { RoleName } from '@tandem/core'

let api: RealApi
beforeAll(async () => {
  api = await startRealApi()
})
afterAll(() => api.close())

/** A person who signed up for the role (both sides for Both), or the administrator. */
const personWith = async (role: RoleName): Promise<Person> => {
  if (role === 'Admin') return api.admin
  const person = api.person('Mia')
  for (const side of role === 'Both' ? (['Mentee', 'Mentor'] as const) : [role]) await api.signUp(person, side)
  return person
}

const open = async (route: string, role: RoleName) => {
  const { user, auth } = api.signedIn(await personWith(role))
  return renderWithProviders(<AppRoutes />, { route, apiBaseUrl: api.url, user, auth })
}

describe('access by role (docs/product.md#access)', () => {
  it('shows the 404 page to a mentee opening the mentor questionnaire', async () => {
    await open('/user/mentor-profile', 'Mentee')
    expect(await screen.findByText("We can't seem to find the page you're looking for.")).toBeTruthy()
    expect(screen.getByText('Error code 404')).toBeTruthy()
  })

  it('shows the 404 page to a mentor opening the mentee questionnaire', async () => {
    await open('/user/mentee-profile', 'Mentor')
    expect(await screen.findByText('Error code 404')).toBeTruthy()
  })

  it('lets a mentor use the mentor questionnaire', async () => {
    await open('/user/mentor-profile', 'Mentor')
    expect(await screen.findByRole('heading', { name: 'Mentor questionnaire' })).toBeTruthy()
  })

  it('lets a user holding both roles use both questionnaires', async () => {
    await open('/user/mentee-profile', 'Both')
    expect(await screen.findByRole('heading', { name: 'Mentee questionnaire' })).toBeTruthy()
  })

  it('gives an administrator no participant dashboard', async () => {
    await open('/matching', 'Admin')
    expect(await screen.findByText('Error code 404')).toBeTruthy()
  })

  it('refuses the admin screens to a participant with 403', async () => {
    await open('/administrator/mentees', 'Mentee')
    expect(await screen.findByText('Error code 403')).toBeTruthy()
  })

  it('routes the admin paths to the admin module for an administrator', async () => {
    await open('/administrator/clusters', 'Admin')
    // every admin page has the top bar with Export and Synchronize (docs/product.md#admin-screens)
    expect(await screen.findByRole('button', { name: 'Export' })).toBeTruthy()
    expect(screen.queryByText(/Error code/)).toBeNull()
  })

  it('shows the 404 page for any unknown path', async () => {
    await open('/no/such/page', 'Mentee')
    expect(await screen.findByText('Error code 404')).toBeTruthy()
  })

  it('shows the role navigation: dashboard and the mentee questionnaire for a mentee', async () => {
    await open('/matching', 'Mentee')
    expect(await screen.findByRole('link', { name: 'Questionnaire mentee' })).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Questionnaire mentor' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Hi, Mia!' })).toBeTruthy()
  })

  it('sends a signed-out visitor of a protected page to the sign-in, remembering the page', async () => {
    const auth = standInAuth(null)
    await renderWithProviders(<AppRoutes />, { route: '/user/account', user: null, auth })
    await screen.findByText('Taking you to the sign-in page…')
    expect(auth.calls.signIn).toEqual([{ returnTo: '/user/account', signup: false, language: 'en' }])
  })

  it('opens the sign-up form for a signed-out visitor of a register route', async () => {
    const auth = standInAuth(null)
    await renderWithProviders(<AppRoutes />, { route: '/register-as-mentor', user: null, auth, language: 'de' })
    await screen.findByText('Weiter zur Anmeldung…')
    expect(auth.calls.signIn).toEqual([{ returnTo: '/register-as-mentor', signup: true, language: 'de' }])
  })
})

describe('public legal pages', () => {
  it('shows the terms without navigation bar or footer and without sign-in', async () => {
    const auth = standInAuth(null)
    await renderWithProviders(<AppRoutes />, { route: '/terms-and-conditions', user: null, auth })
    expect(await screen.findByRole('heading', { name: 'Terms and conditions', level: 1 })).toBeTruthy()
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull()
    expect(screen.queryByRole('contentinfo')).toBeNull()
    expect(auth.calls.signIn).toEqual([])
  })

  it('switches the interface to German on the /de variant', async () => {
    const { i18n } = await renderWithProviders(<AppRoutes />, { route: '/legal-info/de', user: null })
    expect(await screen.findByRole('heading', { name: 'Impressum', level: 1 })).toBeTruthy()
    expect(i18n.language).toBe('de')
    expect(screen.getByText(/Telefon: \+49 30 1234567/)).toBeTruthy()
  })
})
