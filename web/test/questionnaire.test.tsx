import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Side } from '@tandem/core'
import { aMenteeAnswers, aMentorAnswers, PAIR, questionnaire } from '@tandem/fixtures'
import QuestionnairePage from '../src/features/questionnaire/QuestionnairePage.js'
import { renderWithProviders } from './utils/renderWithProviders.js'
import { startRealApi, type Person, type RealApi } from './utils/realApi.js'

let api: RealApi
beforeAll(async () => {
  api = await startRealApi()
})
afterAll(() => api.close())

/**
 * A person of one side as far as the test needs: signed up; with a saved profile (in Berlin,
 * Germany); with a complete questionnaire saved; published (in the pool); with matching paused.
 */
type Stage = 'signed-up' | 'profile' | 'answered' | 'published' | 'paused'
const STAGES: readonly Stage[] = ['signed-up', 'profile', 'answered', 'published', 'paused']

const aPerson = async (side: Side, stage: Stage): Promise<Person> => {
  const reached = (s: Stage) => STAGES.indexOf(stage) >= STAGES.indexOf(s)
  const p = api.person(side === 'Mentee' ? 'Mia' : 'Max')
  await api.signUp(p, side)
  if (reached('profile')) await api.saveProfile(p, side === 'Mentee' ? undefined : null)
  if (reached('answered')) await api.saveAnswers(p, side, side === 'Mentee' ? aMenteeAnswers() : aMentorAnswers(), reached('published'))
  if (reached('paused'))
    await api.expectOk(
      api.call(p, 'POST', '/api/Questionnaire/UpdateUserStatus', { email: p.email, roleName: side, disableMatching: true }),
      'pause',
    )
  return p
}

const setUp = async (side: Side, person: Person) => {
  const { user, auth } = api.signedIn(person)
  await renderWithProviders(<QuestionnairePage side={side} />, {
    route: `/user/${side.toLowerCase()}-profile`,
    apiBaseUrl: api.url,
    user,
    auth,
  })
  // The real questionnaire is a long form in a chunk of its own: wait for it with a cheap text query
  // (role queries over the whole form are slow on a loaded machine).
  await screen.findByText('Tell us a little about yourself.', undefined, { timeout: 30_000 })
  /** This person's requests to one route. */
  const calls = (route: string) => api.calls(route).filter((r) => r.authorization === `Bearer ${api.tokenFor(person)}`)
  return { calls }
}

const mentorYear = () => screen.findByRole('textbox', { name: /In which year did you start working\?/ })
const industries = () => screen.findByRole('group', { name: /Which industries are you interested in/ })
const industriesPair = questionnaire.pairs.find((p) => p.questionPairId === PAIR.industries)!
const noPreferenceOfIndustries = industriesPair.options.find((o) => o.noPreference)!.id

