// The statistics page in real Chromium against the built app and the real server, in English and
// German: reached from the admin navigation, every chart drawn, the table alternatives opened from
// the keyboard, the PNG and spreadsheet downloads opened, and no axe violation.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import ExcelJS from 'exceljs'
import { generatePopulation } from '@tandem/fixtures'
import { seedPopulation } from '@tandem/server'
import { expectAccessible, signInConfirmedAdmin } from './support/admin.js'
import { startStack, type Stack } from './support/harness.js'
import { aPerson, type Person } from './support/people.js'

const adminPerson: Person = { ...aPerson('Stella'), email: `stella.${Date.now()}@admin.example.org` }
let stack: Stack
let page: Page

beforeAll(async () => {
  stack = await startStack({ ADMIN_EMAILS: adminPerson.email })
  seedPopulation(stack.server, generatePopulation({ seed: 17, mentees: 8, mentors: 12 }), `${stack.baseUrl}/oidc`)
  stack.server.snapshotPool()
  page = (await stack.newPerson()).page
  await signInConfirmedAdmin(stack, page, adminPerson)
})
afterAll(async () => {
  await stack?.close()
})

const download = async (button: ReturnType<Page['getByRole']>) => {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()])
  const path = join(stack.dataDir, file.suggestedFilename())
  await file.saveAs(path)
  return { name: file.suggestedFilename(), bytes: readFileSync(path) }
}

const checkPage = async (texts: {
  readonly link: string
  readonly title: string
  readonly funnel: string
  readonly showTable: string
  readonly registered: string
  readonly png: string
  readonly sheet: string
  readonly sheetName: string
}) => {
  await page.getByRole('link', { name: texts.link, exact: true }).click()
  await page.getByRole('heading', { name: texts.title }).waitFor()
  const funnel = page.locator('section#statistics-funnel')
  await funnel.getByRole('heading', { name: texts.funnel }).waitFor()
  // Nine charts, each an SVG with its bars or line drawn; the document title names the page.
  await page.waitForFunction(() => document.querySelectorAll('.recharts-wrapper > svg.recharts-surface').length === 9)
  expect(await page.title()).toBe(`${texts.link} – Tandem`)
  expect(await funnel.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0)
  expect(await page.getByRole('img', { name: new RegExp(texts.funnel) }).count()).toBe(1)

  const toggle = funnel.locator('button[aria-controls="statistics-funnel-table"]')
  expect(await toggle.getAttribute('aria-label')).toBe(`${texts.showTable}: ${texts.funnel}`)
  await toggle.focus()
  await page.keyboard.press('Enter')
  expect(await toggle.getAttribute('aria-expanded')).toBe('true')
  const table = funnel.getByRole('table', { name: texts.funnel })
  await table.waitFor()
  expect(await table.getByRole('row').nth(1).locator('td').first().textContent()).toBe(texts.registered)
  await expectAccessible(page)

  const png = await download(funnel.getByRole('button', { name: `${texts.png}: ${texts.funnel}` }))
  expect(png.name).toBe('tandem_statistics_funnel.png')
  expect(png.bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a')

  const sheet = await download(funnel.getByRole('button', { name: `${texts.sheet}: ${texts.funnel}` }))
  expect(sheet.name).toBe('tandem_statistics_funnel.xlsx')
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(sheet.bytes as unknown as ArrayBuffer)
  expect(workbook.worksheets[0]?.name).toBe(texts.sheetName)
  expect(workbook.worksheets[0]?.getRow(2).getCell(1).text).toBe(texts.registered)
}

describe('program statistics in the browser', () => {
  it('shows the charts, their tables and downloads in English', async () => {
    await checkPage({
      link: 'Statistics',
      title: 'Program statistics',
      funnel: 'Funnel per side',
      showTable: 'Show table',
      registered: 'Registered',
      png: 'PNG',
      sheet: 'Spreadsheet (xlsx)',
      sheetName: 'Funnel',
    })
  })

  it('shows the same in German', async () => {
    await page.getByRole('button', { name: 'Deutsch' }).click()
    await page.getByRole('link', { name: 'Statistik', exact: true }).waitFor()
    // a fresh page: the tables closed again, the language kept
    await page.reload()
    await page.getByRole('link', { name: 'Statistik', exact: true }).waitFor()
    await checkPage({
      link: 'Statistik',
      title: 'Programmstatistik',
      funnel: 'Trichter je Seite',
      showTable: 'Tabelle anzeigen',
      registered: 'Registriert',
      png: 'PNG',
      sheet: 'Tabelle (xlsx)',
      sheetName: 'Trichter',
    })
  })
})
