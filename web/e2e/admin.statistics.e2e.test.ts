// The statistics page in real Chromium against the built app and the real server, in English and
// German: reached from the admin navigation, every chart drawn, the table alternatives opened from
// the keyboard, the PNG and spreadsheet downloads opened, no axe violation with every table open,
// the print layout, the chart library loaded with this page only (not on the other admin screens),
// and the program-year and date filters operated by keyboard changing the figures
// to the known counts of the seeded population (adapters/server/test/support/statistics.population.ts).
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
import { seedStatisticsPopulation } from '../../adapters/server/test/support/statistics.population.js'

const adminPerson: Person = { ...aPerson('Stella'), email: `stella.${Date.now()}@admin.example.org` }
let stack: Stack
let page: Page
/** The text of every script the browser loaded, in order. */
const scripts: Promise<string>[] = []
/** Whether a loaded script holds the chart library (its SVG wrapper's class name). */
const chartLibraryLoaded = async () => (await Promise.all(scripts)).some((text) => text.includes('recharts-wrapper'))

beforeAll(async () => {
  stack = await startStack({ ADMIN_EMAILS: adminPerson.email })
  // Registered now, in the default program year: outside the known population's years and days.
  await seedPopulation(stack.server, generatePopulation({ seed: 17, mentees: 8, mentors: 12 }), `${stack.baseUrl}/oidc`)
  await seedStatisticsPopulation(stack.server.db)
  await stack.server.snapshotPool()
  page = (await stack.newPerson()).page
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => ''))
  })
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

/** How many pixels of a PNG are not white, counted by drawing it in the page. */
const drawnPixels = (bytes: Buffer): Promise<number> =>
  page.evaluate(async (base64) => {
    const image = new Image()
    image.src = `data:image/png;base64,${base64}`
    await image.decode()
    const canvas = document.createElement('canvas')
    canvas.width = image.width
    canvas.height = image.height
    const context = canvas.getContext('2d')!
    context.drawImage(image, 0, 0)
    const { data } = context.getImageData(0, 0, image.width, image.height)
    let drawn = 0
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 250 || data[i + 1]! < 250 || data[i + 2]! < 250) drawn += 1
    return drawn
  }, bytes.toString('base64'))

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
  // Every other table alternative opened from the keyboard too: all nine tables named, no axe violation.
  const toggles = page.locator('button[aria-controls$="-table"][aria-expanded="false"]')
  expect(await toggles.count()).toBe(8)
  while ((await toggles.count()) > 0) {
    await toggles.first().focus()
    await page.keyboard.press('Space')
  }
  expect(await page.locator('[data-statistics-table]:not([hidden]) table').count()).toBe(9)
  await expectAccessible(page)

  const png = await download(funnel.getByRole('button', { name: `${texts.png}: ${texts.funnel}` }))
  expect(png.name).toBe('tandem_statistics_funnel.png')
  expect(png.bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a')
  // The picture is the chart at twice its size on the page (IHDR: width, height), not an empty image.
  const box = await funnel.locator('.recharts-wrapper > svg.recharts-surface').boundingBox()
  expect(png.bytes.readUInt32BE(16)).toBe(Math.ceil(2 * box!.width))
  expect(png.bytes.readUInt32BE(20)).toBe(Math.ceil(2 * box!.height))
  expect(await drawnPixels(png.bytes)).toBeGreaterThan(1_000)

  const sheet = await download(funnel.getByRole('button', { name: `${texts.sheet}: ${texts.funnel}` }))
  expect(sheet.name).toBe('tandem_statistics_funnel.xlsx')
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(sheet.bytes as unknown as ArrayBuffer)
  expect(workbook.worksheets[0]?.name).toBe(texts.sheetName)
  expect(workbook.worksheets[0]?.getRow(2).getCell(1).text).toBe(texts.registered)
}

