// The administrator's cohort page in real Chromium against the built app and the real server: run
// a seeded program year, watch the progress bar, review the draft (totals beside first come, first
// served; drop a pair), publish it after a confirmation; no axe violations, in English and German.
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

  it('reviews the draft: totals beside first come, first served, and drops a pair', async () => {
    const totals = page.getByRole('table', { name: 'Totals' })
    await totals.waitFor({ timeout: 60_000 })
    await totals.getByRole('row', { name: /First come, first served/ }).waitFor()
    const pairs = page.getByRole('table', { name: 'Proposed pairs' })
    const before = (await pairs.getByRole('row').count()) - 1
    expect(before).toBeGreaterThan(0)
    await expectAccessible(page)
    await pairs
      .getByRole('button', { name: /^Drop the pair of / })
      .first()
      .click()
    await message('The pair was dropped.').waitFor()
    await page.getByRole('table', { name: 'Mentees without a pair' }).getByText('Dropped by you').waitFor()
    expect((await pairs.getByRole('row').count()) - 1).toBe(before - 1)
  })

  it('publishes the reviewed pairs after a confirmation: one tandem each', async () => {
    const pairs = (await page.getByRole('table', { name: 'Proposed pairs' }).getByRole('row').count()) - 1
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
    await expectAccessible(page)
  })
})
