// The administrators' waitlist page against the real API (docs/admin.md#waitlist): how many wait
// and the answers no available mentor offers, in English and German, narrowed to a program year;
// small groups read "fewer than 5".
import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { aMenteeAnswers, aMentorAnswers, choiceAnswer, optionId, PAIR } from '@tandem/fixtures'
import { AppRoutes } from '../src/routes/routes.js'
import { renderWithProviders } from './utils/renderWithProviders.js'
import { startRealApi, type RealApi } from './utils/realApi.js'

let api: RealApi | undefined
afterEach(async () => {
  await api?.close()
  api = undefined
})

const speaking = (...languages: string[]) => choiceAnswer(PAIR.languages, ...languages.map((l) => optionId(PAIR.languages, l)))

/** Max speaks German only; six French-speaking mentees found nobody and wait. */
const population = async () => {
  const real = await startRealApi()
  api = real
  await real.publishedMentor('Max', aMentorAnswers(speaking('German')))
  for (let i = 0; i < 6; i++) {
    const mentee = await real.readyMentee(`Mia${i}`, aMenteeAnswers(speaking('French')))
    await real.expectOk(real.call(mentee, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: mentee.email }), 'start')
  }
  return real
}

const open = async (real: RealApi, language: 'en' | 'de') => {
  const { user: admin, auth } = real.signedIn(real.admin)
  await renderWithProviders(<AppRoutes />, { route: '/administrator/waitlist', apiBaseUrl: real.url, user: admin, auth, language })
  return userEvent.setup()
}

const figure = (list: HTMLElement, label: string) => within(list).getByText(label).closest('li')?.textContent?.replace(label, '')

describe('the waitlist page', () => {
  it('shows how many wait and the language no available mentor speaks, and narrows to a program year', async () => {
    const real = await population()
    const created = await real.expectOk(
      real.call<{ clusterId: number }>(real.admin, 'POST', '/api/Admin/CreateCluster?yearText=2027%20Autumn'),
      'program year',
    )
    const user = await open(real, 'en')
    expect(await screen.findByRole('link', { name: 'Waitlist' })).toBeTruthy()
    const figures = await screen.findByRole('list', { name: 'Waitlist figures' })
    expect(figure(figures, 'Waiting mentees')).toBe('6')
    expect(figure(figures, 'Mentors with a free place')).toBe('fewer than 5')
    // who waits, by name, the longest waiting first
    const who = screen.getByRole('table', { name: 'Who waits' })
    const names = within(who)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[0]?.textContent)
    expect(names.map((n) => n?.split(' ')[0])).toEqual(['Mia0', 'Mia1', 'Mia2', 'Mia3', 'Mia4', 'Mia5'])
    expect(within(who).getByRole('columnheader', { name: 'Waiting since' })).toBeTruthy()
    const gaps = await screen.findByRole('table', { name: 'Answers no available mentor offers' })
    const french = within(gaps)
      .getAllByRole('row')
      .find((r) => within(r).queryByText('French') !== null)
    expect(french).toBeDefined()
    expect(
      within(french!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['In which languages would you like to hold the mentoring? (must fit)', 'French', '6'])

    await user.click(screen.getByRole('combobox', { name: 'Program year' }))
    await user.click(await screen.findByRole('option', { name: '2027 Autumn' }))
    await waitFor(() => expect(figure(screen.getByRole('list', { name: 'Waitlist figures' }), 'Waiting mentees')).toBe('fewer than 5'))
    expect(screen.getByText('No answer of a group of 5 or more waiting mentees is missing among the available mentors.')).toBeTruthy()
    expect(real.calls('GET /api/Admin/GetWaitlistOverview').at(-1)?.query).toEqual({ clusterId: String(created.clusterId), language: 'en' })
  })

  it('speaks German', async () => {
    const real = await population()
    await open(real, 'de')
    expect(await screen.findByRole('heading', { name: 'Warteliste' })).toBeTruthy()
    const gaps = await screen.findByRole('table', { name: 'Antworten, die keine verfügbare Mentor*in anbietet' })
    expect(within(gaps).getByText('Französisch')).toBeTruthy()
    const who = screen.getByRole('table', { name: 'Wer wartet' })
    expect(within(who).getByRole('columnheader', { name: 'Wartet seit' })).toBeTruthy()
    expect(within(who).getAllByRole('row')).toHaveLength(7)
    expect(within(who).getByText(/^Mia0 /)).toBeTruthy()
    expect(within(gaps).getByText('In welchen Sprachen möchten Sie das Mentoring führen? (muss passen)')).toBeTruthy()
  })
})
