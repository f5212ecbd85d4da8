// Browser checks of the reviewer's web-app defects that need the real server: a fresh mentor saves
// the account page before any profile data exists, the footer shows the configured social links,
// a mentee's "no match found" panel survives a reload, and the waitlist then proposes a mentor who
// publishes later without a click.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { startStack, type Stack } from './support/harness.js'
import { publishedMentor } from './support/journeys.js'
import { aPerson, fillQuestionnaire, register, type Person } from './support/people.js'

let stack: Stack
let page: Page
let fred: Person
beforeAll(async () => {
  stack = await startStack({ ORG_SOCIAL: 'Mastodon=https://social.example/@tandem,LinkedIn=https://linkedin.example/company/tandem' })
  page = (await stack.newPerson()).page
  fred = aPerson('Fred')
  await register(page, stack.baseUrl, fred, 'mentor')
})
afterAll(async () => {
  await stack?.close()
})

describe('review fixes in the browser', () => {
  it('a fresh mentor (no country or city yet) changes the language on the account page, sees the success message, and the language is stored', async () => {
    await page.goto(`${stack.baseUrl}/user/account`)
    await page.getByRole('heading', { name: 'User account' }).waitFor()
    await page.getByRole('combobox', { name: /Preferred account language/ }).click()
    await page.getByRole('option', { name: 'German' }).click()
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    // saving switches the interface to the new language, so the confirmation comes in German
    await page.getByText(/Your user account was successfully updated\.|Ihr Benutzerkonto wurde erfolgreich aktualisiert/).waitFor()
    // what the server stored, read from the server itself
    expect((await stack.server.ctx.users.byEmail(fred.email))?.language).toBe('de')
  })

  it('the footer shows the social links configured with ORG_SOCIAL', async () => {
    await page.goto(`${stack.baseUrl}/matching`)
    const footer = page.locator('footer')
    const mastodon = footer.getByRole('link', { name: 'Mastodon' })
    await mastodon.waitFor()
    expect(await mastodon.getAttribute('href')).toBe('https://social.example/@tandem')
    expect(await footer.getByRole('link', { name: 'LinkedIn' }).getAttribute('href')).toBe('https://linkedin.example/company/tandem')
  })

  it('a malformed ORG_SOCIAL pair stops the start with a message naming the variable', async () => {
    await expect(startStack({ ORG_SOCIAL: 'Mastodon' })).rejects.toThrow(/ORG_SOCIAL/)
    await expect(startStack({ ORG_SOCIAL: 'Mastodon=javascript:alert(1)' })).rejects.toThrow(/ORG_SOCIAL/)
  })

  it('a mentee whose run found no mentor (none published) still sees the no-match panel after a reload', async () => {
    const mentee = (await stack.newPerson()).page
    await register(mentee, stack.baseUrl, aPerson('Nina'), 'mentee')
    await mentee.getByRole('button', { name: 'Create mentee profile' }).click()
    await mentee.getByRole('heading', { name: 'Mentee questionnaire' }).waitFor()
    await fillQuestionnaire(mentee, { country: 'Germany', year: '2018', text: 'Looking for a mentor.' })
    await mentee.getByRole('button', { name: 'Start matching' }).click()
    await mentee.waitForURL(/\/matching$/)
    const panel = mentee.getByRole('heading', { name: 'No suitable mentor found' })
    await panel.waitFor()
    await mentee.reload()
    await panel.waitFor()
    // The panel offers to start again beside Adjust profile (docs/web.md).
    expect(await mentee.getByRole('button', { name: 'Start matching' }).count()).toBe(1)

    // On the waitlist by default (docs/matching.md#waitlist): when a mentor publishes, the waitlist's
    // round (the scheduler's task `waitlist`, run here as main.ts runs it) proposes without a click.
    expect(await mentee.getByRole('switch', { name: 'Tell me when a mentor is found' }).isChecked()).toBe(true)
    await mentee.getByRole('button', { name: 'Deutsch' }).click()
    await mentee.getByRole('switch', { name: 'Benachrichtigen Sie mich, wenn ein*e Mentor*in gefunden ist' }).waitFor()
    const { person: marta } = await publishedMentor(stack, 'Marta')
    expect((await stack.server.serveWaitlist()).proposed).toHaveLength(1)
    await mentee.reload()
    await mentee.getByRole('group', { name: `Vorschlag: ${marta.firstName} ${marta.lastName}` }).waitFor()
    expect(await mentee.getByRole('heading', { name: 'No suitable mentor found' }).count()).toBe(0)
  })
})
