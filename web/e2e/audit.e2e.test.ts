// The audit trail in real Chromium against the built app and the real server: an administrator
// opens a person's information, finds that read in the audit trail (also when filtering by the
// person's e-mail), sees the page in German, with no axe violations in either language; a year on,
// the page lists the people due for deletion, as the server counts them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { generatePopulation } from '@tandem/fixtures'
import { manualClock, seedPopulation } from '@tandem/server'
import { DAY } from '@tandem/core'
import { expectAccessible, pick, signInConfirmedAdmin } from './support/admin.js'
import { startStack, type Stack } from './support/harness.js'
import { aPerson, type Person } from './support/people.js'

const adminPerson: Person = { ...aPerson('Ada'), email: `ada.${Date.now()}@admin.example.org` }

let stack: Stack
let page: Page
const population = generatePopulation({ seed: 53, mentees: 2, mentors: 1 })
const mentee = population.mentees[0]!
const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`
const idOf = async (email: string) => (await stack.server.ctx.users.byEmail(email))?.id

beforeAll(async () => {
  stack = await startStack({ ADMIN_EMAILS: adminPerson.email })
  await seedPopulation(stack.server, population, `${stack.baseUrl}/oidc`)
  page = (await stack.newPerson()).page
  await signInConfirmedAdmin(stack, page, adminPerson)
})
afterAll(async () => {
  await stack?.close()
})

const auditRows = () => page.getByRole('table', { name: 'Audit records' }).getByRole('row')

describe('the audit trail', () => {
  it("shows that the administrator opened a person's information, with the person's id", async () => {
    await page.getByRole('link', { name: 'User info' }).click()
    await pick(page, /User/, mentee.firstName, fullName(mentee))
    await page.getByRole('button', { name: 'display information' }).click()
    await page.getByRole('button', { name: 'Account' }).waitFor()
    await page.getByRole('link', { name: 'Audit trail' }).click()
    await page.waitForURL(/\/administrator\/audit$/)
    await page.getByRole('heading', { name: 'Audit trail' }).waitFor()
    // the page shows changes only at first; a look at someone's information is a read
    await page.getByRole('switch', { name: 'Changes only' }).click()
    const read = auditRows().filter({ hasText: 'opened user information' })
    await read.first().waitFor()
    expect(await read.first().textContent()).toContain(String(await idOf(mentee.email)))
    await page.getByRole('heading', { name: 'Due for deletion' }).waitFor()
    await expectAccessible(page)
  })

  it("filters by the person's e-mail and by action", async () => {
    await page.getByRole('textbox', { name: 'Person (e-mail or id)' }).fill(mentee.email)
    await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'opened user information' })
    await page.getByRole('button', { name: 'Show records' }).click()
    await page.getByText('1 record', { exact: true }).waitFor()
    expect(await auditRows().count()).toBe(2)
    await page.getByRole('textbox', { name: 'Person (e-mail or id)' }).fill('not a person')
    await page.getByRole('button', { name: 'Show records' }).click()
    await page.getByText('This value is not valid.').waitFor()
    await expectAccessible(page)
  })

  it('speaks German, formally', async () => {
    await page.getByRole('button', { name: 'Deutsch' }).click()
    await page.getByRole('heading', { name: 'Zugriffsprotokoll' }).waitFor()
    await page.getByRole('heading', { name: 'Zur Löschung anstehend' }).waitFor()
    await page.getByRole('link', { name: 'Zugriffsprotokoll' }).waitFor()
    await expectAccessible(page)
  })

  it('lists the people due for deletion once their retention period nears, with the reason (a server restarted a year on)', async () => {
    await stack.restart({ clock: manualClock(Date.now() + 360 * DAY) })
    await page.reload()
    // What the server counts as due, asked with the administrator's own session.
    const fromServer = await page.evaluate(async () => {
      const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:')) ?? ''
      const token = (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token ?? ''
      const reply = await fetch('/api/Admin/GetRetentionDue', { headers: { authorization: `Bearer ${token}` } })
      return ((await reply.json()) as { value: { email: string }[] }).value.map((row) => row.email)
    })
    expect(fromServer).toContain(mentee.email)
    expect(fromServer).not.toContain(adminPerson.email)
    const table = page.getByRole('table', { name: 'Zur Löschung anstehende Personen' })
    const row = table.getByRole('row').filter({ hasText: mentee.email })
    await row.waitFor()
    expect(await row.textContent()).toContain('keine Anmeldung')
    expect(await table.getByRole('row').count()).toBe(fromServer.length + 1)
    await expectAccessible(page)
  })
})
