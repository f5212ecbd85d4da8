// The account page's self-service in real Chromium. "Download my data": the page prepares and
// saves one zip holding the person's data. "Delete my account": the dialog names the consequences
// and stays locked until the person types their own address; deleting ends their tandem (the
// mentor is told), says so, and leaves the person signed out for good. The German dialog
// addresses people with "Sie".
import JSZip from 'jszip'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { startStack, type Stack } from './support/harness.js'
import { menteeWithProposal, publishedMentor } from './support/journeys.js'
import type { Person } from './support/people.js'
import { idByEmail } from '../../adapters/server/test/support/user-ids.support.js'

let stack: Stack
let mentee: { page: Page; person: Person }
let mentor: { page: Page; person: Person }
beforeAll(async () => {
  stack = await startStack()
  mentor = await publishedMentor(stack, 'Marta')
  mentee = await menteeWithProposal(stack, 'Mona')
  const card = mentee.page.getByRole('group', { name: `Proposal: ${mentor.person.firstName} ${mentor.person.lastName}` })
  await card.getByRole('button', { name: 'Accept' }).click()
  await mentee.page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click()
  await card.getByText('Accepted – waiting for the answer').waitFor()
})
afterAll(async () => {
  await stack?.close()
})

describe('download my data', () => {
  it('prepares the archive and saves the zip of the person', async () => {
    const { page, person } = mentee
    await page.goto(`${stack.baseUrl}/user/account`)
    const saved = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Download my data' }).click()
    const download = await saved
    expect(download.suggestedFilename()).toMatch(/^tandem-my-data-\d{4}-\d{2}-\d{2}\.zip$/)
    await page.getByText('Your data was saved as a zip file', { exact: false }).waitFor()
    const zip = await JSZip.loadAsync(await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks)))
    const data = JSON.parse(await zip.file('data.json')!.async('string')) as {
      account: { email: string }
      tandems: { partner: { firstName: string } | null }[]
    }
    expect(data.account.email).toBe(person.email)
    expect(data.tandems.map((x) => x.partner?.firstName)).toContain('Marta')
    expect(zip.file('summary.txt')).not.toBeNull()
  })
})

describe('delete my account', () => {
  it('names the consequences in German and addresses the person formally', async () => {
    const { page } = mentor
    await page.goto(`${stack.baseUrl}/user/account`)
    await page.getByRole('button', { name: 'Deutsch' }).click()
    await page.getByRole('button', { name: 'Mein Konto löschen' }).click()
    const dialog = page.getByRole('alertdialog')
    await dialog.getByRole('heading', { name: 'Ihr Konto endgültig löschen?' }).waitFor()
    expect(await dialog.textContent()).toContain('Ihre Tandem-Partner*innen erhalten eine E-Mail ohne Ihre Daten.')
    await dialog.getByRole('button', { name: 'Abbrechen' }).click()
    await dialog.waitFor({ state: 'detached' })
    await page.getByRole('button', { name: 'English' }).click()
    expect(await stack.server.ctx.users.byEmail(mentor.person.email)).toBeTruthy()
  })

  it('deletes only once the own address is typed, tells the partner and leaves the person signed out', async () => {
    const { page, person } = mentee
    await page.goto(`${stack.baseUrl}/user/account`)
    await page.getByRole('heading', { level: 2, name: 'Your data' }).waitFor()
    await page.getByRole('button', { name: 'Delete my account' }).click()
    const dialog = page.getByRole('alertdialog')
    await dialog.getByText('Your live tandems and proposals end at once', { exact: false }).waitFor()
    await dialog.getByText('cannot sign in with this account again', { exact: false }).waitFor()
    const confirm = dialog.getByRole('button', { name: 'Delete my account' })
    const typed = dialog.getByRole('textbox', { name: /type your e-mail address/ })
    expect(await confirm.isDisabled()).toBe(true)
    await typed.fill(`x${person.email}`)
    expect(await confirm.isDisabled()).toBe(true)
    expect(await stack.server.ctx.users.byEmail(person.email)).toBeTruthy()
    await typed.fill(person.email.toUpperCase())
    expect(await confirm.isDisabled()).toBe(false)
    await confirm.click()

    await page.getByRole('alertdialog').getByRole('heading', { name: 'Your account has been deleted' }).waitFor()
    expect(await stack.server.ctx.users.byEmail(person.email)).toBeFalsy()
    const mentorId = await idByEmail(stack.server.ctx, mentor.person.email)
    expect((await stack.server.ctx.outbox.historyOf(mentorId)).map((m) => m.type)).toContain('PARTNER_LEFT')

    // Closing leaves for a fresh start with no session: the account page sends them to the sign-in.
    await page.getByRole('button', { name: 'Close' }).click()
    await page.waitForURL(`${stack.baseUrl}/`)
    await page.goto(`${stack.baseUrl}/user/account`)
    await page.waitForURL(/\/oidc\//)
    await page.getByLabel('Password').waitFor()
    expect(await stack.server.ctx.users.byEmail(person.email)).toBeFalsy()
  })
})
