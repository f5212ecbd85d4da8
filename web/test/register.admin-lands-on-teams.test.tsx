import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { Route, Routes } from 'react-router'
import Register from '../src/routes/Register.js'
import { renderWithProviders } from './utils/renderWithProviders.js'
import { startRealApi, type RealApi } from './utils/realApi.js'

let api: RealApi
beforeEach(async () => {
  api = await startRealApi()
})
afterEach(() => api.close())

describe('register routes for an administrator (docs/product.md#routes: admins land on the matching teams)', () => {
  it('sends an admin who opens /register-as-mentee to /administrator/matching-tandems instead of an empty page', async () => {
    const { user, auth } = api.signedIn(api.admin)
    await renderWithProviders(
      <Routes>
        <Route path="/register-as-mentee" element={<Register side="Mentee" />} />
        <Route path="/administrator/matching-tandems" element={<p>admin matching teams</p>} />
      </Routes>,
      { route: '/register-as-mentee', apiBaseUrl: api.url, user, auth },
    )
    expect(await screen.findByText('admin matching teams')).toBeTruthy()
    expect(api.calls('GET /api/Account/GetUserDetails').at(-1)?.status).toBe(200)
  })
})
