// Every participant state of issue 42's budgets, walked through once on one server (docs/web.md,
// "Budgets per state"): a mentee from new to ended, and mentors with one place, with three, and
// paused. Each state is reached the way people reach it (the browser for registering, filling the
// questionnaire and accepting; the person's own API calls, with the token the app keeps, for the
// rest); "matching running" is written into the store, since a real run is over in a blink. At each
// state `visit` is handed the person's page, which it may reload as it likes.
import { DAY } from '@tandem/core'
import { manualClock } from '@tandem/server'
import type { Page } from 'playwright-core'
import type { Stack } from './harness.js'
import { publishedMentor } from './journeys.js'
import { aPerson, fillQuestionnaire, register, type Person } from './people.js'

export const PARTICIPANT_STATES = [
  'mentee: new',
  'mentee: profile saved',
  'mentee: matching running',
  'mentee: no match and waiting',
  'mentor: published, 1 place',
  'mentee: proposals',
  'mentor: 3 places, 1 reserved',
  'mentee: accepted and waiting',
  'mentor: 1 place, waiting for the answer',
  'mentor: paused',
  'mentee: matched with check-ins',
  'mentee: pulse open',
  'mentee: ended',
] as const
export type ParticipantState = (typeof PARTICIPANT_STATES)[number]

/** A call of the signed-in person's own API, with the access token the app keeps in session storage. */
export const callAs = async <T = unknown>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> =>
  page.evaluate(
    async ([m, p, b]) => {
      const storage = (globalThis as unknown as { sessionStorage: { getItem: (k: string) => string | null } & Record<string, unknown> })
        .sessionStorage
      const key = Object.keys(storage).find((k) => k.startsWith('oidc.user:'))
      const token = key === undefined ? '' : (JSON.parse(storage.getItem(key) ?? '{}') as { access_token?: string }).access_token
      const reply = await fetch(p, {
        method: m,
        headers: { Authorization: `Bearer ${token ?? ''}`, 'Content-Type': 'application/json' },
        ...(b === undefined ? {} : { body: JSON.stringify(b) }),
      })
      return { status: reply.status, body: (await reply.json()) as never }
    },
    [method, path, body] as const,
  )

