import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import AccountPage from '../src/features/account/AccountPage.js'
import { renderWithProviders } from './utils/renderWithProviders.js'
import { startRealApi, type Person, type RealApi } from './utils/realApi.js'

let api: RealApi
beforeAll(async () => {
  api = await startRealApi()
})
afterAll(() => api.close())

const setUp = async (person: Person) => {
  const { user, auth } = api.signedIn(person)
  const view = await renderWithProviders(<AccountPage />, { route: '/user/account', apiBaseUrl: api.url, user, auth })
  /** This person's requests to one route. */
  const calls = (route: string) => api.calls(route).filter((r) => r.authorization === `Bearer ${api.tokenFor(person)}`)
  return { ...view, calls }
}

/** A mentee who signed up (born 7 April 1990, female) and saved her profile in the default program year. */
const mentee = async (options: { readonly profile?: boolean } = {}): Promise<Person> => {
  const mia = api.person('Mia', { birthDate: '1990-04-07', gender: 'Female' })
  await api.signUp(mia, 'Mentee')
  if (options.profile ?? true) await api.saveProfile(mia)
  return mia
}

const defaultClusterId = async () => (await api.server.ctx.clusters.defaultCluster())?.clusterId

/** A 1×1 PNG: the server checks the bytes, not the name. */
const aPng = () =>
  new File(
    [Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')],
    'me.png',
    { type: 'image/png' },
  )

describe('user account', () => {
  it('shows the read-only box with the birth date as dd.mm.yyyy', async () => {
    const mia = await mentee()
    await setUp(mia)
    const box = await screen.findByLabelText('Account data')
    expect(within(box).getByText('07.04.1990')).toBeTruthy()
    expect(within(box).getByText(mia.email)).toBeTruthy()
    expect(within(box).getByText('Female')).toBeTruthy()
  })

  it('hides the program year from mentor-only users', async () => {
    const max = api.person('Max')
    await api.signUp(max, 'Mentor')
    await setUp(max)
    await screen.findByLabelText('Account data')
    // the page's choices arrive with their own chunk after the data: once one is there, both would be
    expect(await screen.findByRole('combobox', { name: /Preferred account language/ })).toBeTruthy()
    expect(screen.queryByRole('combobox', { name: /Program year/ })).toBeNull()
  })

  it('shows the program year to mentees', async () => {
    await setUp(await mentee())
    expect(await screen.findByRole('combobox', { name: /Program year/ })).toBeTruthy()
  })

  it('refuses a photo that is not an image before any upload', async () => {
    const { calls } = await setUp(await mentee())
    await screen.findByLabelText('Account data')
    const input = document.querySelector('input[type=file]') as HTMLInputElement
    await userEvent.upload(input, new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }), { applyAccept: false })
    expect(await screen.findByText('Please choose a PNG, JPEG, JPG or GIF image of at most 5 MB.')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(calls('POST /api/user/UpdateProfileImage')).toEqual([])
  })

  it('refuses a photo over 5 MB before any upload', async () => {
    await setUp(await mentee())
    await screen.findByLabelText('Account data')
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' })
    await userEvent.upload(document.querySelector('input[type=file]') as HTMLInputElement, big)
    expect(await screen.findByText('Please choose a PNG, JPEG, JPG or GIF image of at most 5 MB.')).toBeTruthy()
  })

  it('uploads a valid photo, then saves the profile, and confirms', async () => {
    const mia = await mentee()
    const { calls } = await setUp(mia)
    await screen.findByLabelText('Account data')
    await userEvent.upload(document.querySelector('input[type=file]') as HTMLInputElement, aPng())
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Your user account was successfully updated.')).toBeTruthy()
    const upload = calls('POST /api/user/UpdateProfileImage')[0]
    expect(String(upload?.body)).toContain('name="imageFile"; filename="me.png"')
    expect(String(upload?.body)).toContain('name="email"')
    expect(upload?.status).toBe(200)
    expect(calls('POST /api/user/UpdateProfile')[0]).toMatchObject({
      body: { email: mia.email, isDeletedProfileImage: false, clusterId: await defaultClusterId(), languageId: 1 },
      status: 200,
    })
  })

  it('switches the interface to the saved preferred language', async () => {
    const { i18n, calls } = await setUp(await mentee())
    await userEvent.click(await screen.findByRole('combobox', { name: /Preferred account language/ }))
    await userEvent.click(await screen.findByRole('option', { name: 'German' }))
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(i18n.language).toBe('de'))
    await waitFor(() => expect(calls('POST /api/user/UpdateProfile')[0]).toMatchObject({ body: { languageId: 2 }, status: 200 }))
    expect(await screen.findByRole('button', { name: 'Speichern' })).toBeTruthy()
  })

  it('saves language and program year although the profile section (city, country) is still empty: the account page checks only what it shows', async () => {
    // signed up in the default program year, no profile saved yet
    const { calls } = await setUp(await mentee({ profile: false }))
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Your user account was successfully updated.')).toBeTruthy()
    expect(calls('POST /api/user/UpdateProfile')[0]).toMatchObject({
      body: { profileScope: 'account', languageId: 1, clusterId: await defaultClusterId() },
      status: 200,
    })
  })

  it('an administrator without any profile data saves the preferred language', async () => {
    const { calls } = await setUp(api.admin)
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Your user account was successfully updated.')).toBeTruthy()
    expect(calls('POST /api/user/UpdateProfile')[0]).toMatchObject({ body: { profileScope: 'account', languageId: 1 }, status: 200 })
  })

  it('shows the missing-fields message and saves nothing when a mentee has no program year', async () => {
    // the routes give every new mentee the open program year; earlier versions left mentees
    // without one in the data, so the state is written into the store
    const mia = await mentee()
    await api.writeUser(mia, { mentee_cluster_id: null })
    const { calls } = await setUp(mia)
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }))
    expect(
      await screen.findByText('Please check your provided data. Information is wrong or missing to save your user profile.'),
    ).toBeTruthy()
    expect(calls('POST /api/user/UpdateProfile')).toEqual([])
  })

  it('removes the photo with the flag set', async () => {
    const mia = await mentee()
    await api.uploadPhoto(mia, aPng())
    const { calls } = await setUp(mia)
    await userEvent.click(await screen.findByRole('button', { name: 'Remove photo' }))
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(calls('POST /api/user/UpdateProfile')).toMatchObject([{ body: { isDeletedProfileImage: true }, status: 200 }]),
    )
    const details = await api.call<{ profileImage: string | null }>(
      mia,
      'GET',
      `/api/Account/GetUserDetails?emailId=${encodeURIComponent(mia.email)}`,
    )
    expect(details.body.value.profileImage).toBeNull()
  })
})
