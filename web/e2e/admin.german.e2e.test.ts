// The administrator's journey in German, in real Chromium against the built app and the real
// server: program years, mentee and mentor lists, matching teams and user information with German
// texts and no serious or critical axe violations; then the user-information actions the English
// journey leaves out: the mentor matching switch (with the incomplete-profile refusal), the
// read-only mentee status and program year, and deleting a user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { generatePopulation, type Population } from '@tandem/fixtures'
import { seedPopulation } from '@tandem/server'
import { expectAccessible, pick, signInConfirmedAdmin } from './support/admin.js'
import { startStack, type Stack } from './support/harness.js'
import { aPerson, type Person } from './support/people.js'

const adminPerson: Person = { ...aPerson('Greta'), email: `greta.${Date.now()}@admin.example.org` }
const YEAR = 'Jahrgang 2031'

let stack: Stack
let page: Page
// pausedShare 0: every seeded mentor starts AVAILABLE; the third mentor has no answers, so its
// profile is incomplete (seeding publishes it regardless), which only shows once it is re-enabled.
const generated = generatePopulation({ seed: 91, mentees: 1, mentors: 3, pausedShare: 0 })
const population: Population = {
  mentees: generated.mentees,
  mentors: generated.mentors.map((m, i) => (i === 2 ? { ...m, mentorAnswers: null } : m)),
}
const mentee = population.mentees[0]!
const [teamMentor, completeMentor, incompleteMentor] = [population.mentors[0]!, population.mentors[1]!, population.mentors[2]!]
const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`
const statusOf = async (email: string) => (await stack.server.ctx.users.byEmail(email))?.participant

/** Confirms the open confirmation with the German button. */
const confirm = async () => {
  await page.getByRole('alertdialog').last().getByRole('button', { name: 'Bestätigen' }).click()
}

const message = (text: string | RegExp) => page.getByTestId('admin-message').filter({ hasText: text })

const showUser = async (person: { firstName: string; lastName: string; email: string }) => {
  await page.getByRole('link', { name: 'Benutzerinfo' }).click()
  await pick(page, /Person/, person.email, fullName(person))
  await page.getByRole('button', { name: 'Informationen anzeigen' }).click()
  await page.getByRole('button', { name: 'Konto' }).waitFor()
}

/** Filters a user list by the given German status labels. */
const filterList = async (link: string, statuses: readonly string[]) => {
  await page.getByRole('link', { name: link, exact: true }).click()
  await page.getByRole('combobox', { name: 'Status' }).click()
  for (const s of statuses)
    await page
      .getByRole('menuitemcheckbox', { name: s, exact: true })
      .or(page.getByRole('option', { name: s, exact: true }))
      .click()
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'filtern und anzeigen' }).click()
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

describe('an administrator works in German', () => {
  it('switches the interface to Deutsch: the admin navigation and screens speak German', async () => {
    await page.getByRole('button', { name: 'Deutsch' }).click()
    await page.getByRole('heading', { name: 'Matching-Team manuell erstellen' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de')
    for (const link of ['Matching-Teams', 'Mentees', 'Mentor*innen', 'Benutzerinfo', 'Programmjahr']) {
      await page.getByRole('link', { name: link, exact: true }).waitFor()
    }
  })

  it('creates a program year and sees the German confirmation and validation text', async () => {
    await page.getByRole('link', { name: 'Programmjahr', exact: true }).click()
    await page.getByRole('table', { name: 'Programmjahre' }).waitFor()
    await expectAccessible(page)
    await page.getByRole('textbox', { name: /Titel des Programmjahres/ }).fill('2031*')
    await page.getByRole('button', { name: 'Programmjahr erstellen' }).click()
    await page
      .getByText('Bitte verwenden Sie höchstens 30 Buchstaben, Ziffern, Schrägstriche, Leerzeichen, Unterstriche oder Bindestriche.')
      .waitFor()
    await page.getByRole('textbox', { name: /Titel des Programmjahres/ }).fill(YEAR)
    await page.getByRole('button', { name: 'Programmjahr erstellen' }).click()
    await message(`Das Programmjahr ${YEAR} wurde erstellt.`).waitFor()
    await page
      .getByRole('row', { name: new RegExp(YEAR) })
      .getByRole('button', { name: `Deaktivieren ${YEAR}` })
      .waitFor()
    await expectAccessible(page)
  })

  it('lists mentees and mentors with the German filter button and status labels', async () => {
    await filterList('Mentees', ['NEU'])
    const mentees = page.getByRole('table', { name: 'Mentees' })
    await mentees.getByText(mentee.email).waitFor()
    await mentees.getByRole('row').filter({ hasText: mentee.email }).getByText('NEU', { exact: true }).waitFor()
    await mentees.getByRole('columnheader', { name: 'Registrierungsdatum' }).waitFor()
    await expectAccessible(page)

    await filterList('Mentor*innen', ['VERFÜGBAR'])
    // the page is named as its navigation link says (it said 'Mentoren' under a 'Mentor*innen' link)
    await page.getByRole('heading', { level: 2, name: 'Mentor*innen', exact: true }).waitFor()
    const mentors = page.getByRole('table', { name: 'Mentor*innen' })
    for (const m of population.mentors) await mentors.getByText(m.email).waitFor()
    expect(await mentors.getByText('VERFÜGBAR', { exact: true }).count()).toBe(population.mentors.length)
    await expectAccessible(page)
  })

  it('shows the matching teams filter panel and the empty-selection text in German', async () => {
    await page.getByRole('link', { name: 'Matching-Teams' }).click()
    await page.getByRole('heading', { name: 'Suchen und filtern' }).waitFor()
    for (const label of ['Team-ID', 'Person (Name oder E-Mail)']) await page.getByRole('textbox', { name: label }).waitFor()
    for (const label of ['Team-Status', 'Programmjahr']) await page.getByRole('combobox', { name: label }).waitFor()
    await page.getByRole('button', { name: 'Suchen', exact: true }).waitFor()
    await page.getByText('Wählen Sie ein Matching-Team, um Details anzuzeigen').waitFor()
    await expectAccessible(page)
  })

  it('shows user information in German accordions and makes the mentee available in the new year', async () => {
    await showUser(mentee)
    for (const header of ['Konto', 'Mentee']) await page.getByRole('button', { name: header, exact: true }).waitFor()
    await page.getByText('Registrierungsdatum').first().waitFor()
    await expectAccessible(page)
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'VERFÜGBAR' })
    await page.getByRole('combobox', { name: 'Programmjahr' }).selectOption(YEAR)
    await page.getByRole('button', { name: 'Status und Programmjahr speichern' }).click()
    await expect(page.getByRole('alertdialog').textContent()).resolves.toContain(
      'Möchten Sie Status und Programmjahr dieses Mentees ändern?',
    )
    await confirm()
    await message('Die Angaben wurden aktualisiert.').waitFor()
    expect((await statusOf(mentee.email))?.mentee?.status).toBe('AVAILABLE')
  })
})

describe('user information: matching switch, read-only mentee, delete (in German)', () => {
  it('an admin creates a team by hand: the mentee is then PROPOSED and its status and program year are read-only', async () => {
    await page.getByRole('link', { name: 'Matching-Teams' }).click()
    await pick(page, 'Mentee', mentee.lastName, fullName(mentee))
    await pick(page, 'Mentor', teamMentor.email, fullName(teamMentor))
    await page.getByRole('button', { name: 'Erstellen', exact: true }).click()
    await confirm()
    await message('Das Matching-Team wurde erstellt.').waitFor()
    expect((await statusOf(mentee.email))?.mentee?.status).toBe('PROPOSED')

    await showUser(mentee)
    await page
      .getByText('Status und Programmjahr können nur geändert werden, solange der Mentee VERFÜGBAR, IN BEARBEITUNG oder NEU ist.')
      .waitFor()
    await page.getByText('VORGESCHLAGEN', { exact: true }).first().waitFor()
    expect(await page.getByRole('combobox', { name: 'Status' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Status und Programmjahr speichern' }).count()).toBe(0)
    await expectAccessible(page)
  })

  it("an admin disables and re-enables a mentor's matching (docs/product.md#mentor-status)", async () => {
    await showUser(completeMentor)
    const toggle = page.getByRole('switch', { name: 'Matching aktiviert' })
    expect(await toggle.isChecked()).toBe(true)
    await toggle.click()
    await message('Die Angaben wurden aktualisiert.').waitFor()
    await expect.poll(() => toggle.isChecked()).toBe(false)
    expect((await statusOf(completeMentor.email))?.mentor?.status).toBe('PAUSED')
    await page.getByText('PAUSIERT', { exact: true }).first().waitFor()
    await toggle.click()
    await expect.poll(() => toggle.isChecked()).toBe(true)
    expect((await statusOf(completeMentor.email))?.mentor?.status).toBe('AVAILABLE')
    // Next to the toggle: how many mentees at once, and the places taken (docs/matching.md#places).
    await page.getByText('Belegte Plätze / Kapazität:').waitFor()
    await page.getByRole('combobox', { name: 'Mentees gleichzeitig' }).click()
    await page.getByRole('option', { name: '3' }).click()
    await message('Die Angaben wurden aktualisiert.').waitFor()
    await expect.poll(async () => (await statusOf(completeMentor.email))?.mentor?.capacity).toBe(3)
    await page.getByText('0 / 3').waitFor()
    await expectAccessible(page)
  })

  it('enabling matching needs a complete profile: the admin sees admin-profile-data-incomplete and the mentor stays paused', async () => {
    await showUser(incompleteMentor)
    const toggle = page.getByRole('switch', { name: 'Matching aktiviert' })
    await toggle.click()
    await expect.poll(async () => (await statusOf(incompleteMentor.email))?.mentor?.status).toBe('PAUSED')
    await expect.poll(() => toggle.isChecked()).toBe(false)
    await toggle.click()
    await message('Das Mentor*in-Profil ist unvollständig: Das Matching kann nicht aktiviert werden.').waitFor()
    expect(await toggle.isChecked()).toBe(false)
    expect((await statusOf(incompleteMentor.email))?.mentor?.status).toBe('PAUSED')
  })

  it('deletes a user after the confirmation; the user is gone from the lists and the picker', async () => {
    await showUser(incompleteMentor)
    await page.getByRole('button', { name: 'Person löschen' }).click()
    await expect(page.getByRole('alertdialog').textContent()).resolves.toContain(
      `Möchten Sie ${fullName(incompleteMentor)} wirklich löschen?`,
    )
    // the dialog fades in; contrast is only meaningful once it is fully opaque
    await page.waitForFunction(() => [...document.querySelectorAll('.fui-DialogSurface')].every((e) => getComputedStyle(e).opacity === '1'))
    await expectAccessible(page)
    await confirm()
    await message('Die Person wurde gelöscht.').waitFor()
    expect(await stack.server.ctx.users.byEmail(incompleteMentor.email)).toBeFalsy()
    expect(await page.getByRole('button', { name: 'Konto' }).count()).toBe(0)

    const box = page.getByRole('combobox', { name: /Person/ })
    await box.click()
    await box.pressSequentially(incompleteMentor.email)
    expect(await page.getByRole('option', { name: new RegExp(fullName(incompleteMentor)) }).count()).toBe(0)
    await page.keyboard.press('Escape')

    await filterList('Mentor*innen', ['VERFÜGBAR', 'PAUSIERT'])
    const mentors = page.getByRole('table', { name: 'Mentor*innen' })
    await mentors.getByText(completeMentor.email).waitFor()
    expect(await mentors.getByText(incompleteMentor.email).count()).toBe(0)
  })
})