const ok = async (reply: Promise<{ status: number; body: unknown }>, what: string) => {
  const { status, body } = await reply
  if (status !== 200) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`)
}

type Proposal = { readonly matchingTandemId: number; readonly firstName: string }

export const walkThroughStates = async (
  stack: Stack,
  visit: (state: ParticipantState, page: Page, person: Person) => Promise<void>,
): Promise<void> => {
  const { page: mona } = await stack.newPerson()
  const monaPerson = aPerson('Mona')
  await register(mona, stack.baseUrl, monaPerson, 'mentee')
  await visit('mentee: new', mona, monaPerson)

  await mona.goto(`${stack.baseUrl}/user/mentee-profile`)
  await fillQuestionnaire(mona, { country: 'Germany', year: '2018', text: 'Finding my way into leadership.' })
  const saved = mona.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/Questionnaire\//.test(r.url()) && r.status() === 200)
  await mona.getByRole('button', { name: 'Save', exact: true }).click()
  await saved
  await visit('mentee: profile saved', mona, monaPerson)

  const users = stack.server.db.kysely
  const before = await users.selectFrom('users').select('mentee_status').where('email', '=', monaPerson.email).executeTakeFirstOrThrow()
  await users.updateTable('users').set({ mentee_status: 'PENDING' }).where('email', '=', monaPerson.email).execute()
  await visit('mentee: matching running', mona, monaPerson)
  await users.updateTable('users').set({ mentee_status: before.mentee_status }).where('email', '=', monaPerson.email).execute()

  await ok(
    callAs(mona, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: monaPerson.email }),
    'start matching, nobody there',
  )
  await visit('mentee: no match and waiting', mona, monaPerson)

  const marta = await publishedMentor(stack, 'Marta')
  await visit('mentor: published, 1 place', marta.page, marta.person)
  const max = await publishedMentor(stack, 'Max')
  await ok(callAs(max.page, 'POST', '/api/Questionnaire/UpdateMentorCapacity', { email: max.person.email, capacity: 3 }), 'three places')

  await ok(callAs(mona, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: monaPerson.email }), 'start matching')
  await visit('mentee: proposals', mona, monaPerson)
  await visit('mentor: 3 places, 1 reserved', max.page, max.person)

  await mona.goto(`${stack.baseUrl}/matching`)
  const card = mona.getByRole('group', { name: `Proposal: ${marta.person.firstName} ${marta.person.lastName}` })
  await card.getByRole('button', { name: 'Accept' }).click()
  await mona.getByRole('dialog').getByRole('button', { name: 'Accept' }).click()
  await card.getByText('Accepted – waiting for the answer').waitFor()
  await visit('mentee: accepted and waiting', mona, monaPerson)
  await visit('mentor: 1 place, waiting for the answer', marta.page, marta.person)

  await marta.page.goto(`${stack.baseUrl}/matching`)
  const mentorCard = marta.page.getByRole('group', { name: `Proposal: ${monaPerson.firstName} ${monaPerson.lastName}` })
  await mentorCard.getByRole('button', { name: 'Accept' }).click()
  await marta.page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click()
  await mentorCard.getByText('Matched').waitFor()
  await ok(
    callAs(max.page, 'POST', '/api/Questionnaire/UpdateUserStatus', { email: max.person.email, roleName: 'Mentor', disableMatching: true }),
    'pause',
  )
  await visit('mentor: paused', max.page, max.person)

  // day 15: "have you met yet?" waits on the dashboard, beside the check-in timeline
  await stack.restart({ clock: manualClock(Date.now() + 15 * DAY) })
  await stack.server.sweepCheckIns()
  await visit('mentee: matched with check-ins', mona, monaPerson)

  const proposals = await callAs<{ value: { menteeProposal: readonly Proposal[] } }>(mona, 'POST', '/api/MatchingTandem/GetProposals', {
    email: monaPerson.email,
  })
  const team = proposals.body.value.menteeProposal.find((p) => p.firstName === marta.person.firstName)
  if (team === undefined) throw new Error(`no team with Marta: ${JSON.stringify(proposals.body)}`)
  await ok(
    callAs(mona, 'POST', '/api/Mentorship/AnswerCheckIn', {
      email: monaPerson.email,
      matchingTandemId: team.matchingTandemId,
      occasion: { kind: 'Met' },
      answer: { kind: 'Met', met: 'Yes' },
    }),
    'met',
  )
  // day 31: "have you met yet?" answered, the first pulse waits (a score and a note, the survey's form)
  await stack.restart({ clock: manualClock(Date.now() + 31 * DAY) })
  await stack.server.sweepCheckIns()
  await visit('mentee: pulse open', mona, monaPerson)
  await ok(
    callAs(mona, 'POST', '/api/MatchingTandem/EndMatchingTandem', {
      email: monaPerson.email,
      matchingTandemId: team.matchingTandemId,
      reasonId: 'not-a-good-fit',
      otherText: null,
      doNotPairAgain: false,
      pauseMatching: false,
    }),
    'end',
  )
  await visit('mentee: ended', mona, monaPerson)
}

/** A page besides the dashboard whose content depends on the state: its address for this person. */
export type StatePage = { readonly name: string; readonly path: (stack: Stack, person: Person) => Promise<string> }

const pageAt = (name: string, path: string): StatePage => ({ name, path: () => Promise.resolve(path) })

/** The check-in page of the newest question mailed to the person (its link needs no sign-in). */
const checkInLink = (name: string, type: 'CHECK_IN_MET' | 'CHECK_IN_CLOSING'): StatePage => ({
  name,
  path: async (stack, person) => {
    const mails = (await stack.server.ctx.outbox.all()).filter((m) => m.recipient.email === person.email && m.type === type)
    const link = (mails.at(-1)?.data as { readonly link?: string } | null | undefined)?.link
    if (link === undefined) throw new Error(`no ${type} mail to ${person.email}`)
    const url = new URL(link)
    return `${url.pathname}${url.search}`
  },
})

/**
 * The participant pages measured beside the dashboard, in the states that change what they show
 * (docs/web.md, "Budgets per state"): the questionnaire empty and filled in, the account page with
 * a proposal and of a paused mentor, and the check-in page of the open question and of the closing
 * survey.
 */
export const PAGES_IN_STATE: Readonly<Partial<Record<ParticipantState, readonly StatePage[]>>> = {
  'mentee: new': [pageAt('questionnaire', '/user/mentee-profile')],
  'mentee: proposals': [pageAt('questionnaire', '/user/mentee-profile'), pageAt('account', '/user/account')],
  'mentor: paused': [pageAt('account', '/user/account')],
  'mentee: matched with check-ins': [checkInLink('check-in page', 'CHECK_IN_MET')],
  'mentee: ended': [checkInLink('check-in page', 'CHECK_IN_CLOSING')],
}
