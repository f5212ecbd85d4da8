// What the administrator journeys share: signing an administrator up, the axe check of an admin
// page, and picking an option from a searchable picker.
import { expect } from 'vitest'
import type { Page } from 'playwright-core'
import type { Stack } from './harness.js'
import { axeViolations } from './axe.js'
import { confirmationLink } from './mail.js'
import type { Person } from './people.js'

/**
 * Signs the administrator up at the provider. people.ts' `register` waits for the participant
 * dashboard, which an administrator never sees, so the same form is filled here.
 */
export const signUpAdmin = async (p: Page, baseUrl: string, person: Person): Promise<void> => {
  await p.goto(`${baseUrl}/register-as-mentee`)
  await p.waitForURL((url) => url.pathname.startsWith('/oidc/'))
  await p.getByLabel('First name', { exact: true }).fill(person.firstName)
  await p.getByLabel('Last name', { exact: true }).fill(person.lastName)
  await p.getByLabel('Date of birth').fill('1980-02-03')
  await p.getByLabel('Gender').selectOption('Female')
  await p.getByLabel('E-mail address').fill(person.email)
  await p.getByLabel('Password', { exact: true }).fill(person.password)
  await p.getByLabel(/terms and conditions/).check()
  await p.getByLabel(/data privacy policy/).check()
  await p.getByRole('button', { name: 'Create account' }).click()
  await p.waitForURL((url) => url.origin === baseUrl && !url.pathname.startsWith('/oidc/'))
}

/** Asserts no axe violation of any impact on the admin page. */
export const expectAccessible = async (page: Page): Promise<void> => {
  expect(await axeViolations(page)).toEqual([])
}

/** Types into the searchable picker labelled `label` and chooses the first option matching `option`. */
export const pick = async (page: Page, label: string | RegExp, text: string, option: string): Promise<void> => {
  const box = page.getByRole('combobox', { name: label })
  await box.click()
  await box.pressSequentially(text)
  await page
    .getByRole('option', { name: new RegExp(option) })
    .first()
    .click()
}

/**
 * Signs the administrator up, opens the mailed confirmation link (ADMIN_EMAILS counts only on a
 * confirmed address), then lets the app sign in afresh (the provider session is still there) for a
 * token saying so, and waits on the matching-teams page.
 */
export const signInConfirmedAdmin = async (stack: Stack, page: Page, person: Person): Promise<void> => {
  await signUpAdmin(page, stack.baseUrl, person)
  await page.goto(await confirmationLink(stack.dataDir, person.email))
  await page.getByText('Thank you: your e-mail address is confirmed.').waitFor()
  await page.evaluate(() => window.sessionStorage.clear())
  await page.goto(`${stack.baseUrl}/administrator/matching-tandems`)
  await page.getByRole('heading', { name: 'Create a matching team manually' }).waitFor()
}
