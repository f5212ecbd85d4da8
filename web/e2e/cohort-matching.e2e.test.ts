// The administrator's cohort page in real Chromium against the built app and the real server: run
// a seeded program year, watch the progress bar, review the draft (totals beside first come, first
// served; turn its pages by keyboard; drop a pair), publish it after a confirmation; no axe
// violations, in English and German.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { generatePopulation } from '@tandem/fixtures'
import { seedPopulation } from '@tandem/server'
import { expectAccessible, signInConfirmedAdmin } from './support/admin.js'
import { startStack, type Stack } from './support/harness.js'
import { aPerson, type Person } from './support/people.js'

const adminPerson: Person = { ...aPerson('Cora'), email: `cora.${Date.now()}@admin.example.org` }

let stack: Stack
let page: Page
const population = generatePopulation({ seed: 5, mentees: 120, mentors: 60, pausedShare: 0 })
const message = (text: string | RegExp) => page.getByTestId('admin-message').filter({ hasText: text })
/** The pairs of the whole draft, from its totals ("58 of 120"): the table shows one page of them. */
const pairsInDraft = async (): Promise<number> => {
  const row = page.getByRole('table', { name: 'Totals' }).getByRole('row', { name: /This draft/ })
  return Number(/(\d+) of \d+/.exec((await row.textContent()) ?? '')?.[1] ?? Number.NaN)
}

beforeAll(async () => {
  stack = await startStack({ ADMIN_EMAILS: adminPerson.email })
  await seedPopulation(stack.server, population, `${stack.baseUrl}/oidc`)
  page = (await stack.newPerson()).page
  await signInConfirmedAdmin(stack, page, adminPerson)
})
afterAll(async () => {
  await stack?.close()
})

describe('an administrator matches a whole program year', () => {
  it('runs the program year and sees the progress with its phase', async () => {
    await page.getByRole('link', { name: 'Cohort matching' }).click()
    await page.getByRole('heading', { name: 'Cohort matching', level: 2 }).waitFor()
    await expectAccessible(page)
    await page.getByRole('spinbutton', { name: /Minimum percentage/ }).fill('20')
    await page.getByRole('button', { name: 'Run', exact: true }).click()
    // The worker thread takes a moment to start: the progress shows its phase and Cancel meanwhile.
    await page.getByRole('progressbar').waitFor()
    await page.getByRole('button', { name: 'Cancel run' }).waitFor()
    await expectAccessible(page)
  })

  it('reviews the draft a page at a time: totals beside first come, first served, pages turned by keyboard', async () => {
    const totals = page.getByRole('table', { name: 'Totals' })
    await totals.waitFor({ timeout: 60_000 })
    await totals.getByRole('row', { name: /First come, first served/ }).waitFor()
    const pairs = page.getByRole('table', { name: 'Proposed pairs' })
    const inDraft = await pairsInDraft()
    // More pairs than one page holds: the table shows the first 25 of them.
    expect(inDraft).toBeGreaterThan(25)
    expect((await pairs.getByRole('row').count()) - 1).toBe(25)
    await page.getByText(`Pairs 1–25 of ${inDraft}`).waitFor()
    await expectAccessible(page)
    const firstOfPageOne = await pairs.getByRole('row').nth(1).textContent()
    const pages = page.getByRole('navigation', { name: 'Pages of the proposed pairs' })
    await pages.getByRole('button', { name: 'Page 2' }).focus()
    await page.keyboard.press('Enter')
    await page.getByText(`Pairs 26–${Math.min(50, inDraft)} of ${inDraft}`).waitFor()
    await expect(pages.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).resolves.toBe('page')
    expect(await pairs.getByRole('row').nth(1).textContent()).not.toBe(firstOfPageOne)
    // The mentees without a pair keep their own first page.
    await page.getByRole('navigation', { name: 'Pages of the mentees without a pair' }).getByRole('button', { name: 'Page 1' }).waitFor()
    await pages.getByRole('button', { name: 'Page 1' }).focus()
    await page.keyboard.press('Enter')
    await page.getByText(`Pairs 1–25 of ${inDraft}`).waitFor()
  })

  it('drops a pair: one pair fewer in the draft, the mentee listed as dropped', async () => {
    const pairs = page.getByRole('table', { name: 'Proposed pairs' })
    const before = await pairsInDraft()
    const dropped = (await pairs.getByRole('row').nth(1).getByRole('cell').first().textContent()) ?? ''
    await pairs
      .getByRole('button', { name: /^Drop the pair of / })
      .first()
      .click()
    await message('The pair was dropped.').waitFor()
    await page.getByText(`Pairs 1–25 of ${before - 1}`).waitFor()
    expect(await pairsInDraft()).toBe(before - 1)
    await expect(pairs.getByRole('row', { name: new RegExp(`^${dropped}`) }).count()).resolves.toBe(0)
    // Dropped mentees sort by id among the others without a pair: find the row on its page.
    const unmatched = page.getByRole('table', { name: 'Mentees without a pair' })
    const unmatchedPages = page.getByRole('navigation', { name: 'Pages of the mentees without a pair' })
    for (let p = 1; ; p++) {
      if ((await unmatched.getByRole('row', { name: new RegExp(`^${dropped}.*Dropped by you`) }).count()) === 1) break
      const next = unmatchedPages.getByRole('button', { name: `Page ${p + 1}` })
      if ((await next.count()) === 0) throw new Error(`${dropped} is not listed as dropped`)
      await next.click()
      await page.getByText(new RegExp(`^Mentees without a pair ${p * 25 + 1}–`)).waitFor()
    }
  })

  it('publishes the reviewed pairs after a confirmation: one tandem each', async () => {
    const pairs = await pairsInDraft()
    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    const dialog = page.getByRole('alertdialog')
    await expect(dialog.textContent()).resolves.toContain(`${pairs} pairs`)
    await dialog.getByRole('button', { name: 'Confirm' }).click()
    await message(`${pairs} tandems were created; 0 pairs were skipped.`).waitFor()
    await page.getByText(`Published by ${adminPerson.email}.`).waitFor()
    const world = await stack.server.ctx.store.load({ userIds: (await stack.server.ctx.users.all()).map((u) => u.id) })
    expect([...world.tandems.values()].filter((t) => t.state === 'ACTIVE')).toHaveLength(pairs)
    await expectAccessible(page)
  })

  it('speaks German with the formal address and stays accessible', async () => {
    await page.getByRole('button', { name: 'Deutsch' }).click()
    await page.getByRole('heading', { name: 'Kohorten-Matching', level: 2 }).waitFor()
    await page.getByRole('link', { name: 'Kohorten-Matching' }).waitFor()
    await page
      .getByRole('table', { name: 'Summen' })
      .getByRole('row', { name: /Wer zuerst kommt, mahlt zuerst/ })
      .waitFor()
    await page.getByText(`Veröffentlicht von ${adminPerson.email}.`).waitFor()
    await page.getByRole('navigation', { name: 'Seiten der vorgeschlagenen Paare' }).getByRole('button', { name: 'Seite 2' }).waitFor()
    await page.getByText(/^Paare 1–25 von \d+$/).waitFor()
    await expectAccessible(page)
  })
})
