import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { UserView } from '@tandem/core'
import AccountPage from '../src/features/account/AccountPage.js'
import { renderWithProviders, aSignedInUser } from './utils/renderWithProviders.js'
import { ok, startApiServer, type ApiServer } from './utils/apiServer.js'
import { aProfileResponse, aStatus, aUser } from './utils/builders.js'

let server: ApiServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const setUp = async (user: UserView) => {
  server = await startApiServer({
    'GET /api/Account/GetUserDetails': () => ok(user),
    'GET /api/User/GetUserProfile': () => ok(aProfileResponse(user)),
    'POST /api/user/UpdateProfile': () => ok(true),
    'POST /api/user/UpdateProfileImage': () => ok(true),
  })
  return renderWithProviders(<AccountPage />, { route: '/user/account', apiBaseUrl: server.url, user: aSignedInUser(user.email) })
}

const mentee = () => aUser('mia@example.org', ['Mentee'], [aStatus('Mentee', 'NEW')])

describe('user account', () => {
  it('shows the read-only box with the birth date as dd.mm.yyyy', async () => {
    await setUp(mentee())
    const box = await screen.findByLabelText('Account data')
    expect(within(box).getByText('07.04.1990')).toBeTruthy()
    expect(within(box).getByText('mia@example.org')).toBeTruthy()
    expect(within(box).getByText('Female')).toBeTruthy()
  })

  it('hides the program year from mentor-only users', async () => {
    await setUp(aUser('max@example.org', ['Mentor'], [aStatus('Mentor', 'NEW')]))
    await screen.findByLabelText('Account data')
    // the page's choices arrive with their own chunk after the data: once one is there, both would be
    expect(await screen.findByRole('combobox', { name: /Preferred account language/ })).toBeTruthy()
    expect(screen.queryByRole('combobox', { name: /Program year/ })).toBeNull()
  })

  it('shows the program year to mentees', async () => {
    await setUp(mentee())
    expect(await screen.findByRole('combobox', { name: /Program year/ })).toBeTruthy()
  })

  it('refuses a photo that is not an image before any upload', async () => {
    await setUp(mentee())
    await screen.findByLabelText('Account data')
    const input = document.querySelector('input[type=file]') as HTMLInputElement
    await userEvent.upload(input, new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }), { applyAccept: false })
    expect(await screen.findByText('Please choose a PNG, JPEG, JPG or GIF image of at most 5 MB.')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(server?.calls('POST /api/user/UpdateProfileImage')).toEqual([])
  })

  it('refuses a photo over 5 MB before any upload', async () => {
    await setUp(mentee())
    await screen.findByLabelText('Account data')
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' })
    await userEvent.upload(document.querySelector('input[type=file]') as HTMLInputElement, big)
    expect(await screen.findByText('Please choose a PNG, JPEG, JPG or GIF image of at most 5 MB.')).toBeTruthy()
  })

  it('uploads a valid photo, then saves the profile, and confirms', async () => {
    await setUp(mentee())
    await screen.findByLabelText('Account data')
    await userEvent.upload(
      document.querySelector('input[type=file]') as HTMLInputElement,
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' }),
    )
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Your user account was successfully updated.')).toBeTruthy()
    const upload = server?.calls('POST /api/user/UpdateProfileImage')[0]
    expect(String(upload?.body)).toContain('name="imageFile"; filename="me.png"')
    expect(String(upload?.body)).toContain('name="email"')
    expect(server?.calls('POST /api/user/UpdateProfile')[0]?.body).toMatchObject({
      email: 'mia@example.org',
      isDeletedProfileImage: false,
      clusterId: 3,
      languageId: 1,
    })
  })

  it('switches the interface to the saved preferred language', async () => {
    const { i18n } = await setUp(mentee())
    await userEvent.click(await screen.findByRole('combobox', { name: /Preferred account language/ }))
    await userEvent.click(await screen.findByRole('option', { name: 'Deutsch' }))
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(i18n.language).toBe('de'))
    expect(server?.calls('POST /api/user/UpdateProfile')[0]?.body).toMatchObject({ languageId: 2 })
    expect(await screen.findByRole('button', { name: 'Speichern' })).toBeTruthy()
  })

  it('saves language and program year although the profile section (city, country) is still empty: the account page checks only what it shows', async () => {
    await setUp(aUser('mia@example.org', ['Mentee'], [aStatus('Mentee', 'NEW')], { city: null, countryCodeId: null }))
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Your user account was successfully updated.')).toBeTruthy()
    expect(server?.calls('POST /api/user/UpdateProfile')[0]?.body).toMatchObject({ profileScope: 'account', languageId: 1, clusterId: 3 })
  })

  it('an administrator without any profile data saves the preferred language', async () => {
    await setUp(aUser('ada@example.org', ['Admin'], [], { city: null, countryCodeId: null, clusterId: null }))
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Your user account was successfully updated.')).toBeTruthy()
    expect(server?.calls('POST /api/user/UpdateProfile')[0]?.body).toMatchObject({ profileScope: 'account', languageId: 1 })
  })

  it('shows the missing-fields message and saves nothing when a mentee has no program year', async () => {
    await setUp(aUser('mia@example.org', ['Mentee'], [aStatus('Mentee', 'NEW')], { clusterId: null }))
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }))
    expect(
      await screen.findByText('Please check your provided data. Information is wrong or missing to save your user profile.'),
    ).toBeTruthy()
    expect(server?.calls('POST /api/user/UpdateProfile')).toEqual([])
  })

  it('removes the photo with the flag set', async () => {
    await setUp(aUser('mia@example.org', ['Mentee'], [aStatus('Mentee', 'NEW')], { profileImage: '/api/images/1.png' }))
    await userEvent.click(await screen.findByRole('button', { name: 'Remove photo' }))
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(server?.calls('POST /api/user/UpdateProfile').length).toBe(1))
    expect(server?.calls('POST /api/user/UpdateProfile')[0]?.body).toMatchObject({ isDeletedProfileImage: true })
  })
})
