import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { QuestionnaireQuestion, Side, StatusName, UserView } from '@tandem/core'
import QuestionnairePage from '../src/features/questionnaire/QuestionnairePage.js'
import { renderWithProviders, aSignedInUser } from './utils/renderWithProviders.js'
import { fail, ok, startApiServer, type ApiServer, type Reply } from './utils/apiServer.js'
import { aProfileResponse, aStatus, aUser, questions } from './utils/builders.js'

let server: ApiServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const setUp = async (
  side: Side,
  opts: {
    user?: UserView
    status?: StatusName
    published?: boolean
    qs?: QuestionnaireQuestion[]
    overrides?: Record<string, () => Reply>
  } = {},
) => {
  const status = opts.status ?? 'NEW'
  const user = opts.user ?? aUser('mia@example.org', [side], [aStatus(side, status)])
  server = await startApiServer({
    'GET /api/Account/GetUserDetails': () => ok(user),
    'GET /api/User/GetUserProfile': () => ok(aProfileResponse(user)),
    'GET /api/Questionnaire/GetQuestionAnswerPairs': () =>
      ok({ questionAnswerModel: opts.qs ?? questions(), isProfilePublished: opts.published ?? false, statusByRole: status }),
    'POST /api/user/UpdateProfile': () => ok(true),
    'POST /api/Questionnaire/CreateAnswer': () => ok(true),
    'POST /api/Questionnaire/UpdateAnswer': () => ok(true),
    'POST /api/Questionnaire/UpdateUserStatus': () => ok(true),
    'POST /api/MatchingTandem/CreateMatchingTandem': () => ok(true),
    ...opts.overrides,
  })
  return renderWithProviders(<QuestionnairePage side={side} />, {
    route: `/user/${side.toLowerCase()}-profile`,
    apiBaseUrl: server.url,
    user: aSignedInUser(user.email),
  })
}

const answered = () =>
  questions({
    1: [{ originalQuestionId: 101, originalPossibleAnswerId: 11, directFieldAnswer: null }],
    2: [{ originalQuestionId: 102, originalPossibleAnswerId: 21, directFieldAnswer: null }],
    3: [{ originalQuestionId: 103, originalPossibleAnswerId: null, directFieldAnswer: '2015' }],
    4: [{ originalQuestionId: 104, originalPossibleAnswerId: null, directFieldAnswer: 'Honest feedback' }],
  })

describe('questionnaire validation (docs/product.md#questionnaire-answers)', () => {
  it('refuses free text over 200 characters as the user types', async () => {
    await setUp('Mentor')
    const text = await screen.findByRole('textbox', { name: /What matters to you in working together/ })
    await userEvent.click(text)
    await userEvent.paste('y'.repeat(201))
    expect(await screen.findByText('Please check your text again. Only 200 characters (including spaces) are allowed.')).toBeTruthy()
  })

  it('refuses more options than the question allows', async () => {
    await setUp('Mentee')
    const group = await screen.findByRole('group', { name: /Which industries/ })
    await userEvent.click(within(group).getByRole('checkbox', { name: 'IT' }))
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Health' }))
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Finance' }))
    expect(await screen.findByText('Please only select the maximum options as described.')).toBeTruthy()
    expect(within(group).getByText('Choose up to 2 options.')).toBeTruthy()
  })

  it('refuses the no-preference option combined with another', async () => {
    await setUp('Mentee')
    const group = await screen.findByRole('group', { name: /Which industries/ })
    await userEvent.click(within(group).getByRole('checkbox', { name: 'IT' }))
    await userEvent.click(within(group).getByRole('checkbox', { name: 'No preference' }))
    expect(await screen.findByText('This option cannot be combined with other options.')).toBeTruthy()
  })

  it('refuses a year that is not four digits or later than this year', async () => {
    await setUp('Mentee')
    const year = await screen.findByRole('textbox', { name: /Year you started working/ })
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
    await setUp('Mentee')
    await userEvent.click(await screen.findByRole('button', { name: 'Start matching' }))
    expect(await screen.findByText('Some fields of the questionnaire are not valid. Please check your answers.')).toBeTruthy()
    expect(screen.getAllByText('This information is required.').length).toBeGreaterThan(0)
    expect(server?.calls('POST /api/Questionnaire/CreateAnswer')).toEqual([])
    expect(server?.calls('POST /api/MatchingTandem/CreateMatchingTandem')).toEqual([])
  })

  it('shows the federal state only for Germany', async () => {
    await setUp('Mentee')
    expect(await screen.findByRole('combobox', { name: /Federal state/ })).toBeTruthy()
    await userEvent.click(screen.getByRole('combobox', { name: /Country/ }))
    await userEvent.click(await screen.findByRole('option', { name: 'Austria' }))
    await waitFor(() => expect(screen.queryByRole('combobox', { name: /Federal state/ })).toBeNull())
  })

  it('refuses to save a profile without a city', async () => {
    await setUp('Mentee')
    const city = await screen.findByRole('textbox', { name: /City/ })
    await userEvent.clear(city)
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(
      await screen.findByText('Please check your provided data. Information is wrong or missing to save your user profile.'),
    ).toBeTruthy()
    expect(server?.calls('POST /api/user/UpdateProfile')).toEqual([])
  })
})

