// A deleted person stays deleted, in real Chromium: the participant still has the app open while
// an administrator deletes them; a reload shows the account-deleted page instead of registering
// them again, in English and German, and they stay out of the administrator's lists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { pick, signInConfirmedAdmin } from './support/admin.js'
import { startStack, type Stack } from './support/harness.js'
import { aPerson, register, type Person } from './support/people.js'

const adminPerson: Person = { ...aPerson('Ada'), email: `ada.${Date.now()}@admin.example.org` }
const participant = aPerson('Dora')
const fullName = (p: Person) => `${p.firstName} ${p.lastName}`

let stack: Stack
let admin: Page
let person: Page
beforeAll(async () => {
  stack = await startStack({ ADMIN_EMAILS: adminPerson.email })
  person = (await stack.newPerson()).page
  await register(person, stack.baseUrl, participant, 'mentee')
  admin = (await stack.newPerson()).page
  await signInConfirmedAdmin(stack, admin, adminPerson)
})
afterAll(async () => {
  await stack?.close()
})

describe('a participant deleted while their app is open', () => {
  it('sees the account-deleted page on reload and is not registered again', async () => {
    await admin.getByRole('link', { name: 'User info' }).click()
    await pick(admin, /User/, participant.email, fullName(participant))
    await admin.getByRole('button', { name: 'display information' }).click()
    await admin.getByRole('button', { name: 'Delete user' }).click()
    await admin.getByRole('alertdialog').last().getByRole('button', { name: 'Confirm' }).click()
    await admin.getByTestId('admin-message').filter({ hasText: 'The user was deleted.' }).waitFor()
    expect(await stack.server.ctx.users.byEmail(participant.email)).toBeFalsy()

    // Their tab still holds a valid access token: a reload must not bring them back.
    await person.reload()
    await person.getByRole('heading', { level: 1, name: 'This account was deleted' }).waitFor()
    await person.getByRole('button', { name: 'Sign out' }).waitFor()
    // The registration entry point, which signs up whoever arrives signed in, refuses them too.
    await person.goto(`${stack.baseUrl}/register-as-mentee`)
    await person.getByRole('heading', { level: 1, name: 'This account was deleted' }).waitFor()
    await person.getByRole('button', { name: 'Deutsch' }).click()
    await person.getByRole('heading', { level: 1, name: 'Dieses Konto wurde gelöscht' }).waitFor()
    await person.getByText('Sie können es nicht mehr verwenden.', { exact: false }).waitFor()
    expect(await stack.server.ctx.users.byEmail(participant.email)).toBeFalsy()

    // Nor does the administrator find them again: the list the picker filters has loaded without them,
    // the picker offers the administrator for their own address, and nobody once the participant's is typed.
    const listed = admin.waitForResponse((r) => new URL(r.url()).pathname === '/api/Admin/GetAllUsers')
    await admin.reload()
    const users = (await (await listed).json()) as { value: { email: string }[] }
    expect(users.value.map((u) => u.email)).toContain(adminPerson.email)
    expect(users.value.map((u) => u.email)).not.toContain(participant.email)
    const box = admin.getByRole('combobox', { name: /User/ })
    const offered = admin.getByRole('option', { name: new RegExp(fullName(adminPerson)) })
    await box.click()
    await box.pressSequentially(adminPerson.email)
    await offered.waitFor()
    await box.fill('')
    await box.pressSequentially(participant.email)
    // The picker has filtered by the new text once the administrator's option is gone.
    await offered.waitFor({ state: 'detached' })
    expect(await admin.getByRole('option', { name: new RegExp(fullName(participant)) }).count()).toBe(0)
  })
})
