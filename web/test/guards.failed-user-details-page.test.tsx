import { afterEach, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { RequireRole } from '../src/routes/guards.js'
import { renderWithProviders, aSignedInUser } from './utils/renderWithProviders.js'
import { fail, ok, startApiServer, unreachable, type ApiServer, type Reply } from './utils/apiServer.js'
import { aStatus, aUser } from './utils/builders.js'

let server: ApiServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const guarded = async (details: () => Reply) => {
  server = await startApiServer({ 'GET /api/Account/GetUserDetails': details })
  return renderWithProviders(
    <RequireRole allow={['Mentee']} denied={403}>
      {(me) => <p>Welcome {me.email}</p>}
    </RequireRole>,
    { route: '/matching', apiBaseUrl: server.url, user: aSignedInUser('mia@example.org') },
  )
}

describe('which page a failed GetUserDetails shows (docs/product.md#errors: 401/403 only for those statuses)', () => {
  it('a server error shows the load-failed message with a retry, not the 401 page, and the retry loads the screen', async () => {
    let broken = true
    await guarded(() => (broken ? fail(500, 'Unexpected') : ok(aUser('mia@example.org', ['Mentee'], [aStatus('Mentee', 'NEW')]))))
    expect(await screen.findByText('We are sorry, an unexpected error has occured. Please try again later.')).toBeTruthy()
    expect(screen.queryByText('Error code 401')).toBeNull()
    broken = false
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Welcome mia@example.org')).toBeTruthy()
  })

  it('an unreachable server shows the network message, not the 401 page', async () => {
    await guarded(unreachable)
    await screen.findByRole('button', { name: 'Try again' })
    expect(screen.queryByText('Error code 401')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Go to the login page' })).toBeNull()
  })

  it('a 403 answer shows the 403 page', async () => {
    await guarded(() => fail(403, 'Forbidden'))
    expect(await screen.findByText('Error code 403')).toBeTruthy()
  })
})
