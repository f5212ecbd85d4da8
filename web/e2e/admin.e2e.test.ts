// The administrator's journey in real Chromium against the built app and the real server: create
// a program year, make a seeded mentee available in it, create a team by hand, edit its statuses to
// a match, release it (both are told), match the pair again and end it with a reason, never to pair
// them again, deactivate the year, read a user's notification history, export both
// spreadsheets and open them; no serious or critical axe violations on any admin page.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import ExcelJS from 'exceljs'
import { generatePopulation } from '@tandem/fixtures'
import { seedPopulation } from '@tandem/server'
import { expectAccessible, pick, signInConfirmedAdmin } from './support/admin.js'
import { startStack, type Stack } from './support/harness.js'
import { aPerson, type Person } from './support/people.js'
import { idByEmail } from '../../adapters/server/test/support/user-ids.support.js'

const adminPerson: Person = { ...aPerson('Ada'), email: `ada.${Date.now()}@admin.example.org` }
const YEAR = 'E2E 2030'

let stack: Stack
let page: Page
const population = generatePopulation({ seed: 77, mentees: 1, mentors: 1 })
const mentee = population.mentees[0]!
const mentor = population.mentors[0]!
const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`

/** Confirms the open confirmation (the one saying `containing`, while one closes and the next opens). */
const confirm = async (containing?: string) => {
  const dialogs = page.getByRole('alertdialog')
  const dialog = containing === undefined ? dialogs.last() : dialogs.filter({ hasText: containing })
  await dialog.getByRole('button', { name: 'Confirm' }).click()
}

const message = (text: string | RegExp) => page.getByTestId('admin-message').filter({ hasText: text })
const messageNow = async () => (await page.getByTestId('admin-message').allTextContents()).join(' | ')

beforeAll(async () => {
  stack = await startStack({ ADMIN_EMAILS: adminPerson.email })
  await seedPopulation(stack.server, population, `${stack.baseUrl}/oidc`)
  page = (await stack.newPerson()).page
  await signInConfirmedAdmin(stack, page, adminPerson)
  // Signed in again, the administrator sees the admin navigation.
  await page.getByRole('link', { name: 'Matching teams' }).click()
  await page.waitForURL(/\/administrator\/matching-tandems$/)
})
afterAll(async () => {
  await stack?.close()
})

describe('an administrator runs a program year', () => {
  it('creates a program year', async () => {
    await page.getByRole('link', { name: 'Program year' }).click()
    await page.getByRole('table', { name: 'Program years' }).waitFor()
    await expectAccessible(page)
    await page.getByRole('textbox', { name: /Program year title/ }).fill('2030*')
    await page.getByRole('button', { name: 'Create program year' }).click()
    await page.getByText('Please use at most 30 letters, digits, slashes, spaces, underscores or hyphens.').waitFor()
    await page.getByRole('textbox', { name: /Program year title/ }).fill(YEAR)
    await page.getByRole('button', { name: 'Create program year' }).click()
    await message(`The program year ${YEAR} was created.`).waitFor()
    await page.getByRole('button', { name: `Deactivate ${YEAR}` }).waitFor()
  })

  it('makes the seeded mentee available in the new program year', async () => {
    await page.getByRole('link', { name: 'User info' }).click()
    await pick(page, /User/, mentee.firstName, fullName(mentee))
    await page.getByRole('button', { name: 'display information' }).click()
    await page.getByRole('button', { name: 'Account' }).waitFor()
    await expectAccessible(page)
    await page.getByRole('combobox', { name: 'Status' }).selectOption('AVAILABLE')
    await page.getByRole('combobox', { name: 'Program year' }).selectOption(YEAR)
    await page.getByRole('button', { name: 'Save status and program year' }).click()
    await confirm()
    await message('The information was updated.').waitFor()
    expect((await stack.server.ctx.users.byEmail(mentee.email))?.participant.mentee?.status).toBe('AVAILABLE')
  })

  it('creates a team by hand, edits its statuses to a match and releases it', async () => {
    await page.getByRole('link', { name: 'Matching teams' }).click()
    await page.getByRole('heading', { name: 'Create a matching team manually' }).waitFor()
    await expectAccessible(page)
    await pick(page, 'Mentee', mentee.lastName, fullName(mentee))
    await pick(page, 'Mentor', mentor.email, fullName(mentor))
    await page.getByRole('button', { name: 'Create', exact: true }).click()
    await expect(page.getByRole('alertdialog').textContent()).resolves.toContain(fullName(mentor))
    await confirm()
    await message('The matching team was created.').waitFor()
    const title = page.getByRole('button', { name: new RegExp(`^MT_ID: #\\d+ ${mentee.lastName} / ${mentor.lastName}$`) })
    await title.waitFor()
    const row = page.getByRole('table', { name: 'Matching teams' }).getByRole('row').filter({ hasText: 'Manual Matching' })
    await row.waitFor()
    expect(await row.getAttribute('aria-selected')).toBe('true')
    await expectAccessible(page)

    await page.getByRole('combobox', { name: 'Mentee status' }).selectOption('ACCEPTED')
    await page.getByRole('combobox', { name: 'Mentor status' }).selectOption('ACCEPTED')
    await page.getByRole('button', { name: 'save changes' }).click()
    await confirm()
    await message('The changes to the matching team were saved.')
      .waitFor({ timeout: 10_000 })
      .catch(async (e: unknown) => {
        throw new Error(`saved message missing; shown: ${await messageNow()}; ${String(e)}`)
      })
    await page.getByText('MATCHED', { exact: true }).first().waitFor()
    expect(await page.getByRole('button', { name: 'save changes' }).isDisabled()).toBe(true)

    await page.getByRole('button', { name: 'release matching tandem' }).click()
    await confirm('Do you want to release this matching team?')
    await confirm('Releasing cannot be undone')
    await message('The changes to the matching team were saved.').waitFor()
    await page.getByText('CLOSED', { exact: true }).first().waitFor()
    expect(await page.getByRole('button', { name: 'release matching tandem' }).isDisabled()).toBe(true)
    expect((await stack.server.ctx.users.byEmail(mentee.email))?.participant.mentee?.status).toBe('AVAILABLE')
  })

  it('the release told both; the pair is matched again by hand and the administrator ends it, never to pair them again', async () => {
    const ids = await Promise.all([mentee, mentor].map((p) => idByEmail(stack.server.ctx, p.email)))
    for (const id of ids) expect((await stack.server.ctx.outbox.historyOf(id)).map((m) => m.type)).toContain('TANDEM_RELEASED')
    await pick(page, 'Mentee', mentee.lastName, fullName(mentee))
    await pick(page, 'Mentor', mentor.email, fullName(mentor))
    await page.getByRole('button', { name: 'Create', exact: true }).click()
    await confirm()
    await message('The matching team was created.').waitFor()
    await page.getByRole('combobox', { name: 'Mentee status' }).selectOption('ACCEPTED')
    await page.getByRole('combobox', { name: 'Mentor status' }).selectOption('ACCEPTED')
    await page.getByRole('button', { name: 'save changes' }).click()
    await confirm()
    await page.getByRole('button', { name: 'end mentorship' }).click()
    const dialog = page.getByRole('dialog', { name: /^End the mentorship of team #\d+$/ })
    await dialog.getByRole('radio', { name: 'The pair could not get in touch' }).check()
    await dialog.getByRole('checkbox', { name: 'Do not pair these two again' }).check()
    await expectAccessible(page)
    await dialog.getByRole('button', { name: 'End mentorship' }).click()
    const ending = page.getByLabel('Ending', { exact: true })
    await ending.getByText('The pair could not get in touch').waitFor()
    await ending.getByText('an administrator').waitFor()
    await page.getByText('CLOSED', { exact: true }).first().waitFor()
    for (const id of ids) expect((await stack.server.ctx.outbox.historyOf(id)).map((m) => m.type)).toContain('TANDEM_ENDED')
    // Never again: the same pair by hand is refused.
    await pick(page, 'Mentee', mentee.lastName, fullName(mentee))
    await pick(page, 'Mentor', mentor.email, fullName(mentor))
    await page.getByRole('button', { name: 'Create', exact: true }).click()
    const refused = page.waitForResponse((r) => r.url().includes('/api/Admin/CreateMatchingTandemManual'))
    await confirm()
    expect((await refused).status()).toBe(409)
    expect(await stack.server.ctx.lists.tandems({ states: ['ACTIVE'], tandemId: null, userSearch: '', clusterIds: [] })).toEqual([])
  })

  it('deactivates the program year after a confirmation naming it', async () => {
    await page.getByRole('link', { name: 'Program year' }).click()
    await page.getByRole('button', { name: `Deactivate ${YEAR}` }).click()
    await expect(page.getByRole('alertdialog').textContent()).resolves.toContain(YEAR)
    await confirm()
    await message(`The program year ${YEAR} was deactivated; its matching teams were released.`).waitFor()
    await page.getByRole('row', { name: new RegExp(`${YEAR}.*Deactivated`) }).waitFor()
  })

  it('finds the mentee and reads the notification history', async () => {
    await page.getByRole('link', { name: 'User info' }).click()
    await pick(page, /User/, mentee.email, fullName(mentee))
    await page.getByRole('button', { name: 'display information' }).click()
    const history = page.getByRole('table', { name: 'Notification history' })
    await history.waitFor()
    expect(await history.getByRole('row').count()).toBeGreaterThan(1)
    await expectAccessible(page)
  })

  it('lists mentees and mentors by status', async () => {
    await page.getByRole('link', { name: 'Mentees' }).click()
    await page.getByRole('combobox', { name: 'Status' }).click()
    await page.getByRole('menuitemcheckbox', { name: 'INACTIVE' }).click()
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'filter and display' }).click()
    await page.getByRole('table', { name: 'Mentees' }).getByText(mentee.email).waitFor()
    await expectAccessible(page)
    await page.getByRole('link', { name: 'Mentors' }).click()
    await page.getByRole('button', { name: 'filter and display' }).waitFor()
    await expectAccessible(page)
  })

  const exportFile = async (choice: string) => {
    await page.getByRole('button', { name: 'Export' }).first().click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('radio', { name: choice }).check()
    // The dialog fades in; contrast is only meaningful once it is fully opaque.
    await page.waitForFunction(() => [...document.querySelectorAll('.fui-DialogSurface')].every((e) => getComputedStyle(e).opacity === '1'))
    await expectAccessible(page)
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Export' }).click()])
    const path = join(stack.dataDir, download.suggestedFilename())
    await download.saveAs(path)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(readFileSync(path) as unknown as ArrayBuffer)
    return { name: download.suggestedFilename(), workbook }
  }

  it('exports the mentees and the matching teams and opens both spreadsheets', async () => {
    const users = await exportFile('Mentees')
    expect(users.name).toBe('tandem_mentee_user_data.xlsx')
    const sheet = users.workbook.getWorksheet('Mentees')!
    expect(sheet.getRow(1).getCell(1).text).toBe('Program year')
    const emails: string[] = []
    sheet.eachRow((row, n) => {
      if (n > 1) emails.push(row.getCell(6).text)
    })
    expect(emails).toContain(mentee.email)
    await message('The file tandem_mentee_user_data.xlsx was downloaded.').waitFor()

    const teams = await exportFile('Matching teams')
    expect(teams.name).toBe('tandem_matching_teams_data.xlsx')
    const teamSheet = teams.workbook.getWorksheet('Matching teams')!
    expect(teamSheet.getRow(1).getCell(1).text).toBe('MT_ID')
    expect(teamSheet.getRow(2).getCell(3).text).toBe('CLOSED')
  })
})
