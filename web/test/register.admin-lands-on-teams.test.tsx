import { afterEach, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { Route, Routes } from 'react-router'
import Register from '../src/features/account/Register.js'
import { renderWithProviders, aSignedInUser } from './utils/renderWithProviders.js'
import { fail, ok, startApiServer, type ApiServer } from './utils/apiServer.js'
import { aUser } from './utils/builders.js'

let server: ApiServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

describe('register routes for an administrator (docs/product.md#routes: admins land on the matching teams)', () => {
  it('sends an admin who opens /register-as-mentee to /administrator/matching-tandems instead of an empty page', async () => {
    server = await startApiServer({
      'POST /api/Account/signup': () => fail(409, 'InvalidTransition'),
      'POST /api/Account/signin': () => ok(true),
      'GET /api/Account/GetUserDetails': () => ok(aUser('admin@example.org', ['Admin'], [])),
    })
    await renderWithProviders(
      <Routes>
        <Route path="/register-as-mentee" element={<Register side="Mentee" />} />
        <Route path="/administrator/matching-tandems" element={<p>admin matching teams</p>} />
      </Routes>,
      { route: '/register-as-mentee', apiBaseUrl: server.url, user: aSignedInUser('admin@example.org') },
    )
    expect(await screen.findByText('admin matching teams')).toBeTruthy()
  })
})
