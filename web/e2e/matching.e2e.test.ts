// The whole matching journey in real Chromium against the built app and the real server: a mentor
// registers, publishes and takes two mentees at once; a mentee registers, fills the questionnaire,
// starts matching, sees the proposal and countdown, accepts; the mentor accepts; both see the match
// and each other's e-mail; a second mentee still gets the mentor, and the mentor sees both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { startStack, type Stack } from './support/harness.js'
import { aPerson, fillQuestionnaire, register, type Person } from './support/people.js'
import { axeViolations } from './support/axe.js'
import { idByEmail } from '../../adapters/server/test/support/user-ids.support.js'

let stack: Stack
beforeAll(async () => {
  stack = await startStack()
})
afterAll(async () => {
  await stack?.close()
})

const proposalCard = (page: Page, person: Person) => page.getByRole('group', { name: `Proposal: ${person.firstName} ${person.lastName}` })

describe('mentor and mentee find each other', () => {
  const mentor = aPerson('Martha')
  const mentee = aPerson('Emil')
  let mentorPage: Page
  let menteePage: Page

  it('lets a mentor register, fill and publish the questionnaire', async () => {
    mentorPage = (await stack.newPerson()).page
    await register(mentorPage, stack.baseUrl, mentor, 'mentor')
    await mentorPage.getByRole('heading', { name: 'Create your mentor profile' }).waitFor()
    await mentorPage.getByRole('button', { name: 'Create mentor profile' }).click()
    await mentorPage.waitForURL(/\/user\/mentor-profile$/)
    await mentorPage.getByRole('heading', { name: 'Mentor questionnaire' }).waitFor()
    await fillQuestionnaire(mentorPage, { country: 'Germany', year: '2000', text: 'Twenty years of leading teams.' })
    await mentorPage.getByRole('button', { name: 'Save and publish' }).click()
    await expect(mentorPage.getByText('Your mentor profile was saved and published.').waitFor()).resolves.toBeUndefined()
    expect(await mentorPage.getByRole('switch', { name: 'Matching enabled' }).isChecked()).toBe(true)
    // Next to the toggle: how many mentees at once (docs/matching.md#places).
    await mentorPage.getByRole('combobox', { name: 'Mentees at once' }).click()
    await mentorPage.getByRole('option', { name: '2' }).click()
    await mentorPage.getByText('You now take up to 2 mentees at once.').waitFor()
    await mentorPage.getByText('0 of 2 places taken').waitFor()
  })

  it('lets a mentee register, fill the questionnaire and start matching, then see the proposal and countdown', async () => {
    menteePage = (await stack.newPerson()).page
    await register(menteePage, stack.baseUrl, mentee, 'mentee')
    await menteePage.getByRole('button', { name: 'Create mentee profile' }).click()
    await menteePage.getByRole('heading', { name: 'Mentee questionnaire' }).waitFor()
    await fillQuestionnaire(menteePage, { country: 'Germany', year: '2018', text: 'Finding my way into leadership.' })
    await menteePage.getByRole('button', { name: 'Start matching' }).click()
    await menteePage.waitForURL(/\/matching$/)
    const card = proposalCard(menteePage, mentor)
    await card.waitFor()
    expect(await card.getByText(/points \(\d+%\)/).textContent()).toMatch(/\d+ \/ \d+ points/)
    const timer = menteePage.getByRole('timer')
    expect(await timer.textContent()).toMatch(/4[78]:\d\d/)
    expect(await timer.textContent()).toContain('Choose your mentor until')
    expect(await card.textContent()).not.toContain(mentor.email)
  })

  it('has no serious accessibility violations on the proposals, the open profile and the dialogs', async () => {
    await menteePage.getByRole('button', { name: /Profile of/ }).click()
    const found = (await axeViolations(menteePage)).map((v) => `proposals: ${v}`)
    const card = proposalCard(menteePage, mentor)
    await card.getByRole('button', { name: 'Decline' }).click()
    await menteePage.getByRole('dialog').waitFor()
    // let the dialog's fade-in finish, or axe measures contrast against a half-transparent surface
    await menteePage.evaluate(async () => {
      const ending = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
      await Promise.all(ending.map((a) => a.finished))
    })
    found.push(...(await axeViolations(menteePage)).map((v) => `decline dialog: ${v}`))
    await menteePage.keyboard.press('Escape')
    await menteePage.getByRole('dialog').waitFor({ state: 'detached' })
    expect(found).toEqual([])
  })

  it('lets the mentee accept the mentor', async () => {
    const card = proposalCard(menteePage, mentor)
    await card.getByRole('button', { name: 'Accept' }).click()
    await menteePage.getByRole('dialog').getByRole('button', { name: 'Accept' }).click()
    await card.getByText('Accepted – waiting for the answer').waitFor()
  })

  it("lets the mentor accept, and both see the match and each other's e-mail", async () => {
    await mentorPage.goto(`${stack.baseUrl}/matching`)
    const card = proposalCard(mentorPage, mentee)
    await card.getByRole('button', { name: 'Accept' }).click()
    await mentorPage.getByRole('dialog').getByRole('button', { name: 'Accept' }).click()
    await card.getByText('Matched').waitFor()
    await card.getByText(`E-mail: ${mentee.email}`).waitFor()

    await menteePage.reload()
    const menteeCard = proposalCard(menteePage, mentor)
    await menteeCard.getByText('Matched').waitFor()
    await menteeCard.getByText(`E-mail: ${mentor.email}`).waitFor()
  })

  it('gives the mentor, who has a place left, a second mentee; the mentor sees both', async () => {
    const second = aPerson('Greta')
    const page = (await stack.newPerson()).page
    await register(page, stack.baseUrl, second, 'mentee')
    await page.getByRole('button', { name: 'Create mentee profile' }).click()
    await page.getByRole('heading', { name: 'Mentee questionnaire' }).waitFor()
    await fillQuestionnaire(page, { country: 'Germany', year: '2019', text: 'Learning to lead a team.' })
    await page.getByRole('button', { name: 'Start matching' }).click()
    await page.waitForURL(/\/matching$/)
    const card = proposalCard(page, mentor)
    await card.getByRole('button', { name: 'Accept' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click()
    await card.getByText('Accepted – waiting for the answer').waitFor()

    await mentorPage.goto(`${stack.baseUrl}/matching`)
    const secondCard = proposalCard(mentorPage, second)
    await secondCard.getByRole('button', { name: 'Accept' }).click()
    await mentorPage.getByRole('dialog').getByRole('button', { name: 'Accept' }).click()
    await secondCard.getByText(`E-mail: ${second.email}`).waitFor()
    await proposalCard(mentorPage, mentee).getByText(`E-mail: ${mentee.email}`).waitFor()
    await mentorPage.goto(`${stack.baseUrl}/user/mentor-profile`)
    await mentorPage.getByText('2 of 2 places taken').waitFor()
  })
})

describe('a matched team ends', () => {
  it('lets the mentor end the mentorship with a reason, asking for a text for "other" and pausing their matching', async () => {
    const mentee = aPerson('Ella')
    const mentor = aPerson('Moritz')
    const mentorPage = (await stack.newPerson()).page
    await register(mentorPage, stack.baseUrl, mentor, 'mentor')
    await mentorPage.getByRole('button', { name: 'Create mentor profile' }).click()
    await mentorPage.getByRole('heading', { name: 'Mentor questionnaire' }).waitFor()
    await fillQuestionnaire(mentorPage, { country: 'Germany', year: '2000', text: 'Teaching and coaching for years.' })
    await mentorPage.getByRole('button', { name: 'Save and publish' }).click()
    await mentorPage.getByText('Your mentor profile was saved and published.').waitFor()
    const menteePage = (await stack.newPerson()).page
    await register(menteePage, stack.baseUrl, mentee, 'mentee')
    await menteePage.getByRole('button', { name: 'Create mentee profile' }).click()
    await menteePage.getByRole('heading', { name: 'Mentee questionnaire' }).waitFor()
    await fillQuestionnaire(menteePage, { country: 'Germany', year: '2018', text: 'Learning to lead a team.' })
    await menteePage.getByRole('button', { name: 'Start matching' }).click()
    await menteePage.waitForURL(/\/matching$/)
    // Earlier journeys' mentors may be proposed too: choose this one.
    const choice = proposalCard(menteePage, mentor)
    await choice.getByRole('button', { name: 'Accept' }).click()
    await menteePage.getByRole('dialog').getByRole('button', { name: 'Accept' }).click()
    await choice.getByText('Accepted – waiting for the answer').waitFor()
    await mentorPage.goto(`${stack.baseUrl}/matching`)
    const card = proposalCard(mentorPage, mentee)
    await card.getByRole('button', { name: 'Accept' }).click()
    await mentorPage.getByRole('dialog').getByRole('button', { name: 'Accept' }).click()
    await card.getByText('Matched').waitFor()

    await card.getByRole('button', { name: 'End mentorship' }).click()
    const dialog = mentorPage.getByRole('dialog', { name: `End your mentorship with ${mentee.firstName} ${mentee.lastName}` })
    await dialog.waitFor()
    await dialog.getByRole('button', { name: 'End mentorship' }).click()
    await dialog.getByText('Please choose a reason.').waitFor()
    await dialog.getByRole('radio', { name: 'Other reason' }).check()
    await dialog.getByRole('button', { name: 'End mentorship' }).click()
    await dialog.getByText('This information is required.').waitFor()
    await dialog.getByRole('textbox', { name: /Please describe the reason/ }).fill('I am moving abroad for a year.')
    await dialog.getByRole('checkbox', { name: /Pause my matching/ }).check()
    await dialog.getByRole('button', { name: 'End mentorship' }).click()
    await mentorPage.getByText('Your mentorship has ended. Thank you for the time you gave it.').waitFor()
    await mentorPage.getByRole('heading', { name: 'Profile paused' }).waitFor()
    expect(await card.count()).toBe(0)

    // The mentee is told by mail and may start matching again at once.
    const menteeId = await idByEmail(stack.server.ctx, mentee.email)
    expect((await stack.server.ctx.outbox.historyOf(menteeId)).map((m) => m.type)).toContain('TANDEM_ENDED')
    await menteePage.reload()
    await menteePage.getByRole('button', { name: 'Start matching' }).waitFor()
    expect(await proposalCard(menteePage, mentor).count()).toBe(0)
  })
})
