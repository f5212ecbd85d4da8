// What a person does in the browser: register through the provider's sign-up form, fill a
// questionnaire by its labels, and read what the screens say.
import type { Page } from 'playwright-core'

export type Person = { readonly firstName: string; readonly lastName: string; readonly email: string; readonly password: string }

let counter = 0
export const aPerson = (firstName: string): Person => {
  counter += 1
  return {
    firstName,
    lastName: `${firstName}son`,
    email: `${firstName.toLowerCase()}.${Date.now()}.${counter}@example.org`,
    password: 'mentoring-2026',
  }
}

const SIGNUP_LABELS = {
  en: {
    first: 'First name',
    last: 'Last name',
    birth: 'Date of birth',
    gender: 'Gender',
    email: 'E-mail address',
    password: 'Password',
    terms: /terms and conditions/,
    privacy: /data privacy policy/,
    submit: 'Create account',
  },
  de: {
    first: 'Vorname',
    last: 'Nachname',
    birth: 'Geburtsdatum',
    gender: 'Geschlecht',
    email: 'E-Mail-Adresse',
    password: 'Passwort',
    terms: /Geschäftsbedingungen/,
    privacy: /Datenschutz/,
    submit: 'Konto erstellen',
  },
} as const

/** Opens the register route, signs up at the provider and comes back to the app signed in. */
export const register = async (
  page: Page,
  baseUrl: string,
  person: Person,
  side: 'mentee' | 'mentor',
  language: 'en' | 'de' = 'en',
): Promise<void> => {
  const labels = SIGNUP_LABELS[language]
  await page.goto(`${baseUrl}/register-as-${side}`)
  await page.waitForURL((url) => url.pathname.startsWith('/oidc/'))
  await page.getByLabel(labels.first, { exact: true }).fill(person.firstName)
  await page.getByLabel(labels.last, { exact: true }).fill(person.lastName)
  await page.getByLabel(labels.birth).fill('1990-05-17')
  await page.getByLabel(labels.gender).selectOption('Female')
  await page.getByLabel(labels.email).fill(person.email)
  await page.getByLabel(labels.password, { exact: true }).fill(person.password)
  await page.getByLabel(labels.terms).check()
  await page.getByLabel(labels.privacy).check()
  await page.getByRole('button', { name: labels.submit }).click()
  await page.waitForURL((url) => url.origin === baseUrl && url.pathname === `/register-as-${side}`)
  // registration (sign-up, sign-in) is done once the dashboard shows
  await page.getByRole('heading', { level: 1, name: 'Matching' }).waitFor()
}

/** Fills the profile section and answers every question with its first option. */
export const fillQuestionnaire = async (page: Page, options: { country: string; year: string; text: string }): Promise<void> => {
  // the questionnaire renders its questions in steps; answer once all of them are there
  await page.locator('form[aria-busy="false"]').waitFor()
  await page.getByRole('combobox', { name: /Country|Land/ }).click()
  await page.getByRole('option', { name: options.country, exact: true }).click()
  const state = page.getByRole('combobox', { name: /Federal state|Bundesland/ })
  await state.click()
  await page.getByRole('option').first().click()
  await page.getByRole('textbox', { name: /^(City|Stadt)/ }).fill('Berlin')
  for (const group of await page.getByRole('radiogroup').all()) await group.getByRole('radio').first().check()
  for (const set of await page.locator('fieldset.tandem-fieldset').all()) await set.getByRole('checkbox').first().check()
  for (const year of await page.locator('input[inputmode=numeric]').all()) await year.fill(options.year)
  for (const text of await page.locator('section[aria-labelledby^=rule-] textarea').all()) await text.fill(options.text)
}

const SIGN_OUT = { en: { confirm: 'Sign out', email: 'E-mail address' }, de: { confirm: 'Abmelden', email: 'E-Mail-Adresse' } } as const

/**
 * After the app's own "Logout" was pressed: the provider's sign-out page asks to confirm; once
 * confirmed it returns to the app, which, signed out, sends the person to the sign-in form. The
 * confirmation is found by the provider's own form (the app's "Abmelden" has the same name in
 * German), and nothing waits for one particular navigation: the app may begin and abandon one on its
 * way to the provider.
 */
export const confirmSignOut = async (page: Page, language: 'en' | 'de' = 'en'): Promise<void> => {
  const confirm = page
    .getByRole('button', { name: SIGN_OUT[language].confirm, exact: true })
    .and(page.locator('button[form="op.logoutForm"]'))
  await confirm.click({ timeout: 20_000 })
  await confirm.waitFor({ state: 'detached', timeout: 20_000 })
  await page.getByLabel(SIGN_OUT[language].email).waitFor({ timeout: 20_000 })
}
