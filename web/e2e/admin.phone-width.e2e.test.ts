// The admin screens at phone width (390 px) in German, in real Chromium against the built app and
// the real server (docs/admin.md "Phone width"): the admin bar's link and buttons show their whole
// text inside the window, and table column headers wrap between words, never inside one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { signInConfirmedAdmin } from './support/admin.js'
import { startStack, type Stack } from './support/harness.js'
import { aPerson, type Person } from './support/people.js'

const adminPerson: Person = { ...aPerson('Greta'), email: `greta.${Date.now()}@admin.example.org` }

let stack: Stack
let page: Page

beforeAll(async () => {
  stack = await startStack({ ADMIN_EMAILS: adminPerson.email })
  page = (await stack.newPerson()).page
  await signInConfirmedAdmin(stack, page, adminPerson)
  await page.getByRole('button', { name: 'Deutsch' }).click()
  await page.getByRole('heading', { name: 'Matching-Team manuell erstellen' }).waitFor()
  await page.setViewportSize({ width: 390, height: 844 })
})
afterAll(async () => {
  await stack?.close()
})

/** Each item of the admin bar: whether its text fits inside it and the item inside the window. */
const barItems = async () =>
  await page.getByRole('group', { name: 'Aktionen der Administration' }).evaluate((bar) =>
    Array.from(bar.querySelectorAll<HTMLElement>('a, button'), (item) => {
      const box = item.getBoundingClientRect()
      return {
        text: item.textContent ?? '',
        clipped: item.scrollWidth > item.clientWidth,
        inside: box.left >= 0 && box.right <= window.innerWidth,
      }
    }),
  )

/** The words of every column header that the browser broke over two lines. */
const brokenHeaderWords = async () =>
  await page.evaluate(() => {
    const broken: string[] = []
    for (const th of Array.from(document.querySelectorAll('th'))) {
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        const text = node.textContent ?? ''
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange()
          range.setStart(node, match.index)
          range.setEnd(node, match.index + match[0].length)
          const lines = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)))
          if (lines.size > 1) broken.push(match[0])
        }
      }
    }
    return broken
  })

describe('the admin screens at phone width', () => {
  it('show the admin bar whole, with no button clipped', async () => {
    const items = await barItems()
    expect(items.map((i) => i.text)).toEqual(['Fragebogen', 'Exportieren', 'Synchronisieren'])
    for (const item of items) expect(item, item.text).toMatchObject({ clipped: false, inside: true })
  })

  it('break no column header inside a word', async () => {
    for (const link of ['Zugriffsprotokoll', 'Programmjahr']) {
      await page.getByRole('link', { name: link, exact: true }).click()
      // the audit trail shows changes only at first, and this program has made none yet: its reads too
      if (link === 'Zugriffsprotokoll') await page.getByRole('switch', { name: 'Nur Änderungen' }).click()
      await page.getByRole('main').getByRole('table').first().waitFor()
      expect(await page.locator('th').count()).toBeGreaterThan(0)
      expect(await brokenHeaderWords(), link).toEqual([])
    }
  })
})
