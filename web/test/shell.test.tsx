import { afterEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { AppRoutes } from '../src/routes/routes.js'
import { createI18n, DETECTION_ORDER } from '../src/i18n/i18n.js'
import { renderWithProviders } from './utils/renderWithProviders.js'
import { startRealApi, type RealApi } from './utils/realApi.js'
import en from '../src/i18n/en.json'
import de from '../src/i18n/de.json'

let api: RealApi | undefined
afterEach(async () => {
  await api?.close()
  api = undefined
})

describe('language detection (docs/product.md#languages)', () => {
  it('looks in local storage, the browser, a cookie, the path and the subdomain, in that order', () => {
    expect([...DETECTION_ORDER]).toEqual(['localStorage', 'navigator', 'cookie', 'path', 'subdomain'])
  })
  it('takes the language kept in local storage before the browser language', async () => {
    window.localStorage.setItem('i18nextLng', 'de')
    const i18n = await createI18n({ detect: true })
    expect(i18n.resolvedLanguage).toBe('de')
  })
  it('falls back to English for a language the product does not speak', async () => {
    window.localStorage.setItem('i18nextLng', 'fr')
    const i18n = await createI18n({ detect: true })
    expect(i18n.t('common.save')).toBe('Save')
  })
})

describe('terms and conditions (docs/product.md#legal-pages)', () => {
  const texts = (bundle: typeof en) =>
    Object.values(bundle.legal.terms.sections)
      .map((s) => `${s.title} ${s.text}`)
      .join(' ')
  it('covers withdrawal and refund within 14 days, 12-month warranty, delivery within 3 weeks, confirmation in 3 or 30 working days, German law, service Monday to Thursday 9 to 16', () => {
    for (const [bundle, words] of [
      [en, ['14 days', '12 months', '3 weeks', '3 working days', '30 working days', 'German law', 'Monday to Thursday from 9 to 16']],
      [de, ['14 Tagen', '12 Monate', '3 Wochen', '3 Werktagen', '30 Werktagen', 'deutsches Recht', 'Montag bis Donnerstag von 9 bis 16']],
    ] as const) {
      const all = texts(bundle)
      expect(words.filter((w) => !all.includes(w))).toEqual([])
    }
  })
})

describe('footer and dashboard of a user holding both roles', () => {
  it('shows contact, website and legal links in the footer, and a section per role', async () => {
    api = await startRealApi()
    const both = api.person('Bo')
    await api.signUp(both, 'Mentee')
    await api.signUp(both, 'Mentor')
    const { user, auth } = api.signedIn(both)
    await renderWithProviders(<AppRoutes />, { route: '/', apiBaseUrl: api.url, user, auth })
    expect(await screen.findByRole('heading', { name: 'As a mentee' })).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'As a mentor' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Questionnaire mentee' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Questionnaire mentor' })).toBeTruthy()
    const footer = screen.getByRole('contentinfo')
    expect(within(footer).getByRole('link', { name: 'E-mail: contact@tandem.example' }).getAttribute('href')).toBe(
      'mailto:contact@tandem.example',
    )
    expect(within(footer).getByRole('link', { name: 'Phone: +49 30 1234567' }).getAttribute('href')).toBe('tel:+49301234567')
    expect(within(footer).getByRole('link', { name: 'Tandem Mentoring e.V. website' }).getAttribute('href')).toBe('https://tandem.example')
    expect(within(footer).getByRole('link', { name: 'Terms and conditions' }).getAttribute('href')).toBe('/terms-and-conditions')
    expect(within(footer).getByRole('link', { name: 'Data privacy policy' })).toBeTruthy()
    expect(within(footer).getByRole('link', { name: 'Legal info' })).toBeTruthy()
    // once per session the server is told who signed in
    expect(api.calls('POST /api/Account/signin').map((r) => [r.body, r.status])).toEqual([[{ Email: both.email, Role: null }, 200]])
  })
})
