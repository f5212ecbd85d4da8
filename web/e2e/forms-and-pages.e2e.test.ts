// Forms and pages that behave as people expect, in real Chromium against the built app and the
// real server: a signed-out deep link comes back after sign-in, the country field takes a typed
// name and Enter, leaving unsaved answers (a link, the back button, closing the tab) asks first,
// and the admin lists fit a 390 px phone with long e-mail addresses inside their cells.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { signInConfirmedAdmin } from './support/admin.js'
import { startStack, type Stack } from './support/harness.js'
import { aPerson, register, type Person } from './support/people.js'

let stack: Stack
const longMailbox = `a-really-quite-long-mailbox-name-for-the-wrapping-check.${Date.now()}`
const mentee: Person = { ...aPerson('Lena'), email: `${longMailbox}@a-long-organisation-domain-name.example.org` }
const adminPerson: Person = { ...aPerson('Ada'), email: `ada.${Date.now()}@admin.example.org` }

beforeAll(async () => {
  stack = await startStack({ ADMIN_EMAILS: adminPerson.email })
  await register((await stack.newPerson()).page, stack.baseUrl, mentee, 'mentee')
})
afterAll(async () => {
  await stack?.close()
})

const signInAtProvider = async (page: Page, person: Person) => {
  await page.waitForURL((url) => url.pathname.startsWith('/oidc/'))
  await page.getByLabel('E-mail address').fill(person.email)
  await page.getByLabel('Password', { exact: true }).fill(person.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

describe('a participant', () => {
  let page: Page

  it('lands on the deep link they opened while signed out, once signed in', async () => {
    page = (await stack.newPerson()).page
    await page.goto(`${stack.baseUrl}/user/mentee-profile`)
    await signInAtProvider(page, mentee)
    await page.waitForURL((url) => url.origin === stack.baseUrl && url.pathname === '/user/mentee-profile' && url.search === '')
    await page.getByRole('heading', { level: 1, name: 'Mentee questionnaire' }).waitFor()
  })

  it('chooses a country by typing its name and pressing Enter', async () => {
    const country = page.getByRole('combobox', { name: /Country/ })
    await country.click()
    await country.pressSequentially('Germany')
    await country.press('Enter')
    await expect.poll(() => country.inputValue()).toBe('Germany')
    await page.getByRole('combobox', { name: /Federal state/ }).waitFor()
  })

  it('is asked before leaving unsaved changes through a link, and can stay', async () => {
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' })
    await dialog.waitFor()
    await dialog.getByRole('button', { name: 'Stay on this page' }).click()
    expect(new URL(page.url()).pathname).toBe('/user/mentee-profile')
    expect(await page.getByRole('combobox', { name: /Country/ }).inputValue()).toBe('Germany')
  })

  it('is asked before the back button leaves unsaved changes; "leave" goes back', async () => {
    const country = page.getByRole('combobox', { name: /Country/ })
    const leaveDialog = page.getByRole('alertdialog', { name: 'Leave without saving?' })
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click()
    await leaveDialog.getByRole('button', { name: 'Leave without saving' }).click()
    await page.waitForURL((url) => url.pathname !== '/user/mentee-profile')
    const dashboard = new URL(page.url()).pathname
    // to the questionnaire again (nothing changed yet, so no question), the dashboard behind it
    await page.getByRole('link', { name: 'Questionnaire mentee', exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/user/mentee-profile')
    await country.click()
    await country.fill('')
    await country.pressSequentially('Austria')
    await country.press('Enter')
    await expect.poll(() => country.inputValue()).toBe('Austria')

    await page.evaluate(() => history.back())
    await leaveDialog.waitFor()
    await leaveDialog.getByRole('button', { name: 'Stay on this page' }).click()
    await leaveDialog.waitFor({ state: 'detached' })
    await expect.poll(() => new URL(page.url()).pathname).toBe('/user/mentee-profile')
    expect(await country.inputValue()).toBe('Austria')

    await page.evaluate(() => history.back())
    await leaveDialog.getByRole('button', { name: 'Leave without saving' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe(dashboard)
    await page.getByRole('heading', { level: 1, name: 'Mentee questionnaire' }).waitFor({ state: 'detached' })

    // forward again, with a new unsaved change for the next step
    await page.evaluate(() => history.forward())
    await page.waitForURL((url) => url.pathname === '/user/mentee-profile')
    await page.getByRole('heading', { level: 1, name: 'Mentee questionnaire' }).waitFor()
    await country.click()
    await country.fill('')
    await country.pressSequentially('Germany')
    await country.press('Enter')
    await expect.poll(() => country.inputValue()).toBe('Germany')
  })

  it('is asked by the browser before closing the tab with unsaved changes', async () => {
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (d) => {
        resolve(d.type())
        void d.accept()
      }),
    )
    await page.close({ runBeforeUnload: true })
    expect(await asked).toBe('beforeunload')
  })
})

describe('admin lists on a 390 x 844 phone screen', () => {
  let page: Page

  beforeAll(async () => {
    page = (await stack.newPerson()).page
    await signInConfirmedAdmin(stack, page, adminPerson)
    await page.setViewportSize({ width: 390, height: 844 })
  })

  const pageWidth = () => page.evaluate(() => document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY)

  /** Cells whose content spills out of them, or that reach into the next cell of their row. */
  const overlaps = (tableName: string) =>
    page.getByRole('table', { name: tableName }).evaluate((table) =>
      [...table.querySelectorAll('tr')].flatMap((row) => {
        const cells = [...row.querySelectorAll('td, th')] as HTMLElement[]
        return cells.flatMap((cell, i) => {
          const box = cell.getBoundingClientRect()
          const next = cells[i + 1]?.getBoundingClientRect()
          const spills = cell.scrollWidth > cell.clientWidth + 1
          const intoNext = next !== undefined && box.right > next.left + 1
          return spills || intoNext ? [`${cell.textContent ?? ''}${spills ? ' spills' : ''}${intoNext ? ' overlaps' : ''}`] : []
        })
      }),
    )

  it('keeps the mentee list inside the screen, scrolling the table in its own region, the long e-mail inside its cell', async () => {
    await page.goto(`${stack.baseUrl}/administrator/mentees`)
    await page.getByRole('combobox', { name: /Status/ }).click()
    for (const option of await page.getByRole('menuitemcheckbox').all()) await option.click()
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'filter and display' }).click()
    const cell = page.getByRole('cell', { name: mentee.email })
    await cell.waitFor()
    expect(await pageWidth()).toBeLessThanOrEqual(390)
    expect(await overlaps('Mentees')).toEqual([])
    expect(await cell.getAttribute('title')).toBe(mentee.email)
    const region = page.getByRole('region', { name: 'Mentees (table, scrolls sideways)' })
    expect(await region.getAttribute('tabindex')).toBe('0')
    await page.setViewportSize({ width: 1280, height: 900 })
    expect(await overlaps('Mentees')).toEqual([])
    await page.setViewportSize({ width: 390, height: 844 })
  })

  for (const [path, heading] of [
    ['mentors', 'Mentors'],
    ['clusters', 'Program years'],
    ['matching-tandems', 'Create a matching team manually'],
  ] as const)
    it(`keeps /administrator/${path} inside the screen`, async () => {
      await page.goto(`${stack.baseUrl}/administrator/${path}`)
      await page.getByRole('heading', { name: heading }).first().waitFor()
      expect(await pageWidth()).toBeLessThanOrEqual(390)
    })
})
