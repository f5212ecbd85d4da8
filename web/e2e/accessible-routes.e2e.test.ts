// Every route in English and German: no axe violation of any impact, one main landmark, a skip
// link that is the first thing Tab reaches and moves the focus into the main region, a document
// title "Page – Tandem" in the interface language, and the new page announced after an in-app
// navigation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { startStack, type Stack } from './support/harness.js'
import { aPerson, register } from './support/people.js'
import { signInConfirmedAdmin } from './support/admin.js'
import { axeViolations } from './support/axe.js'

let stack: Stack
beforeAll(async () => {
  stack = await startStack({ ADMIN_EMAILS: 'route.admin@example.org' })
})
afterAll(async () => {
  await stack?.close()
})

const TITLES = {
  en: {
    locale: 'en-GB',
    skip: 'Skip to main content',
    dashboard: 'Dashboard',
    account: 'User account',
    questionnaire: 'Questionnaire mentee',
    notFound: 'Page not found',
    terms: 'Terms and conditions',
    privacy: 'Data privacy policy',
    info: 'Legal info',
    teams: 'Matching teams',
    mentees: 'Mentees',
    mentors: 'Mentors',
    userInfo: 'User info',
    programYear: 'Program year',
    waitlist: 'Waitlist',
    attention: 'Needs attention',
    learning: 'What the outcomes say',
  },
  de: {
    locale: 'de-DE',
    skip: 'Zum Hauptinhalt springen',
    dashboard: 'Übersicht',
    account: 'Benutzerkonto',
    questionnaire: 'Fragebogen Mentee',
    notFound: 'Seite nicht gefunden',
    terms: 'Allgemeine Geschäftsbedingungen',
    privacy: 'Datenschutzerklärung',
    info: 'Impressum',
    teams: 'Matching-Teams',
    attention: 'Handlungsbedarf',
    mentees: 'Mentees',
    mentors: 'Mentor*innen',
    userInfo: 'Benutzerinfo',
    programYear: 'Programmjahr',
    waitlist: 'Warteliste',
    learning: 'Was die Ergebnisse sagen',
  },
} as const

/** Checks one page: title, landmarks, skip link, axe. Answers the findings, each with where. */
const checkPage = async (page: Page, where: string, title: string, skip: string): Promise<string[]> => {
  await page.waitForLoadState('networkidle')
  await expect.poll(() => page.title()).toBe(`${title} – Tandem`)
  expect(await page.getByRole('main').count(), `${where}: one main landmark`).toBe(1)
  // the skip link is the first stop of Tab, shows when focused and moves the focus to main
  await page.locator('body').focus()
  await page.keyboard.press('Tab')
  const skipLink = page.getByRole('link', { name: skip })
  expect(await skipLink.evaluate((el) => el === document.activeElement), `${where}: skip link first`).toBe(true)
  expect((await skipLink.boundingBox())?.width ?? 0, `${where}: skip link visible on focus`).toBeGreaterThan(20)
  await page.keyboard.press('Enter')
  expect(await page.evaluate(() => document.activeElement?.tagName), `${where}: focus in main`).toBe('MAIN')
  return (await axeViolations(page)).map((v) => `${where}: ${v}`)
}

for (const language of ['en', 'de'] as const) {
  const text = TITLES[language]
  describe(`every route in ${language}`, () => {
    it('the legal pages, signed out', async () => {
      const { page } = await stack.newPerson(text.locale)
      const found: string[] = []
      for (const [path, title] of [
        ['/terms-and-conditions', text.terms],
        ['/data-privacy-policy', text.privacy],
        ['/legal-info', text.info],
      ] as const) {
        await page.goto(`${stack.baseUrl}${path}/${language}`)
        found.push(...(await checkPage(page, path, title, text.skip)))
      }
      expect(found).toEqual([])
    })

    it("a participant's dashboard, questionnaire, account and the 404 page, announcing each in-app navigation", async () => {
      const { page } = await stack.newPerson(text.locale)
      await register(page, stack.baseUrl, aPerson(language === 'en' ? 'Rita' : 'Rosa'), 'mentee', language)
      const found = await checkPage(page, 'dashboard', text.dashboard, text.skip)
      await page.getByRole('navigation').getByRole('link', { name: text.questionnaire }).click()
      await expect.poll(() => page.getByRole('status').filter({ hasText: text.questionnaire }).count()).toBe(1)
      await expect.poll(() => page.title()).toBe(`${text.questionnaire} – Tandem`)
      // a fresh load, so that Tab starts at the top of the page again
      await page.reload()
      found.push(...(await checkPage(page, 'questionnaire', text.questionnaire, text.skip)))
      await page.goto(`${stack.baseUrl}/user/account`)
      found.push(...(await checkPage(page, 'account', text.account, text.skip)))
      await page.goto(`${stack.baseUrl}/no-such-page`)
      found.push(...(await checkPage(page, '404', text.notFound, text.skip)))
      expect(found).toEqual([])
    })
  })
}

describe('every admin route in en and de', () => {
  it('has no axe violation of any impact, one main landmark, a skip link and its own title', async () => {
    const { page } = await stack.newPerson('en-GB')
    await signInConfirmedAdmin(stack, page, { ...aPerson('Route'), email: 'route.admin@example.org' })
    const found: string[] = []
    for (const language of ['en', 'de'] as const) {
      const text = TITLES[language]
      await page.getByRole('button', { name: language === 'en' ? 'English' : 'Deutsch' }).click()
      for (const [path, title] of [
        ['matching-tandems', text.teams],
        ['mentees', text.mentees],
        ['mentors', text.mentors],
        ['user-information', text.userInfo],
        ['clusters', text.programYear],
        ['waitlist', text.waitlist],
        ['attention', text.attention],
        ['learning', text.learning],
      ] as const) {
        await page.goto(`${stack.baseUrl}/administrator/${path}`)
        found.push(...(await checkPage(page, `${language} ${path}`, title, text.skip)))
      }
    }
    expect(found).toEqual([])
  })
})
