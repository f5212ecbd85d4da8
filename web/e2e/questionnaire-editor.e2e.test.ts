// The program edits its questionnaire in real Chromium against the built app and the real server
// (docs/admin.md "Questionnaire versions"): an administrator renames a question, adds an option,
// reads the impact preview and publishes, in English; a mentee signing up in German is then asked
// the new option in German.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { expectAccessible, signInConfirmedAdmin } from './support/admin.js'
import { startStack, type Stack } from './support/harness.js'
import { aPerson, register, type Person } from './support/people.js'

const adminPerson: Person = { ...aPerson('Quinn'), email: `quinn.${Date.now()}@admin.example.org` }

let stack: Stack
let page: Page
beforeAll(async () => {
  stack = await startStack({ ADMIN_EMAILS: adminPerson.email })
  page = (await stack.newPerson()).page
  await signInConfirmedAdmin(stack, page, adminPerson)
})
afterAll(async () => {
  await stack?.close()
})

const message = (text: string | RegExp) => page.getByTestId('admin-message').filter({ hasText: text })

describe('the program edits its questionnaire', () => {
  it('an administrator renames a question, adds an option, previews the impact and publishes the next version', async () => {
    await page.goto(`${stack.baseUrl}/administrator/questionnaire`)
    await page.getByRole('heading', { name: 'Questionnaire', exact: true }).waitFor()
    await expectAccessible(page)
    // the first question (the languages) is open
    await page.getByLabel("Mentee's question (English)").fill('Which languages would you like to mentor in?')
    const options = page.getByRole('group', { name: 'Options' })
    const before = await options.getByLabel(/^Option \d+ \(English\)$/).count()
    await page.getByRole('button', { name: 'Add option' }).click()
    await options
      .getByLabel(/^Option \d+ \(English\)$/)
      .nth(before)
      .fill('Low German')
    await options
      .getByLabel(/^Option \d+ \(German\)$/)
      .nth(before)
      .fill('Plattdeutsch')
    await page.getByRole('button', { name: 'Save draft' }).click()
    await message('The draft was saved.').waitFor()
    await page.getByRole('button', { name: 'Check' }).click()
    await page.getByRole('heading', { name: 'The check found no problems.' }).waitFor()
    // the impact preview before publishing: computed by the server, read as a table of now and draft
    await page.getByRole('button', { name: 'Preview impact' }).click()
    const preview = page.getByRole('table', { name: 'Impact preview' })
    await preview.waitFor()
    expect(await preview.getByRole('columnheader').allTextContents()).toEqual(['Figure', 'Now', 'With the draft'])
    await page.getByText(/^Preview of draft revision \d+ on \d+ mentees and \d+ mentors\.$/).waitFor()
    // a new option nobody chose yet moves nobody's first proposal
    await page.getByText("No question changed anyone's first proposal.").waitFor()
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Publish' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click()
    await message('Version 2 was published.').waitFor()
    await page.getByRole('table', { name: 'Published versions' }).getByRole('cell', { name: '2', exact: true }).waitFor()
    // read afresh from the server: the draft after publishing starts from version 2
    await page.reload()
    expect(await page.getByLabel("Mentee's question (English)").inputValue()).toBe('Which languages would you like to mentor in?')
    expect(
      await page
        .getByLabel(/^Option \d+ \(German\)$/)
        .last()
        .inputValue(),
    ).toBe('Plattdeutsch')
  })

  it('a mentee signing up in German is asked the new option in German', async () => {
    const mentee = (await stack.newPerson('de-DE')).page
    await register(mentee, stack.baseUrl, aPerson('Wiebke'), 'mentee', 'de')
    await mentee.getByRole('button', { name: 'Mentee-Profil erstellen' }).click()
    await mentee.getByRole('heading', { name: 'Fragebogen für Mentees' }).waitFor()
    await mentee.locator('form[aria-busy="false"]').waitFor()
    const languages = mentee.getByRole('group', { name: /In welchen Sprachen möchten Sie das Mentoring führen\?/ })
    await languages.getByRole('checkbox', { name: 'Plattdeutsch' }).waitFor()
    expect(await languages.getByRole('checkbox', { name: 'Low German' }).count()).toBe(0)
  })
})