describe('questionnaire validation (docs/product.md#questionnaire-answers)', { timeout: 90_000 }, () => {
  it('refuses free text over 200 characters as the user types', async () => {
    await setUp('Mentor', await aPerson('Mentor', 'profile'))
    // a role query over the whole long form: slow on a loaded machine, so it gets the file's patience
    const text = await screen.findByRole('textbox', { name: /Why do you want to be a mentor/ }, { timeout: 30_000 })
    await userEvent.click(text)
    await userEvent.paste('y'.repeat(201))
    expect(await screen.findByText('Please check your text again. Only 200 characters (including spaces) are allowed.')).toBeTruthy()
  })

  it('refuses more options than the question allows', async () => {
    await setUp('Mentee', await aPerson('Mentee', 'profile'))
    const group = await industries()
    await userEvent.click(within(group).getByRole('checkbox', { name: 'IT and software' }))
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Health and care' }))
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Finance and insurance' }))
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Consulting' }))
    expect(await screen.findByText('Please only select the maximum options as described.')).toBeTruthy()
    expect(within(group).getByText('Choose up to 3 options.')).toBeTruthy()
  })

  it('refuses the no-preference option combined with another', async () => {
    await setUp('Mentee', await aPerson('Mentee', 'profile'))
    const group = await industries()
    await userEvent.click(within(group).getByRole('checkbox', { name: 'IT and software' }))
    await userEvent.click(within(group).getByRole('checkbox', { name: 'No preference' }))
    expect(await screen.findByText('This option cannot be combined with other options.')).toBeTruthy()
  })

  it('refuses a year that is not four digits or later than this year', async () => {
    await setUp('Mentee', await aPerson('Mentee', 'profile'))
    const year = await screen.findByRole('textbox', { name: /In which year did you start working or graduate/ })
    await userEvent.type(year, '215')
    expect(await screen.findByText(/Please enter a year with 4 digits/)).toBeTruthy()
    await userEvent.clear(year)
    await userEvent.type(year, String(new Date().getFullYear() + 1))
    expect(await screen.findByText(/Please enter a year with 4 digits/)).toBeTruthy()
    await userEvent.clear(year)
    await userEvent.type(year, '1999')
    await waitFor(() => expect(screen.queryByText(/Please enter a year with 4 digits/)).toBeNull())
  })

  it('requires every question when starting matching, and sends nothing', async () => {
    const { calls } = await setUp('Mentee', await aPerson('Mentee', 'profile'))
    await userEvent.click(await screen.findByRole('button', { name: 'Start matching' }))
    expect(await screen.findByText('Some fields of the questionnaire are not valid. Please check your answers.')).toBeTruthy()
    expect(screen.getAllByText('This information is required.').length).toBeGreaterThan(0)
    expect(calls('POST /api/Questionnaire/CreateAnswer')).toEqual([])
    expect(calls('POST /api/MatchingTandem/CreateMatchingTandem')).toEqual([])
  })

  it('shows the federal state only for Germany', async () => {
    await setUp('Mentee', await aPerson('Mentee', 'profile'))
    expect(await screen.findByRole('combobox', { name: /Federal state/ })).toBeTruthy()
    await userEvent.click(screen.getByRole('combobox', { name: /Country/ }))
    await userEvent.click(await screen.findByRole('option', { name: 'Austria' }))
    await waitFor(() => expect(screen.queryByRole('combobox', { name: /Federal state/ })).toBeNull())
  })

  it('refuses to save a profile without a city', async () => {
    const { calls } = await setUp('Mentee', await aPerson('Mentee', 'profile'))
    const city = await screen.findByRole('textbox', { name: /City/ })
    await userEvent.clear(city)
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(
      await screen.findByText('Please check your provided data. Information is wrong or missing to save your user profile.'),
    ).toBeTruthy()
    expect(calls('POST /api/user/UpdateProfile')).toEqual([])
  })
})

