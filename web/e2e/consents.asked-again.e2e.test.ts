// Consents in real Chromium: people who accepted the privacy policy and the terms at sign-up sign in
// again after a release changed both versions. Each (in English and in German) meets only the
// consents dialog: axe finds nothing, the keyboard reaches its links and buttons and nothing of the
// app behind, Escape does not close it, and no other screen or link of the app can be used. Without
// accepting, the person can still download their data, delete their account or sign out. Accepting
// stores the new versions with the time; the dialog does not come back at the next sign-in. The
// privacy policy the dialog links to states the server's configured retention period.
import JSZip from 'jszip'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { axeViolations } from './support/axe.js'
import { startStack, type Stack } from './support/harness.js'
import { isFocused } from './support/keyboard.js'
import { aPerson, confirmSignOut, register, type Person } from './support/people.js'

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
    retention: '18 months after your last sign-in',
    noAnalytics: 'We use no analytics and no tracking.',
    logout: 'Logout',
    download: 'Download my data',
    delete: 'Delete my account',
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
    retention: '18 Monate nach Ihrer letzten Anmeldung',
    noAnalytics: 'Wir verwenden keine Analyse- und keine Tracking-Werkzeuge.',
    logout: 'Abmelden',
    download: 'Meine Daten herunterladen',
    delete: 'Mein Konto löschen',
    account: 'Ihre Daten',
    dashboard: 'Übersicht',
  },
} as const
type Language = keyof typeof TEXT

let stack: Stack
const people: Record<Language, Person> = { en: aPerson('Clara'), de: aPerson('Detlef') }
const leaving = aPerson('Lotte')

beforeAll(async () => {
  stack = await startStack({ RETENTION_MONTHS: '18' })
  for (const language of ['en', 'de'] as const) {
    const { page } = await stack.newPerson(TEXT[language].locale)
    await register(page, stack.baseUrl, people[language], 'mentee', language)
  }
  await register((await stack.newPerson()).page, stack.baseUrl, leaving, 'mentee')
  // A release with new versions of both documents.
  await stack.restart({ consentVersions: NEXT })
})
afterAll(async () => {
  await stack?.close()
})

/** A fresh browser (no session) that opens the account page and signs in at the provider. */
const signIn = async (language: Language, person: Person = people[language]): Promise<Page> => {
  const { page } = await stack.newPerson(TEXT[language].locale)
  await page.goto(`${stack.baseUrl}/user/account`)
  await page.waitForURL((url) => url.pathname.startsWith('/oidc/'))
  await page.getByLabel(TEXT[language].email).fill(person.email)
  await page.getByLabel(TEXT[language].password, { exact: true }).fill(person.password)
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
    // The policy it links to opens in a new tab and says what the server does (its configured retention, no analytics).
    const opened = page.context().waitForEvent('page')
    await dialog.getByRole('link', { name: text.privacy }).click()
    const policy = await opened
    await policy.getByText(text.retention, { exact: false }).waitFor()
    await policy.getByText(text.noAnalytics, { exact: false }).waitFor()
    await policy.close()
  })

  it('cannot leave it: Tab reaches only the dialog, Escape keeps it, the menu does not react, another address shows it again', async () => {
    const dialog = page.getByRole('dialog', { name: text.title })
    // Tab walks the dialog's links and button; past the last one the browser may take the focus to
    // its own controls (the page's body is then focused), never to anything of the app behind.
    const reached = new Set<string>()
    for (let i = 0; i < 12; i++) {
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
      [text.accept, text.logout, text.download, text.delete, text.privacy, text.terms].map((name) => `dialog: ${name}`).sort(),
    )
    await page.keyboard.press('Escape')
    expect(await dialog.isVisible()).toBe(true)
    // A pointer on the menu's Dashboard link reaches the dialog's backdrop, not the link.
    // hidden from assistive technology while the dialog is open, still on the screen
    const link = page.getByRole('link', { name: text.dashboard, exact: true, includeHidden: true })
    const box = await link.boundingBox()
    expect(box).not.toBeNull()
    await page.mouse.click((box?.x ?? 0) + (box?.width ?? 0) / 2, (box?.y ?? 0) + (box?.height ?? 0) / 2)
    expect(new URL(page.url()).pathname).toBe('/user/account')
    await page.goto(`${stack.baseUrl}/matching`)
    await page.getByRole('dialog', { name: text.title }).waitFor()
    expect(await page.getByRole('heading', { level: 1, name: 'Matching' }).count()).toBe(0)
    expect(storedConsents(people[language].email).some((c) => c.version === NEXT.privacyPolicy)).toBe(false)
  })

  it('keeps their rights without accepting: downloads their data, then signs out', async () => {
    const dialog = page.getByRole('dialog', { name: text.title })
    const saved = page.waitForEvent('download')
    await dialog.getByRole('button', { name: text.download }).click()
    const zip = await JSZip.loadAsync(Buffer.concat(await (await (await saved).createReadStream()).toArray()))
    const data = JSON.parse((await zip.file('data.json')?.async('string')) ?? '{}') as { account?: { email?: string } }
    expect(data.account?.email).toBe(people[language].email)
    await dialog.getByRole('button', { name: text.logout }).click()
    await confirmSignOut(page, language)
    expect(storedConsents(people[language].email).some((c) => c.version === NEXT.privacyPolicy)).toBe(false)
  })

  it('is asked again at the next sign-in and accepts with the keyboard alone: the new versions are stored with the time, the app opens', async () => {
    page = await signIn(language)
    const dialog = page.getByRole('dialog', { name: text.title })
    await dialog.waitFor()
    const accept = dialog.getByRole('button', { name: text.accept })
    for (let i = 0; i < 10 && !(await isFocused(accept)); i++) await page.keyboard.press('Tab')
    expect(await isFocused(accept)).toBe(true)
    const from = Date.now()
    await page.keyboard.press('Enter')
    await dialog.waitFor({ state: 'detached' })
    await page.getByRole('heading', { name: text.account }).waitFor()
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

describe('a person who does not accept the new versions', () => {
  it('deletes their account from the consents dialog', async () => {
    const page = await signIn('en', leaving)
    const consents = page.getByRole('dialog', { name: TEXT.en.title })
    await consents.getByRole('button', { name: TEXT.en.delete }).click()
    const confirmation = page.getByRole('alertdialog')
    await confirmation.getByRole('textbox', { name: /type your e-mail address/ }).fill(leaving.email)
    await confirmation.getByRole('button', { name: 'Delete my account' }).click()
    await page.getByRole('alertdialog').getByRole('heading', { name: 'Your account has been deleted' }).waitFor()
    expect(stack.server.db.raw.prepare('select count(*) from users where email = ?').pluck().get(leaving.email)).toBe(0)
  })
})
