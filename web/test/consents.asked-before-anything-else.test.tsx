// A new version of the privacy policy or terms: after sign-in the person sees only the consents
// dialog (links to both documents, one button); accepting sends the versions shown and the screen
// appears; a version that changed meanwhile is a translated message, in English and German.
import { afterEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ConsentDocument, Language } from '@tandem/core'
import { RequireRole } from '../src/routes/guards.js'
import { renderWithProviders, aSignedInUser } from './utils/renderWithProviders.js'
import { fail, ok, startApiServer, type ApiServer } from './utils/apiServer.js'
import { aStatus, aUser } from './utils/builders.js'

let server: ApiServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const versions = { privacyPolicy: 'p-2', termsAndConditions: 't-1' }
const mia = (consentsDue: ConsentDocument[]) =>
  aUser('mia@example.org', ['Mentee'], [aStatus('Mentee', 'NEW')], { consentsDue, consentVersions: versions })

const start = async (accept: () => ReturnType<typeof ok>, language: Language = 'en') => {
  let due: ConsentDocument[] = ['privacyPolicy']
  server = await startApiServer({
    'GET /api/Account/GetUserDetails': () => ok(mia(due)),
    'POST /api/Account/AcceptConsents': () => {
      const reply = accept()
      if (reply.status === undefined) due = []
      return reply
    },
  })
  return renderWithProviders(
    <RequireRole allow={['Mentee']} denied={403}>
      {(me) => <p>Welcome {me.email}</p>}
    </RequireRole>,
    { route: '/matching', apiBaseUrl: server.url, user: aSignedInUser('mia@example.org'), language },
  )
}

describe('consents due after sign-in', () => {
  it('shows only the dialog with both documents; accepting sends the versions shown and opens the screen', async () => {
    await start(() => ok(mia([])))
    const dialog = await screen.findByRole('dialog', { name: 'Please accept our updated documents' })
    expect(screen.queryByText('Welcome mia@example.org')).toBeNull()
    const privacy = within(dialog).getByRole('link', { name: 'Data privacy policy (version p-2)' })
    expect(privacy.getAttribute('href')).toBe('/data-privacy-policy/en')
    expect(within(dialog).getByRole('link', { name: 'Terms and conditions (version t-1)' }).getAttribute('href')).toBe(
      '/terms-and-conditions/en',
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'I accept' }))
    expect(await screen.findByText('Welcome mia@example.org')).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(server?.calls('POST /api/Account/AcceptConsents').map((r) => r.body)).toEqual([{ email: 'mia@example.org', versions }])
  })

  it('says in German, formally, that a version changed meanwhile, and stays', async () => {
    await start(() => fail(400, 'ValidationFailed', [{ field: 'privacyPolicy', key: 'consent-version-outdated' }]), 'de')
    const dialog = await screen.findByRole('dialog', { name: 'Bitte stimmen Sie unseren geänderten Dokumenten zu' })
    expect(within(dialog).getByRole('link', { name: 'Datenschutzerklärung (Fassung p-2)' }).getAttribute('href')).toBe(
      '/data-privacy-policy/de',
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ich stimme zu' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Diese Fassung gilt nicht mehr. Bitte lesen Sie die aktuelle Fassung und stimmen Sie ihr zu.',
    )
    expect(screen.queryByText('Welcome mia@example.org')).toBeNull()
  })
})
