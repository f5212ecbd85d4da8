// Accessibility of the participant pages not covered elsewhere (issue item 8): the mentor
// questionnaire with its validation messages and matching switch, the paused mentor's panel, a
// mentor's dashboard with a proposal awaiting the answer, and a Both user's pages, in en and de.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { startStack, type Stack } from './support/harness.js'
import { aPerson, fillQuestionnaire, register, type Person } from './support/people.js'
import { axeViolations } from './support/axe.js'

let stack: Stack
beforeAll(async () => {
  stack = await startStack()
})
afterAll(async () => {
  await stack?.close()
})

const TEXT = {
  en: {
    locale: 'en-GB',
    country: 'Germany',
    title: 'Mentor questionnaire',
    publish: 'Save and publish',
    toggle: /^Matching (enabled|paused)$/,
    required: 'This information is required.',
    published: 'Your mentor profile was saved and published.',
    disabled: 'Your matching is disabled.',
    enabled: 'Your matching is enabled.',
    paused: 'Profile paused',
    startMatching: 'Start matching',
    accept: 'Accept',
    proposal: 'Proposal',
    waiting: 'Accepted – waiting for the answer',
  },
  de: {
    locale: 'de-DE',
    country: 'Deutschland',
    title: 'Fragebogen für Mentor*innen',
    publish: 'Speichern und veröffentlichen',
    toggle: /^Matching (aktiviert|pausiert)$/,
    required: 'Diese Angabe ist erforderlich.',
    published: 'Ihr Mentor*in-Profil wurde gespeichert und veröffentlicht.',
    disabled: 'Ihr Matching ist deaktiviert.',
    enabled: 'Ihr Matching ist aktiviert.',
    paused: 'Profil pausiert',
    startMatching: 'Matching starten',
    accept: 'Annehmen',
    proposal: 'Vorschlag',
    waiting: 'Angenommen – Antwort ausstehend',
  },
} as const

/** Moves the focus with Tab alone until it lands on the control; fails if it never does. */
const tabTo = async (page: Page, control: Locator): Promise<void> => {
  await page.locator('body').focus()
  for (let i = 0; i < 300; i++) {
    await page.keyboard.press('Tab')
    if (await control.evaluate((el) => el === document.activeElement)) return
  }
  throw new Error('the control is not reachable with the Tab key')
}

/** Axe's serious and critical findings on the current page, each prefixed with where it was found. */
const audit = async (page: Page, where: string): Promise<string[]> => {
  await page.waitForLoadState('networkidle')
  return (await axeViolations(page)).map((v) => `${where}: ${v}`)
}

