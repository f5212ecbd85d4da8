// The decisions with the keyboard alone: the mentee opens the accept dialog, Escape closes it and
// the focus is back on the Accept button (not on the page body); the mentee accepts, then the
// mentor accepts, each by Tab and Enter. The situation is set up by the shared journeys; the
// decisions themselves use only page.keyboard.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { startStack, type Stack } from './support/harness.js'
import { menteeWithProposal, publishedMentor } from './support/journeys.js'

let stack: Stack
beforeAll(async () => {
  stack = await startStack()
})
afterAll(async () => {
  await stack?.close()
})

const isFocused = (control: Locator): Promise<boolean> => control.evaluate((el) => el === document.activeElement)

/** Moves the focus with Tab alone until it lands on the control; fails if it never does. */
const tabTo = async (page: Page, control: Locator): Promise<void> => {
  for (let i = 0; i < 200; i++) {
    await page.keyboard.press('Tab')
    if (await isFocused(control)) return
  }
  throw new Error('the control is not reachable with the Tab key')
}

describe('deciding with the keyboard', () => {
  let mentorPage: Page
  let menteePage: Page

  it('returns the focus to the Accept button when Escape closes the accept dialog', async () => {
    mentorPage = (await publishedMentor(stack, 'Kirsten')).page
    menteePage = (await menteeWithProposal(stack, 'Kai')).page
    await menteePage.reload()
    const accept = menteePage.getByRole('button', { name: 'Accept' }).first()
    await tabTo(menteePage, accept)
    await menteePage.keyboard.press('Enter')
    const dialog = menteePage.getByRole('dialog')
    await dialog.waitFor()
    await menteePage.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => isFocused(accept)).toBe(true)
  })

  it('lets the mentee accept and then the mentor accept, with Tab and Enter only', async () => {
    const accept = menteePage.getByRole('button', { name: 'Accept' }).first()
    await menteePage.keyboard.press('Enter')
    const dialog = menteePage.getByRole('dialog')
    await dialog.waitFor()
    await tabTo(menteePage, dialog.getByRole('button', { name: 'Accept' }))
    await menteePage.keyboard.press('Enter')
    await dialog.waitFor({ state: 'detached' })
    await menteePage.getByText('Accepted – waiting for the answer').waitFor()
    expect(await accept.count()).toBe(0)

    await mentorPage.goto(`${stack.baseUrl}/matching`)
    const mentorAccept = mentorPage.getByRole('button', { name: 'Accept' }).first()
    await mentorAccept.waitFor()
    await tabTo(mentorPage, mentorAccept)
    await mentorPage.keyboard.press('Enter')
    const mentorDialog = mentorPage.getByRole('dialog')
    await mentorDialog.waitFor()
    await tabTo(mentorPage, mentorDialog.getByRole('button', { name: 'Accept' }))
    await mentorPage.keyboard.press('Enter')
    await mentorDialog.waitFor({ state: 'detached' })
    await mentorPage.getByText('Matched').first().waitFor()
  })
})