describe('saving and the primary buttons', { timeout: 90_000 }, () => {
  it('saves partial answers with CreateAnswer the first time, not publishing', async () => {
    const { calls } = await setUp('Mentee', await aPerson('Mentee', 'profile'))
    const group = await industries()
    await userEvent.click(within(group).getByRole('checkbox', { name: 'No preference' }))
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Your mentee questionnaire was saved.')).toBeTruthy()
    expect(calls('POST /api/Questionnaire/CreateAnswer').map((r) => r.status)).toEqual([200])
    const body = calls('POST /api/Questionnaire/CreateAnswer')[0]?.body as {
      isSavePublish: boolean
      roleName: string
      userSelectedAnswerSaveModel: unknown[]
    }
    expect(body.isSavePublish).toBe(false)
    expect(body.roleName).toBe('Mentee')
    // the no-preference choice sets the fits-all flag
    expect(body.userSelectedAnswerSaveModel).toContainEqual({
      OriginalQuestionId: industriesPair.mentee?.questionId,
      QuestionPairId: PAIR.industries,
      DirectFieldAnswer: null,
      RuleName: 'MultipleMatchesFit',
      MaxOption: 3,
      PossibleAnswer: [{ originalPossibleAnswerId: noPreferenceOfIndustries, isSetOptionThatFitsAll: 1 }],
    })
  })

  it('starts matching for a complete mentee questionnaire', async () => {
    const { calls } = await setUp('Mentee', await aPerson('Mentee', 'answered'))
    await userEvent.click(await screen.findByRole('button', { name: 'Start matching' }))
    await waitFor(() => expect(calls('POST /api/MatchingTandem/CreateMatchingTandem').map((r) => r.status)).toEqual([200]))
    expect(calls('POST /api/Questionnaire/UpdateAnswer')).toMatchObject([{ body: { isSavePublish: true }, status: 200 }])
  })

  it('tells a mentor that publishing needs matching enabled when the server refuses it', async () => {
    const max = await aPerson('Mentor', 'published')
    const { calls } = await setUp('Mentor', max)
    const publish = await screen.findByRole('button', { name: 'Save and publish' })
    // matching is turned off in another tab after the page was loaded
    await api.expectOk(
      api.call(max, 'POST', '/api/Questionnaire/UpdateUserStatus', { email: max.email, roleName: 'Mentor', disableMatching: true }),
      'pause',
    )
    await userEvent.click(publish)
    expect(await screen.findByText('Your matching is disabled. Enable matching to publish your profile.')).toBeTruthy()
    expect(calls('POST /api/Questionnaire/UpdateAnswer').map((r) => r.status)).toEqual([409])
  })

  it('does not let a proposed mentee start matching', async () => {
    await api.publishedMentor()
    const mia = await api.readyMentee()
    await api.expectOk(api.call(mia, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: mia.email }), 'start matching')
    await setUp('Mentee', mia)
    expect((await screen.findByRole('button', { name: 'Start matching' })).hasAttribute('disabled')).toBe(true)
  })

  it('saves and publishes a complete mentor questionnaire', async () => {
    const { calls } = await setUp('Mentor', await aPerson('Mentor', 'answered'))
    await userEvent.click(await screen.findByRole('button', { name: 'Save and publish' }))
    expect(await screen.findByText('Your mentor profile was saved and published.')).toBeTruthy()
    expect(calls('POST /api/Questionnaire/UpdateAnswer')).toMatchObject([{ body: { isSavePublish: true }, status: 200 }])
  })

  it('refuses to save an incomplete published mentor profile while matching is enabled', async () => {
    const { calls } = await setUp('Mentor', await aPerson('Mentor', 'published'))
    await userEvent.clear(await mentorYear())
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }))
    expect(await screen.findByText(/only a complete profile can be saved/)).toBeTruthy()
    expect(calls('POST /api/Questionnaire/UpdateAnswer')).toEqual([])
  })

  it('lets a mentor disable matching with the toggle', async () => {
    const max = await aPerson('Mentor', 'published')
    const { calls } = await setUp('Mentor', max)
    const toggle = await screen.findByRole('switch', { name: 'Matching enabled' })
    expect((toggle as HTMLInputElement).checked).toBe(true)
    await userEvent.click(toggle)
    await waitFor(() => expect(calls('POST /api/Questionnaire/UpdateUserStatus').map((r) => r.status)).toEqual([200]))
    expect(calls('POST /api/Questionnaire/UpdateUserStatus')[0]?.body).toEqual({
      email: max.email,
      roleName: 'Mentor',
      disableMatching: true,
    })
  })

  it('refuses to enable matching for an incomplete profile', async () => {
    const { calls } = await setUp('Mentor', await aPerson('Mentor', 'paused'))
    await userEvent.clear(await mentorYear())
    await userEvent.click(await screen.findByRole('switch', { name: 'Matching paused' }))
    expect(await screen.findByText(/Your profile data is incomplete/)).toBeTruthy()
    expect(calls('POST /api/Questionnaire/UpdateUserStatus')).toEqual([])
  })

  it('shows the server refusal InCompleteProfile of the toggle', async () => {
    // the server finds the profile incomplete where the page does not (another tab changed it): a
    // refusal planted in the fault layer
    api.faults.refuseNext('POST /api/Questionnaire/UpdateUserStatus', 400, 'ProfileIncomplete')
    await setUp('Mentor', await aPerson('Mentor', 'paused'))
    await userEvent.click(await screen.findByRole('switch', { name: 'Matching paused' }))
    expect(await screen.findByText(/Your profile data is incomplete/)).toBeTruthy()
  })
})
