// The whole journey with the keyboard alone (WCAG 2.1.1): a mentor and a mentee sign up at the
// provider and fill their questionnaires, the mentee accepts the proposal, the mentor accepts it,
// and an administrator opens the new team on the matching-teams page and releases it (Escape on
// the confirmation first: the focus returns to Release, and axe finds nothing on the page). Every step
// in the browser is Tab, Space, Enter or typing into the focused field; nothing clicks or moves
// the focus by script. Set-up outside the journey: the administrator's confirmation link is
// opened like a mailed link, and the app signs in afresh for a token carrying the confirmed
// address (as support/admin.ts does).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { axeViolations } from './support/axe.js'
import { startStack, type Stack } from './support/harness.js'
import { confirmationLink } from './support/mail.js'
import { aPerson, type Person } from './support/people.js'
import { fillQuestionnaireByKeyboard, isFocused, signUpByKeyboard, tabTo } from './support/keyboard.js'

const adminPerson: Person = { ...aPerson('Abby'), email: `abby.${Date.now()}@admin.example.org` }

let stack: Stack
beforeAll(async () => {
  stack = await startStack({ ADMIN_EMAILS: adminPerson.email })
})
afterAll(async () => {
  await stack?.close()
})

/** Opens the accept dialog of the first proposal, Tabs to its Accept button and presses Enter. */
const acceptByKeyboard = async (page: Page): Promise<void> => {
  const accept = page.getByRole('button', { name: 'Accept' }).first()
  await accept.waitFor()
  await tabTo(page, accept)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  await dialog.waitFor()
  await tabTo(page, dialog.getByRole('button', { name: 'Accept' }))
  await page.keyboard.press('Enter')
  await dialog.waitFor({ state: 'detached' })
}

/** Tabs to the confirmation's Confirm button (the dialog keeps the focus inside) and presses Enter. */
const confirmByKeyboard = async (page: Page, containing: string): Promise<void> => {
  const dialog = page.getByRole('alertdialog').filter({ hasText: containing })
  await dialog.waitFor()
  const confirm = dialog.getByRole('button', { name: 'Confirm' })
  if (!(await isFocused(confirm))) await tabTo(page, confirm)
  await page.keyboard.press('Enter')
  await dialog.waitFor({ state: 'detached' })
}

describe('the journey with the keyboard alone', () => {
  const mentor = aPerson('Kora')
  const mentee = aPerson('Kian')
  let mentorPage: Page
  let menteePage: Page

  it('lets a mentor sign up and publish the questionnaire', async () => {
    mentorPage = (await stack.newPerson()).page
    await signUpByKeyboard(mentorPage, stack.baseUrl, mentor, 'mentor')
    await mentorPage.getByRole('heading', { level: 1, name: 'Matching' }).waitFor()
    await mentorPage.goto(`${stack.baseUrl}/user/mentor-profile`)
    await fillQuestionnaireByKeyboard(
      mentorPage,
      { country: 'Germany', year: '2000', text: 'Twenty years of leading teams.' },
      'Save and publish',
    )
    await mentorPage.getByText('Your mentor profile was saved and published.').waitFor()
  })

  it('lets a mentee sign up, fill the questionnaire and start matching', async () => {
    menteePage = (await stack.newPerson()).page
    await signUpByKeyboard(menteePage, stack.baseUrl, mentee, 'mentee')
    await menteePage.getByRole('heading', { level: 1, name: 'Matching' }).waitFor()
    await menteePage.goto(`${stack.baseUrl}/user/mentee-profile`)
    await fillQuestionnaireByKeyboard(
      menteePage,
      { country: 'Germany', year: '2018', text: 'Finding my way into leadership.' },
      'Start matching',
    )
    await menteePage.waitForURL(/\/matching$/)
  })

  it('lets the mentee accept and then the mentor accept', async () => {
    await acceptByKeyboard(menteePage)
    await menteePage.getByText('Accepted – waiting for the answer').waitFor()

    await mentorPage.goto(`${stack.baseUrl}/matching`)
    await acceptByKeyboard(mentorPage)
    await mentorPage.getByText('Matched').first().waitFor()
  })

  it('lets an administrator open the team and release it', async () => {
    const page = (await stack.newPerson()).page
    await signUpByKeyboard(page, stack.baseUrl, adminPerson, 'mentee')
    await page.goto(await confirmationLink(stack.dataDir, adminPerson.email))
    await page.getByText('Thank you: your e-mail address is confirmed.').waitFor()
    await page.evaluate(() => window.sessionStorage.clear())
    await page.goto(`${stack.baseUrl}/administrator/matching-tandems`)

    const row = page.getByRole('table', { name: 'Matching teams' }).getByRole('row').filter({ hasText: mentee.lastName })
    await row.waitFor()
    // freshly loaded, the focus on no control: nothing hidden from assistive technology is focusable
    expect(await axeViolations(page)).toEqual([])
    await tabTo(page, row)
    await page.keyboard.press('Enter')
    expect(await row.getAttribute('aria-selected')).toBe('true')

    const release = page.getByRole('button', { name: 'release matching tandem' })
    await release.waitFor()
    await tabTo(page, release)
    // Escape closes the confirmation and gives the focus back to Release; nothing hidden from
    // assistive technology takes the focus, with the dialog open or after it (axe aria-hidden-focus)
    await page.keyboard.press('Enter')
    const first = page.getByRole('alertdialog').filter({ hasText: 'Do you want to release this matching team?' })
    await first.waitFor()
    expect(await axeViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await first.waitFor({ state: 'detached' })
    await expect.poll(() => isFocused(release)).toBe(true)
    expect(await axeViolations(page)).toEqual([])
    await page.keyboard.press('Enter')
    await confirmByKeyboard(page, 'Do you want to release this matching team?')
    await confirmByKeyboard(page, 'Releasing cannot be undone')
    await page.getByTestId('admin-message').filter({ hasText: 'The changes to the matching team were saved.' }).waitFor()
    await page.getByText('CLOSED', { exact: true }).first().waitFor()
    const tandem = (await stack.server.ctx.users.byEmail(mentee.email))?.participant.mentee?.status
    expect(tandem).toBe('AVAILABLE')
  })
})