describe('program statistics in the browser', () => {
  it('shows the charts, their tables and downloads in English', async () => {
    // Signed in on another admin screen, the chart library is not loaded yet: it comes with this page.
    expect(scripts.length).toBeGreaterThan(0)
    expect(await chartLibraryLoaded()).toBe(false)
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
    expect(await chartLibraryLoaded()).toBe(true)
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

/**
 * Chooses program years in the multi-select from the keyboard: the list (a menu of checkable items,
 * as Fluent renders a multi-select) opens with the down arrow, the arrows move through it, Space
 * ticks or unticks the year under the cursor, Escape closes the list.
 */
const chooseYears = async (label: string, years: readonly string[]) => {
  const box = page.getByRole('combobox', { name: label })
  await box.focus()
  await page.keyboard.press('ArrowDown')
  const list = page.getByRole('menu', { name: label })
  await list.waitFor()
  const items = await list.getByRole('menuitemcheckbox').count()
  expect(items).toBeGreaterThanOrEqual(3)
  for (let i = 0; i < items; i++) {
    const active = await box.evaluate((el) => document.getElementById(el.getAttribute('aria-activedescendant') ?? '')?.textContent ?? '')
    const ticked = (await list.getByRole('menuitemcheckbox', { name: active, exact: true }).getAttribute('aria-checked')) === 'true'
    if (years.includes(active) !== ticked) await page.keyboard.press('Space')
    await page.keyboard.press('ArrowDown')
  }
  await page.keyboard.press('Escape')
  await list.waitFor({ state: 'hidden' })
  expect(await box.textContent()).toBe(years.join(', '))
}

/**
 * Types a day into the focused date field as digits (empty: leaves it empty), then Tabs on until the
 * focus leaves the field (Tab may first visit its parts). Headless Chromium orders the parts by its
 * own locale, not the page's, so the tests use days whose day and month are the same number.
 */
const typeDay = async (isoDay: string) => {
  const field = await page.evaluateHandle(() => document.activeElement)
  expect(await field.evaluate((el) => (el as HTMLInputElement | null)?.type)).toBe('date')
  const [year, month, day] = isoDay.split('-')
  expect(day).toBe(month)
  if (isoDay !== '') await page.keyboard.type(`${day}${month}${year}`)
  expect(await field.evaluate((el) => (el as HTMLInputElement).value)).toBe(isoDay)
  for (let i = 0; i < 4 && (await field.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab')
}

/** From the year picker, Tab to From, To and the Show button, and press it. */
const applyFilter = async (
  texts: { readonly years: string; readonly show: string },
  years: readonly string[],
  from: string,
  to: string,
) => {
  await chooseYears(texts.years, years)
  await page.keyboard.press('Tab')
  await typeDay(from)
  await typeDay(to)
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(texts.show)
  await page.keyboard.press('Enter')
}

/** The funnel's table as text, and the match-rate figures beside its chart, once the mentee 'Registered' cell reads `registered`. */
const shownFigures = async (registered: string) => {
  const funnel = page.locator('#statistics-funnel-table table')
  await funnel
    .getByRole('row')
    .nth(1)
    .locator('td')
    .nth(1)
    .filter({ hasText: new RegExp(`^${registered}$`) })
    .waitFor()
  const rows = await funnel
    .getByRole('row')
    .evaluateAll((trs) => trs.slice(1).map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)))
  const figures = await page.locator('#statistics-matching dd').allTextContents()
  return { menteeFunnel: rows.map((r) => r[1]), figures }
}

/** The body rows of a chart's table alternative, as text. */
const tableRows = (chartId: string): Promise<(string | null)[][]> =>
  page
    .locator(`#${chartId}-table tr`)
    .evaluateAll((trs) => trs.slice(1).map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)))

const openAllTables = async () => {
  const toggles = page.locator('button[aria-controls$="-table"][aria-expanded="false"]')
  while ((await toggles.count()) > 0) {
    await toggles.first().focus()
    await page.keyboard.press('Enter')
  }
}

describe('program statistics filters in the browser', () => {
  it('narrows to two program years and a date range from the keyboard, with the known counts (English)', async () => {
    await page.getByRole('button', { name: 'English' }).click()
    await page.getByRole('link', { name: 'Statistics', exact: true }).click()
    await page.waitForFunction(() => document.querySelectorAll('.recharts-wrapper > svg.recharts-surface').length === 9)
    await openAllTables()
    // Unfiltered, the generated population and the administrator count too.
    const before = await page.locator('#statistics-funnel-table tr').nth(1).locator('td').nth(1).textContent()
    expect(before).not.toBe('30')
    const texts = { years: 'Program years', show: 'Show statistics' }

    await applyFilter(texts, ['Statistics A', 'Statistics B'], '', '')
    // the funnel's stages 30, 25, 22, 18, 12, 7 shown rounded to the nearest 5 (docs/privacy.md#statistics)
    expect(await shownFigures('30')).toEqual({ menteeFunnel: ['30', '25', '20', '20', '10', '5'], figures: ['38.9', '40'] })
    const sheet = await download(page.getByRole('button', { name: 'Spreadsheet (xlsx): Funnel per side' }))
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(sheet.bytes as unknown as ArrayBuffer)
    expect(workbook.worksheets[0]?.getColumn(2).values.slice(1, 8)).toEqual(['Mentees', 30, 25, 20, 20, 10, 5])
    // The other figures of the two years, as their tables show them (the teams are all of year A).
    expect(await tableRows('statistics-expiries')).toEqual([
      ['Expired unanswered by the mentee (48 h)', '5'],
      ['Expired unanswered by the mentor (72 h)', '7'],
      ['Mentors paused for silence', '6'],
    ])
    const reasons = await tableRows('statistics-decline-reasons')
    expect(reasons.find((r) => r[1] === 'The mentor’s professional background does not fit my goals.')).toEqual([
      'Mentees',
      'The mentor’s professional background does not fit my goals.',
      '5',
    ])
    expect(reasons.find((r) => r[1] === 'I do not have enough time at the moment.')).toEqual([
      'Mentors',
      'I do not have enough time at the moment.',
      '6',
    ])
    const scores = await tableRows('statistics-scores')
    expect(scores.filter((r) => r[1] !== 'fewer than 5' || r[2] !== 'fewer than 5')).toEqual([
      ['60–69 %', 'fewer than 5', '13'],
      ['80–89 %', '5', 'fewer than 5'],
    ])
    expect((await tableRows('statistics-pool'))[0]).toEqual(['2026-03-01', '20', 'fewer than 5', 'not shown (group under 5)'])
    const genders = await tableRows('statistics-gender')
    expect(['Female', 'Male', 'Not given'].map((g) => genders.find((r) => r[0] === g)?.[1])).toEqual(['20', '7', 'fewer than 5'])

    // 2 February to 3 March: year A's 27 registered on 1 March (shown as 25) (year B's three on 1 February are out),
    // and the 18 first starts of 2 March, 7 of them matched, median 40 hours.
    await applyFilter(texts, ['Statistics A', 'Statistics B'], '2026-02-02', '2026-03-03')
    expect(await shownFigures('25')).toEqual({ menteeFunnel: ['25', '25', '20', '20', '10', '5'], figures: ['38.9', '40'] })
    await expectAccessible(page)
  })

  it('shows the same filters in German, small groups as "weniger als 5"', async () => {
    await page.getByRole('button', { name: 'Deutsch' }).click()
    await page.reload()
    await page.getByRole('link', { name: 'Statistik', exact: true }).click()
    await page.waitForFunction(() => document.querySelectorAll('.recharts-wrapper > svg.recharts-surface').length === 9)
    await openAllTables()
    const texts = { years: 'Programmjahre', show: 'Statistik anzeigen' }

    // Year B alone: three mentees, at every stage too few to show.
    await applyFilter(texts, ['Statistics B'], '', '')
    expect((await shownFigures('weniger als 5')).menteeFunnel).toEqual(Array(6).fill('weniger als 5'))

    // Both years from 3 March on: nobody registered, nobody started matching.
    await applyFilter(texts, ['Statistics A', 'Statistics B'], '2026-03-03', '2026-12-12')
    expect(await shownFigures('weniger als 5')).toEqual({
      menteeFunnel: Array(6).fill('weniger als 5'),
      figures: ['nicht angezeigt (Gruppe unter 5)', 'nicht angezeigt (Gruppe unter 5)'],
    })
    // 2 February to 3 March: the 18 first starts of 2 March, 7 matched, median 40 hours.
    await applyFilter(texts, ['Statistics A', 'Statistics B'], '2026-02-02', '2026-03-03')
    expect(await shownFigures('25')).toEqual({ menteeFunnel: ['25', '25', '20', '20', '10', '5'], figures: ['38,9', '40'] })
    const matching = await page
      .locator('#statistics-matching-table tr')
      .evaluateAll((trs) => trs.slice(1).map((tr) => tr.querySelectorAll('td')[1]?.textContent))
    expect(matching).toEqual(['18', '7', '38,9', '40'])
    await expectAccessible(page)
  })

  it('prints the figures with every table and without navigation, filters or buttons', async () => {
    await page.reload()
    await page.waitForFunction(() => document.querySelectorAll('.recharts-wrapper > svg.recharts-surface').length === 9)
    expect(await page.locator('[data-statistics-table][hidden]').count()).toBe(9)
    await page.emulateMedia({ media: 'print' })
    try {
      for (const table of await page.locator('[data-statistics-table] table').all()) expect(await table.isVisible()).toBe(true)
      expect(await page.locator('.recharts-wrapper > svg.recharts-surface').first().isVisible()).toBe(true)
      expect(await page.getByRole('heading', { name: 'Trichter je Seite' }).isVisible()).toBe(true)
      for (const hidden of [
        page.getByRole('navigation').first(),
        page.getByRole('combobox', { name: 'Programmjahre' }),
        page.getByRole('button', { name: 'Drucken' }),
        page.getByRole('button', { name: 'Tabelle anzeigen: Trichter je Seite' }),
        page.getByRole('button', { name: 'PNG: Trichter je Seite' }),
      ])
        expect(await hidden.isVisible()).toBe(false)
    } finally {
      await page.emulateMedia({ media: null })
    }
    expect(await page.locator('[data-statistics-table] table').first().isVisible()).toBe(false)
  })
})
