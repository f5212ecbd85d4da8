// A new version of the privacy policy or terms: after sign-in the person sees only the consents
// dialog (links to both documents, one button); accepting sends the versions shown and the screen
// appears; a version that changed meanwhile is a translated message, in English and German.
import { afterEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { CURRENT_CONSENT_VERSIONS, type Language } from '@tandem/core'
import { RequireRole } from '../src/routes/guards.js'
import { renderWithProviders } from './utils/renderWithProviders.js'
import { startRealApi, type Person, type RealApi } from './utils/realApi.js'

let api: RealApi | undefined
afterEach(async () => {
  await api?.close()
  api = undefined
})

const versions = { privacyPolicy: 'p-2', termsAndConditions: 't-1' }

/** Mia signed up under the documents of the core; the server now has a new privacy policy in force. */
const start = async (language: Language = 'en') => {
  const real = await startRealApi({ consentVersions: { ...CURRENT_CONSENT_VERSIONS } })
  api = real
  const mia = real.person('Mia')
  await real.signUp(mia, 'Mentee')
  await real.restart({ consentVersions: versions })
  const { user, auth } = real.signedIn(mia)
  await renderWithProviders(
    <RequireRole allow={['Mentee']} denied={403}>
      {(me) => <p>Welcome {me.email}</p>}
    </RequireRole>,
    { route: '/matching', apiBaseUrl: real.url, user, auth, language },
  )
  return { api: real, mia }
}

const welcome = (p: Person) => `Welcome ${p.email}`

describe('consents due after sign-in', () => {
  it('shows only the dialog with both documents; accepting sends the versions shown and opens the screen', async () => {
    const { api, mia } = await start()
    const dialog = await screen.findByRole('dialog', { name: 'Please accept our updated documents' })
    expect(screen.queryByText(welcome(mia))).toBeNull()
    const privacy = within(dialog).getByRole('link', { name: 'Data privacy policy (version p-2)' })
    expect(privacy.getAttribute('href')).toBe('/data-privacy-policy/en')
    expect(within(dialog).getByRole('link', { name: 'Terms and conditions (version t-1)' }).getAttribute('href')).toBe(
      '/terms-and-conditions/en',
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'I accept' }))
    expect(await screen.findByText(welcome(mia))).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(api.calls('POST /api/Account/AcceptConsents').map((r) => [r.body, r.status])).toEqual([[{ email: mia.email, versions }, 200]])
  })

  it('says in German, formally, that a version changed meanwhile, and stays', async () => {
    const { api, mia } = await start('de')
    const dialog = await screen.findByRole('dialog', { name: 'Bitte stimmen Sie unseren geänderten Dokumenten zu' })
    expect(within(dialog).getByRole('link', { name: 'Datenschutzerklärung (Fassung p-2)' }).getAttribute('href')).toBe(
      '/data-privacy-policy/de',
    )
    // while the dialog is open, another version of the privacy policy comes into force
    await api.restart({ consentVersions: { ...versions, privacyPolicy: 'p-3' } })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ich stimme zu' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Diese Fassung gilt nicht mehr. Bitte lesen Sie die aktuelle Fassung und stimmen Sie ihr zu.',
    )
    expect(screen.queryByText(welcome(mia))).toBeNull()
    expect(api.calls('POST /api/Account/AcceptConsents').map((r) => r.status)).toEqual([400])
  })
})
