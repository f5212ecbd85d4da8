// Reviewer defects in the admin app: the user detail follows a language switch, status and state
// codes and gender are translated, sync answers have texts, and an admin on a register route.
import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AppRoutes } from '../src/routes/routes.js'
import { renderWithProviders } from './utils/renderWithProviders.js'
import { startRealApi, type RealApi } from './utils/realApi.js'
import '../src/features/dashboard/dashboard.api.js'
import '../src/shared/api/questionnaire.api.js'

let api: RealApi | undefined
afterEach(async () => {
  await api?.close()
  api = undefined
})

const open = async (route: string, language: 'en' | 'de' = 'en') => {
  const real = await startRealApi()
  api = real
  const { user: admin, auth } = real.signedIn(real.admin)
  const view = await renderWithProviders(<AppRoutes />, { route, apiBaseUrl: real.url, user: admin, auth, language })
  return { ...view, api: real, user: userEvent.setup() }
}

/** Max Mentor, who shares her gender (female), published in Germany and paused matching. */
const pausedMax = async (real: RealApi) => {
  const max = real.person('Max', { lastName: 'Mentor', gender: 'Female' })
  await real.signUp(max, 'Mentor')
  await real.saveProfile(max, null)
  const { aMentorAnswers } = await import('@tandem/fixtures')
  await real.saveAnswers(max, 'Mentor', aMentorAnswers(), true)
  await real.expectOk(
    real.call(max, 'POST', '/api/Questionnaire/UpdateUserStatus', { email: max.email, roleName: 'Mentor', disableMatching: true }),
    'pause',
  )
  return max
}

const showMax = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(await screen.findByRole('combobox', { name: /User|Person/ }), 'Max')
  await user.click(await screen.findByRole('option', { name: /Max Mentor/, hidden: true }))
  await user.click(screen.getByRole('button', { name: /display information|Informationen anzeigen/ }))
}

describe('admin user detail and the language switch', () => {
  it('reloads the shown user detail in the new language when the admin switches to German', async () => {
    const { user, api } = await open('/administrator/user-information')
    await pausedMax(api)
    await showMax(user)
    expect(await screen.findByText('Germany')).toBeTruthy()
    const listLoads = api.calls('GET /api/Admin/GetAllUsers').length
    await user.click(screen.getByRole('button', { name: 'Deutsch' }))
    expect(await screen.findByText('Deutschland')).toBeTruthy()
    expect(api.calls('GET /api/Admin/GetUserDetail').map((c) => [c.query['language'], c.status])).toContainEqual(['de', 200])
    // every admin cache tag is invalidated, so admin lists are asked again too
    await waitFor(() => expect(api.calls('GET /api/Admin/GetAllUsers').length).toBeGreaterThan(listLoads))
  })
})

/**
 * A server whose accounts an external identity provider keeps answers Synchronize with
 * ExternalIdentityProvider; the screen tests sign in with their own tokens, which the server
 * treats as its embedded provider, so the answer is planted in the fault layer.
 */
const withExternalProvider = (real: RealApi) => real.faults.refuseNext('GET /api/Admin/SyncDBFromIdp', 409, 'ExternalIdentityProvider')

const confirm = async (user: ReturnType<typeof userEvent.setup>, name: string) =>
  user.click(within(await screen.findByRole('alertdialog', { hidden: true })).getByRole('button', { name, hidden: true }))

describe('admin texts in German (gender, status and state codes, sync answer)', () => {
  it('shows gender and status of the user detail in German', async () => {
    const { user, api } = await open('/administrator/user-information', 'de')
    await pausedMax(api)
    await showMax(user)
    expect((await screen.findAllByText('Weiblich')).length).toBeGreaterThan(0)
    expect(screen.queryByText('Female')).toBeNull()
    expect(screen.getByText('PAUSIERT')).toBeTruthy()
  })

  it('offers the mentee statuses in German and shows the list badges in German', async () => {
    const { user, api } = await open('/administrator/mentees', 'de')
    // Mia started matching with no mentor in the pool: available again
    const mia = await api.readyMentee()
    await api.expectOk(api.call(mia, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: mia.email }), 'start')
    await user.click(await screen.findByRole('combobox', { name: 'Status' }))
    const offered = (await screen.findAllByRole('menuitemcheckbox', { hidden: true })).map((o) => o.textContent)
    expect(offered).toContain('VERFÜGBAR')
    expect(offered).not.toContain('AVAILABLE')
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'VERFÜGBAR', hidden: true }))
    await user.keyboard('{Escape}')
    await user.click(screen.getByRole('button', { name: 'filtern und anzeigen' }))
    const table = await screen.findByRole('table')
    expect(within(table).getByText('VERFÜGBAR')).toBeTruthy()
    // the codes still travel to the server untranslated
    expect(api.calls('POST /api/Admin/GetMentees')[0]).toMatchObject({ body: [{ id: 4, name: 'AVAILABLE' }], status: 200 })
  })

  it('offers the team states in German on the matching teams page', async () => {
    const { user } = await open('/administrator/matching-tandems', 'de')
    await user.click(await screen.findByRole('combobox', { name: 'Team-Status' }))
    const offered = (await screen.findAllByRole('menuitemcheckbox', { hidden: true })).map((o) => o.textContent)
    expect(offered).toEqual(expect.arrayContaining(['AKTIV', 'GEMATCHT', 'ABGELEHNT', 'GESCHLOSSEN', 'KEINE REAKTION']))
  })

  it('explains the external-provider answer of Synchronize instead of the unexpected error', async () => {
    const { user, api } = await open('/administrator/clusters')
    withExternalProvider(api)
    await user.click(await screen.findByRole('button', { name: 'Synchronize' }))
    await confirm(user, 'Confirm')
    expect(await screen.findByText(/Accounts are kept by an external identity provider/)).toBeTruthy()
    expect(screen.queryByText('We are sorry, an unexpected error has occured. Please try again later.')).toBeNull()
    expect(api.calls('GET /api/Admin/SyncDBFromIdp').map((r) => r.status)).toEqual([409])
  })

  it('explains it in German too', async () => {
    const { user, api } = await open('/administrator/clusters', 'de')
    withExternalProvider(api)
    await user.click(await screen.findByRole('button', { name: 'Synchronisieren' }))
    await confirm(user, 'Bestätigen')
    expect(await screen.findByText(/Die Konten verwaltet ein externer Identitätsanbieter/)).toBeTruthy()
  })
})
