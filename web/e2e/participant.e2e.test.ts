// More journeys in real Chromium: the German interface end to end, a decline with its reason,
// validation messages on bad input, the 404 page, and no serious accessibility violations on any
// participant page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { startStack, type Stack } from './support/harness.js'
import { aPerson, fillQuestionnaire, register } from './support/people.js'
import { axeViolations } from './support/axe.js'

let stack: Stack
beforeAll(async () => {
  stack = await startStack()
})
afterAll(async () => {
  await stack?.close()
})

describe('German interface end to end', () => {
  it('registers, fills and publishes a mentor profile in German', async () => {
    const { page } = await stack.newPerson('de-DE')
    const mentor = aPerson('Greta')
    await register(page, stack.baseUrl, mentor, 'mentor', 'de')
    await page.getByRole('heading', { name: 'Erstellen Sie Ihr Mentor*in-Profil' }).waitFor()
    expect(await page.locator('html').getAttribute('lang')).toBe('de')
    await page.getByRole('button', { name: 'Mentor*in-Profil erstellen' }).click()
    await page.getByRole('heading', { name: 'Fragebogen für Mentor*innen' }).waitFor()
    await fillQuestionnaire(page, { country: 'Deutschland', year: '1998', text: 'Ich begleite gern Menschen.' })
    await page.getByRole('button', { name: 'Speichern und veröffentlichen' }).click()
    await page.getByText('Ihr Mentor*in-Profil wurde gespeichert und veröffentlicht.').waitFor()
    await page.getByRole('button', { name: 'Hallo, Greta!' }).click()
    await page.getByRole('button', { name: 'Benutzerprofil' }).click()
    await page.getByRole('heading', { name: 'Benutzerkonto' }).waitFor()
    expect(await page.getByLabel('Kontodaten').textContent()).toContain('17.05.1990')
  })

  it('lets a German mentee start matching and read the countdown in German with a de-DE date', async () => {
    const { page } = await stack.newPerson('de-DE')
    await register(page, stack.baseUrl, aPerson('Hanna'), 'mentee', 'de')
    await page.getByRole('button', { name: 'Mentee-Profil erstellen' }).click()
    await page.getByRole('heading', { name: 'Fragebogen für Mentees' }).waitFor()
    await fillQuestionnaire(page, { country: 'Deutschland', year: '2017', text: 'Neugierig.' })
    await page.getByRole('button', { name: 'Matching starten' }).click()
    await page.waitForURL(/\/matching$/)
    const timer = page.getByRole('timer')
    await timer.waitFor()
    const text = (await timer.textContent()) ?? ''
    expect(text).toMatch(/Noch 4[78] Stunden und \d\d Minuten/)
    expect(text).toMatch(/Bitte treffen Sie Ihre Wahl bis \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/)
    await page.getByRole('button', { name: 'Annehmen' }).waitFor()
  })
})

describe('a mentee declines a proposal with a reason', () => {
  it('requires the reason, then removes the declined mentor from the proposals', async () => {
    const mentor = aPerson('Dora')
    const mentorPage = (await stack.newPerson()).page
    await register(mentorPage, stack.baseUrl, mentor, 'mentor')
    await mentorPage.goto(`${stack.baseUrl}/user/mentor-profile`)
    await fillQuestionnaire(mentorPage, { country: 'Germany', year: '1995', text: 'Experienced in health care.' })
    await mentorPage.getByRole('button', { name: 'Save and publish' }).click()
    await mentorPage.getByText('Your mentor profile was saved and published.').waitFor()

    const mentee = aPerson('Felix')
    const page = (await stack.newPerson()).page
    await register(page, stack.baseUrl, mentee, 'mentee')
    await page.goto(`${stack.baseUrl}/user/mentee-profile`)
    await fillQuestionnaire(page, { country: 'Germany', year: '2019', text: 'Curious.' })
    await page.getByRole('button', { name: 'Start matching' }).click()
    await page.waitForURL(/\/matching$/)
    const card = page.getByRole('group', { name: `Proposal: ${mentor.firstName} ${mentor.lastName}` })
    await card.getByRole('button', { name: 'Decline' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Decline' }).click()
    await dialog.getByRole('alert').getByText('Please select Decline Reason').first().waitFor()
    await dialog.getByRole('combobox', { name: /Decline reason/ }).click()
    await page.getByRole('option').first().click()
    await dialog.getByRole('textbox', { name: /Comment/ }).fill('We work in different fields.')
    await dialog.getByRole('button', { name: 'Decline' }).click()
    await card.waitFor({ state: 'detached' })
  })
})

describe('validation and error pages', () => {
  let page: Page
  it('shows the validation messages of bad input and saves nothing', async () => {
    page = (await stack.newPerson()).page
    const vera = aPerson('Vera')
    await register(page, stack.baseUrl, vera, 'mentee')
    const writes: string[] = []
    page.on('request', (r) => {
      if (r.method() === 'POST' && /CreateAnswer|UpdateAnswer|UpdateUserStatus|UpdateProfile|CreateMatchingTandem/i.test(r.url()))
        writes.push(r.url())
    })
    await page.goto(`${stack.baseUrl}/user/mentee-profile`)
    await page.getByRole('heading', { name: 'Mentee questionnaire' }).waitFor()
    await page.locator('input[inputmode=numeric]').first().fill('123')
    await page.getByText(/Please enter a year with 4 digits/).waitFor()
    await page.getByRole('textbox', { name: /^City/ }).fill('')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Please check your provided data. Information is wrong or missing to save your user profile.').waitFor()
    await page.getByRole('button', { name: 'Start matching' }).click()
    await page.getByText('This information is required.').first().waitFor()
    expect(await axeViolations(page)).toEqual([])
    // "saves nothing": no write was sent, and the server holds no answers, no city, no run
    expect(writes).toEqual([])
    const stored = await stack.server.ctx.users.byEmail(vera.email)
    expect(stored?.city ?? '').toBe('')
    expect(stored?.participant.mentee?.status).toBe('NEW')
    expect(stored?.participant.mentee?.lastStartedAt ?? null).toBeNull()
    expect(stored === undefined ? 'no user' : ((await stack.server.ctx.answers.load(stored.id, 'Mentee')) ?? null)).toBeNull()
  })

  it('shows the 404 page for an unknown path', async () => {
    await page.goto(`${stack.baseUrl}/no-such-page`)
    await page.getByText("We can't seem to find the page you're looking for.").waitFor()
    await page.getByText('Error code 404').waitFor()
    await page.goto(`${stack.baseUrl}/user/mentor-profile`)
    await page.getByText('Error code 404').waitFor()
  })

  it('has no serious or critical accessibility violations on the participant pages', async () => {
    const found: string[] = []
    for (const path of [
      '/',
      '/matching',
      '/user/mentee-profile',
      '/user/account',
      '/terms-and-conditions',
      '/data-privacy-policy/de',
      '/legal-info',
      '/no-such-page',
    ]) {
      await page.goto(`${stack.baseUrl}${path}`)
      await page.locator('h1').first().waitFor()
      await page.waitForLoadState('networkidle')
      found.push(...(await axeViolations(page)).map((v) => `${path}: ${v}`))
    }
    expect(found).toEqual([])
  })
})
