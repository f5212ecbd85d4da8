// Consents in real Chromium: people who accepted the privacy policy and the terms at sign-up sign in
// again after a release changed both versions. Each (in English and in German) meets only the
// consents dialog: axe finds nothing, the keyboard reaches the links and the button and never leaves
// the dialog, Escape does not close it, and no other screen or link of the app can be used. Accepting
// stores the new versions with the time; the dialog does not come back at the next sign-in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { axeViolations } from './support/axe.js'
import { startStack, type Stack } from './support/harness.js'
import { isFocused } from './support/keyboard.js'
import { aPerson, register, type Person } from './support/people.js'

const NEXT = { privacyPolicy: '2027-01-15', termsAndConditions: '2027-02-01' } as const

const TEXT = {
  en: {
    locale: 'en-GB',
    email: 'E-mail address',
    password: 'Password',
    signIn: 'Sign in',
    title: 'Please accept our updated documents',
    privacy: `Data privacy policy (version ${NEXT.privacyPolicy})`,
    terms: `Terms and conditions (version ${NEXT.termsAndConditions})`,
    accept: 'I accept',
    account: 'Your data',
    dashboard: 'Dashboard',
  },
  de: {
    locale: 'de-DE',
    email: 'E-Mail-Adresse',
    password: 'Passwort',
    signIn: 'Anmelden',
    title: 'Bitte stimmen Sie unseren geänderten Dokumenten zu',
    privacy: `Datenschutzerklärung (Fassung ${NEXT.privacyPolicy})`,
    terms: `Allgemeine Geschäftsbedingungen (Fassung ${NEXT.termsAndConditions})`,
    accept: 'Ich stimme zu',
    account: 'Ihre Daten',
    dashboard: 'Übersicht',
  },
} as const
type Language = keyof typeof TEXT

let stack: Stack
const people: Record<Language, Person> = { en: aPerson('Clara'), de: aPerson('Detlef') }

beforeAll(async () => {
  stack = await startStack()
  for (const language of ['en', 'de'] as const) {
    const { page } = await stack.newPerson(TEXT[language].locale)
    await register(page, stack.baseUrl, people[language], 'mentee', language)
  }
  // A release with new versions of both documents.
  await stack.restart({ consentVersions: NEXT })
})
afterAll(async () => {
  await stack?.close()
})

/** A fresh browser (no session) that opens the account page and signs in at the provider. */
const signIn = async (language: Language): Promise<Page> => {
  const { page } = await stack.newPerson(TEXT[language].locale)
  await page.goto(`${stack.baseUrl}/user/account`)
  await page.waitForURL((url) => url.pathname.startsWith('/oidc/'))
  await page.getByLabel(TEXT[language].email).fill(people[language].email)
  await page.getByLabel(TEXT[language].password, { exact: true }).fill(people[language].password)
  await page.getByRole('button', { name: TEXT[language].signIn }).click()
  await page.waitForURL((url) => url.origin === stack.baseUrl && url.pathname === '/user/account')
  return page
}

/** The consents stored for the address, read from the database file. */
const storedConsents = (email: string) =>
  stack.server.db.raw
    .prepare(
      'select c.document, c.version, c.accepted_at as acceptedAt from consents c join users u on u.id = c.user_id where u.email = ? order by c.document',
    )
    .all(email) as { document: string; version: string; acceptedAt: number }[]

describe.each(['en', 'de'] as const)('a person with older consents signing in (%s)', (language) => {
  const text = TEXT[language]
  let page: Page

  it('sees only the consents dialog, axe clean, naming both new versions', async () => {
    const before = storedConsents(people[language].email)
    expect(before.map((c) => c.document)).toEqual(['privacyPolicy', 'termsAndConditions'])
    expect(before.some((c) => c.version === NEXT.privacyPolicy || c.version === NEXT.termsAndConditions)).toBe(false)
    page = await signIn(language)
    const dialog = page.getByRole('dialog', { name: text.title })
    await dialog.waitFor()
    await dialog.getByRole('link', { name: text.privacy }).waitFor()
    await dialog.getByRole('link', { name: text.terms }).waitFor()
    expect(await page.getByRole('heading', { name: text.account }).count()).toBe(0)
    expect(await axeViolations(page)).toEqual([])
  })

  it('cannot leave it: Tab reaches only the dialog, Escape keeps it, the menu does not react, another address shows it again', async () => {
    const dialog = page.getByRole('dialog', { name: text.title })
    // Tab walks the dialog's links and button; past the last one the browser may take the focus to
    // its own controls (the page's body is then focused), never to anything of the app behind.
    const reached = new Set<string>()
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab')
      reached.add(
        await dialog.evaluate((d) => {
          const el = document.activeElement
          if (el === null || el === document.body) return 'browser'
          return d.contains(el) ? `dialog: ${el.textContent?.trim() ?? ''}` : `app: ${el.outerHTML.slice(0, 80)}`
        }),
      )
    }
    expect([...reached].filter((r) => r.startsWith('app:'))).toEqual([])
    expect([...reached].filter((r) => r.startsWith('dialog:')).sort()).toEqual(
      [`dialog: ${text.accept}`, `dialog: ${text.privacy}`, `dialog: ${text.terms}`].sort(),
    )
    await page.keyboard.press('Escape')
    expect(await dialog.isVisible()).toBe(true)
    // A pointer on the menu's Dashboard link reaches the dialog's backdrop, not the link.
    const link = page.getByRole('link', { name: text.dashboard, exact: true })
    const box = await link.boundingBox()
    expect(box).not.toBeNull()
    await page.mouse.click((box?.x ?? 0) + (box?.width ?? 0) / 2, (box?.y ?? 0) + (box?.height ?? 0) / 2)
    expect(new URL(page.url()).pathname).toBe('/user/account')
    await page.goto(`${stack.baseUrl}/matching`)
    await page.getByRole('dialog', { name: text.title }).waitFor()
    expect(await page.getByRole('heading', { level: 1, name: 'Matching' }).count()).toBe(0)
    expect(storedConsents(people[language].email).some((c) => c.version === NEXT.privacyPolicy)).toBe(false)
  })

  it('accepts with the keyboard alone: the new versions are stored with the time, the app opens', async () => {
    const dialog = page.getByRole('dialog', { name: text.title })
    const accept = dialog.getByRole('button', { name: text.accept })
    for (let i = 0; i < 10 && !(await isFocused(accept)); i++) await page.keyboard.press('Tab')
    expect(await isFocused(accept)).toBe(true)
    const from = Date.now()
    await page.keyboard.press('Enter')
    await dialog.waitFor({ state: 'detached' })
    await page.getByRole('heading', { level: 1, name: 'Matching' }).waitFor()
    const stored = storedConsents(people[language].email)
    expect(stored.map((c) => [c.document, c.version])).toEqual([
      ['privacyPolicy', NEXT.privacyPolicy],
      ['termsAndConditions', NEXT.termsAndConditions],
    ])
    for (const c of stored) expect(c.acceptedAt >= from - 1000 && c.acceptedAt <= Date.now()).toBe(true)
  })

  it('is not asked again at the next sign-in', async () => {
    const next = await signIn(language)
    await next.getByRole('heading', { name: text.account }).waitFor()
    expect(await next.getByRole('dialog', { name: text.title }).count()).toBe(0)
  })
})