for (const language of ['en', 'de'] as const) {
  const text = TEXT[language]
  describe(`participant pages in ${language} are accessible and keyboard operable`, () => {
    const mentor: Person = aPerson(language === 'en' ? 'Mira' : 'Margarete')
    let mentorPage: Page

    it("shows the mentor questionnaire's validation messages and publishes with the keyboard alone, without serious axe violations", async () => {
      mentorPage = (await stack.newPerson(text.locale)).page
      await register(mentorPage, stack.baseUrl, mentor, 'mentor', language)
      expect(await mentorPage.locator('html').getAttribute('lang')).toBe(language)
      await mentorPage.goto(`${stack.baseUrl}/user/mentor-profile`)
      await mentorPage.getByRole('heading', { level: 1, name: text.title }).waitFor()
      const publish = mentorPage.getByRole('button', { name: text.publish })
      // rule: an incomplete questionnaire is not published; the messages say what is missing
      await tabTo(mentorPage, publish)
      await mentorPage.keyboard.press('Enter')
      await mentorPage.getByText(text.required).first().waitFor()
      const found = await audit(mentorPage, 'mentor questionnaire with validation messages')
      await fillQuestionnaire(mentorPage, { country: text.country, year: '2001', text: 'Happy to share what I learned.' })
      await tabTo(mentorPage, publish)
      await mentorPage.keyboard.press('Enter')
      await mentorPage.getByText(text.published).waitFor()
      await expect.poll(() => mentorPage.getByRole('switch', { name: text.toggle }).isChecked(), { timeout: 10_000 }).toBe(true)
      found.push(...(await audit(mentorPage, 'published mentor questionnaire')))
      expect(found).toEqual([])
      expect((await stack.server.ctx.users.byEmail(mentor.email))?.participant.mentor?.status).toBe('AVAILABLE')
    })

    it('pauses matching with Space on the switch, shows the paused panel without serious axe violations, and enables it again', async () => {
      const toggle = mentorPage.getByRole('switch', { name: text.toggle })
      await tabTo(mentorPage, toggle)
      await mentorPage.keyboard.press('Space')
      await mentorPage.getByText(text.disabled).waitFor()
      // the switch follows the refetched status, which can land just after the message
      await expect.poll(() => toggle.isChecked(), { timeout: 10_000 }).toBe(false)
      expect((await stack.server.ctx.users.byEmail(mentor.email))?.participant.mentor?.status).toBe('PAUSED')
      const found = await audit(mentorPage, 'mentor questionnaire, matching disabled')

      await mentorPage.goto(`${stack.baseUrl}/`)
      await mentorPage.getByRole('heading', { name: text.paused }).waitFor()
      found.push(...(await audit(mentorPage, 'paused mentor dashboard')))
      expect(found).toEqual([])

      // rule: a paused mentor with a complete profile may return to the pool
      await mentorPage.goto(`${stack.baseUrl}/user/mentor-profile`)
      await mentorPage.getByRole('heading', { level: 1, name: text.title }).waitFor()
      await tabTo(mentorPage, toggle)
      await mentorPage.keyboard.press('Space')
      await mentorPage.getByText(text.enabled).waitFor()
      await expect.poll(() => toggle.isChecked(), { timeout: 10_000 }).toBe(true)
      expect((await stack.server.ctx.users.byEmail(mentor.email))?.participant.mentor?.status).toBe('AVAILABLE')
    })

    it('shows the mentor a mentee proposal awaiting the answer without serious axe violations', async () => {
      const mentee = aPerson(language === 'en' ? 'Noah' : 'Niklas')
      const menteePage = (await stack.newPerson(text.locale)).page
      await register(menteePage, stack.baseUrl, mentee, 'mentee', language)
      await menteePage.goto(`${stack.baseUrl}/user/mentee-profile`)
      await fillQuestionnaire(menteePage, { country: text.country, year: '2020', text: 'Curious about leading.' })
      await menteePage.getByRole('button', { name: text.startMatching }).click()
      await menteePage.waitForURL(/\/matching$/)
      const menteeCard = menteePage.getByRole('group', { name: `${text.proposal}: ${mentor.firstName} ${mentor.lastName}` })
      await menteeCard.getByRole('button', { name: text.accept }).click()
      await menteePage.getByRole('dialog').getByRole('button', { name: text.accept }).click()
      await menteeCard.getByText(text.waiting).waitFor()

      await mentorPage.goto(`${stack.baseUrl}/matching`)
      const card = mentorPage.getByRole('group', { name: `${text.proposal}: ${mentee.firstName} ${mentee.lastName}` })
      await card.getByRole('button', { name: text.accept }).waitFor()
      expect(await audit(mentorPage, 'mentor dashboard with a proposal')).toEqual([])
    })

    it('gives a Both user both questionnaires and no serious axe violations on any of their pages', async () => {
      const both = aPerson(language === 'en' ? 'Bea' : 'Berta')
      const page = (await stack.newPerson(text.locale)).page
      await register(page, stack.baseUrl, both, 'mentee', language)
      // rule: a signed-in mentee who registers as mentor holds both roles
      await page.goto(`${stack.baseUrl}/register-as-mentor`)
      await page.getByRole('heading', { level: 1, name: 'Matching' }).waitFor()
      await page.waitForLoadState('networkidle')
      const found: string[] = []
      for (const path of ['/', '/matching', '/user/mentee-profile', '/user/mentor-profile', '/user/account']) {
        await page.goto(`${stack.baseUrl}${path}`)
        await page.locator('h1').first().waitFor()
        expect(await page.locator('html').getAttribute('lang')).toBe(language)
        expect(await page.getByText('404').count(), `${path} is open to a Both user`).toBe(0)
        found.push(...(await audit(page, `Both ${path}`)))
      }
      expect(found).toEqual([])
      expect((await stack.server.ctx.users.byEmail(both.email))?.roles).toEqual(expect.arrayContaining(['Mentee', 'Mentor']))
    })
  })
}

describe('the axe check', () => {
  it("leaves out only Fluent's focus sentinels: the same aria-hidden focusable element without tabster's mark fails", async () => {
    const { page } = await stack.newPerson('en-GB')
    await page.goto(`${stack.baseUrl}/legal-info`)
    await page.getByRole('heading', { level: 1 }).waitFor()
    await page.evaluate(() => {
      const sentinel = document.createElement('i')
      sentinel.setAttribute('data-tabster-dummy', '')
      sentinel.setAttribute('tabindex', '0')
      sentinel.setAttribute('aria-hidden', 'true')
      document.body.append(sentinel)
    })
    expect(await audit(page, 'with a sentinel')).toEqual([])
    await page.evaluate(() => {
      const hidden = document.createElement('button')
      hidden.textContent = 'hidden'
      hidden.setAttribute('aria-hidden', 'true')
      document.body.append(hidden)
    })
    expect((await audit(page, 'with a hidden button')).join('\n')).toMatch(/aria-hidden-focus/)
  })
})
