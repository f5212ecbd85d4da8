import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { RequireRole } from '../src/routes/guards.js'
import { renderWithProviders } from './utils/renderWithProviders.js'
import { startRealApi, type Person, type RealApi } from './utils/realApi.js'

let api: RealApi
beforeAll(async () => {
  api = await startRealApi()
})
afterAll(() => api.close())

const guarded = (who: Person, options: { readonly asEmail?: string } = {}) => {
  const { user, auth } = api.signedIn(who, options.asEmail === undefined ? {} : { email: options.asEmail })
  return renderWithProviders(
    <RequireRole allow={['Mentee']} denied={403}>
      {(me) => <p>Welcome {me.email}</p>}
    </RequireRole>,
    { route: '/matching', apiBaseUrl: api.url, user, auth },
  )
}

const aMentee = async (): Promise<Person> => {
  const mia = api.person('Mia')
  await api.signUp(mia, 'Mentee')
  return mia
}

describe('which page a failed GetUserDetails shows (docs/product.md#errors: 401/403 only for those statuses)', () => {
  it('a server error shows the load-failed message with a retry, not the 401 page, and the retry loads the screen', async () => {
    const mia = await aMentee()
    api.faults.crashNext('GET /api/Account/GetUserDetails')
    await guarded(mia)
    expect(await screen.findByText('We are sorry, an unexpected error has occured. Please try again later.')).toBeTruthy()
    expect(screen.queryByText('Error code 401')).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText(`Welcome ${mia.email}`)).toBeTruthy()
  })

  it('an unreachable server shows the network message, not the 401 page', async () => {
    const mia = await aMentee()
    api.faults.dropNext('GET /api/Account/GetUserDetails')
    await guarded(mia)
    await screen.findByRole('button', { name: 'Try again' })
    expect(screen.queryByText('Error code 401')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Go to the login page' })).toBeNull()
  })

  it("a 403 answer (asking for someone else's details) shows the 403 page", async () => {
    const mia = await aMentee()
    const other = await aMentee()
    await guarded(mia, { asEmail: other.email })
    expect(await screen.findByText('Error code 403')).toBeTruthy()
    expect(api.calls('GET /api/Account/GetUserDetails').at(-1)?.status).toBe(403)
  })
})