describe('saving and the primary buttons', () => {
  it('saves partial answers with CreateAnswer the first time, not publishing', async () => {
    await setUp('Mentee')
    const group = await screen.findByRole('group', { name: /Which industries/ })
    await userEvent.click(within(group).getByRole('checkbox', { name: 'No preference' }))
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Your mentee questionnaire was saved.')).toBeTruthy()
    const body = server?.calls('POST /api/Questionnaire/CreateAnswer')[0]?.body as {
      isSavePublish: boolean
      roleName: string
      userSelectedAnswerSaveModel: unknown[]
    }
    expect(body.isSavePublish).toBe(false)
    expect(body.roleName).toBe('Mentee')
    // the no-preference choice sets the fits-all flag
    expect(body.userSelectedAnswerSaveModel).toContainEqual({
      OriginalQuestionId: 102,
      QuestionPairId: 2,
      DirectFieldAnswer: null,
      RuleName: 'MultipleMatchesFit',
      MaxOption: 2,
      PossibleAnswer: [{ originalPossibleAnswerId: 24, isSetOptionThatFitsAll: 1 }],
    })
  })

  it('starts matching for a complete mentee questionnaire', async () => {
    await setUp('Mentee', { qs: answered() })
    await userEvent.click(await screen.findByRole('button', { name: 'Start matching' }))
    await waitFor(() => expect(server?.calls('POST /api/MatchingTandem/CreateMatchingTandem').length).toBe(1))
    expect((server?.calls('POST /api/Questionnaire/UpdateAnswer')[0]?.body as { isSavePublish: boolean }).isSavePublish).toBe(true)
  })

  it('tells a mentor that publishing needs matching enabled when the server refuses it', async () => {
    await setUp('Mentor', { qs: answered(), overrides: { 'POST /api/Questionnaire/UpdateAnswer': () => fail(409, 'MatchingDisabled') } })
    await userEvent.click(await screen.findByRole('button', { name: 'Save and publish' }))
    expect(await screen.findByText('Your matching is disabled. Enable matching to publish your profile.')).toBeTruthy()
  })

  it('does not let a proposed mentee start matching', async () => {
    await setUp('Mentee', { qs: answered(), status: 'PROPOSED' })
    expect((await screen.findByRole('button', { name: 'Start matching' })).hasAttribute('disabled')).toBe(true)
  })

  it('saves and publishes a complete mentor questionnaire', async () => {
    await setUp('Mentor', { qs: answered() })
    await userEvent.click(await screen.findByRole('button', { name: 'Save and publish' }))
    expect(await screen.findByText('Your mentor profile was saved and published.')).toBeTruthy()
    expect((server?.calls('POST /api/Questionnaire/UpdateAnswer')[0]?.body as { isSavePublish: boolean }).isSavePublish).toBe(true)
  })

  it('refuses to save an incomplete published mentor profile while matching is enabled', async () => {
    await setUp('Mentor', { qs: questions(), status: 'AVAILABLE', published: true })
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }))
    expect(await screen.findByText(/only a complete profile can be saved/)).toBeTruthy()
    expect(server?.calls('POST /api/Questionnaire/UpdateAnswer')).toEqual([])
  })

  it('lets a mentor disable matching with the toggle', async () => {
    await setUp('Mentor', { qs: answered(), status: 'AVAILABLE', published: true })
    const toggle = await screen.findByRole('switch', { name: 'Matching enabled' })
    expect((toggle as HTMLInputElement).checked).toBe(true)
    await userEvent.click(toggle)
    await waitFor(() => expect(server?.calls('POST /api/Questionnaire/UpdateUserStatus').length).toBe(1))
    expect(server?.calls('POST /api/Questionnaire/UpdateUserStatus')[0]?.body).toEqual({
      email: 'mia@example.org',
      roleName: 'Mentor',
      disableMatching: true,
    })
  })

  it('refuses to enable matching for an incomplete profile', async () => {
    await setUp('Mentor', { qs: questions(), status: 'PAUSED', published: true })
    await userEvent.click(await screen.findByRole('switch', { name: 'Matching enabled' }))
    expect(await screen.findByText(/Your profile data is incomplete/)).toBeTruthy()
    expect(server?.calls('POST /api/Questionnaire/UpdateUserStatus')).toEqual([])
  })

  it('shows the server refusal InCompleteProfile of the toggle', async () => {
    await setUp('Mentor', {
      qs: answered(),
      status: 'PAUSED',
      published: true,
      overrides: { 'POST /api/Questionnaire/UpdateUserStatus': () => fail(400, 'ProfileIncomplete') },
    })
    await userEvent.click(await screen.findByRole('switch', { name: 'Matching enabled' }))
    expect(await screen.findByText(/Your profile data is incomplete/)).toBeTruthy()
  })
})
