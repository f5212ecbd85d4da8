// What a person does with the keyboard alone: Tab through a page and act on what has the focus
// (type into a field, Space on a checkbox or radio, Enter on a button). Nothing here clicks or
// moves the focus by script; the only input is page.keyboard.
import type { Locator, Page } from 'playwright-core'
import type { Person } from './people.js'

/** What the focused element is, as far as the walks below need to know. */
type Focused = {
  readonly tag: string
  readonly type: string
  readonly name: string
  readonly role: string
  readonly label: string
  readonly inputMode: string
  readonly checked: boolean
  readonly firstInFieldset: boolean
  readonly inRule: boolean
  readonly text: string
}

const focused = (page: Page): Promise<Focused> =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null
    if (el === null)
      return {
        tag: '',
        type: '',
        name: '',
        role: '',
        label: '',
        inputMode: '',
        checked: false,
        firstInFieldset: false,
        inRule: false,
        text: '',
      }
    const labelledBy = (el.getAttribute('aria-labelledby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
    const fieldset = el.closest('fieldset.tandem-fieldset')
    return {
      tag: el.tagName.toLowerCase(),
      type: el.type ?? '',
      name: el.name ?? '',
      role: el.getAttribute('role') ?? '',
      label: `${labelledBy} ${[...(el.labels ?? [])].map((l) => l.textContent).join(' ')}`.trim(),
      inputMode: el.inputMode ?? '',
      checked: el.checked === true,
      firstInFieldset: fieldset !== null && fieldset.querySelector('input[type=checkbox]') === el,
      inRule: el.closest('section[aria-labelledby^=rule-]') !== null,
      text: el.textContent?.trim() ?? '',
    }
  })

export const isFocused = (control: Locator): Promise<boolean> => control.evaluate((el) => el === document.activeElement)

/** Moves the focus with Tab alone until it lands on the control; fails if it never does. */
export const tabTo = async (page: Page, control: Locator, limit = 300): Promise<void> => {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab')
    if (await isFocused(control)) return
  }
  throw new Error('the control is not reachable with the Tab key')
}

/**
 * Walks the form with Tab, letting `act` handle each focused element, until the focus is on the
 * button named `submit`; then presses Enter on it.
 */
const walkAndSubmit = async (page: Page, submit: string, act: (f: Focused) => Promise<void>, limit = 800): Promise<void> => {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab')
    const f = await focused(page)
    if (f.tag === 'button' && f.text === submit) {
      await page.keyboard.press('Enter')
      return
    }
    await act(f)
  }
  throw new Error(`the button ${submit} is not reachable with the Tab key`)
}

/** Signs up at the provider with the keyboard alone (the register route opens its form). */
export const signUpByKeyboard = async (page: Page, baseUrl: string, person: Person, side: 'mentee' | 'mentor'): Promise<void> => {
  await page.goto(`${baseUrl}/register-as-${side}`)
  await page.waitForURL((url) => url.pathname.startsWith('/oidc/'))
  await page.locator('form').first().waitFor()
  const values: Record<string, string> = {
    given_name: person.firstName,
    family_name: person.lastName,
    // the date field of the en-GB browser takes day, month and year as typed digits
    birthdate: '17051990',
    gender: 'Female',
    email: person.email,
    password: person.password,
  }
  await walkAndSubmit(page, 'Create account', async (f) => {
    const value = values[f.name]
    if (value !== undefined) await page.keyboard.type(value)
    else if (f.type === 'checkbox' && !f.checked) await page.keyboard.press('Space')
  })
  await page.waitForURL((url) => url.origin === baseUrl && !url.pathname.startsWith('/oidc/'))
}

/**
 * Fills the questionnaire with the keyboard alone, as people.ts' fillQuestionnaire does with the
 * mouse (country by type-ahead and Enter, the first federal state, the city, the first choice of
 * every question, the year and the free texts), then presses Enter on the button named `submit`.
 */
export const fillQuestionnaireByKeyboard = async (
  page: Page,
  options: { country: string; year: string; text: string },
  submit: string,
): Promise<void> => {
  await page.locator('form[aria-busy="false"]').waitFor()
  await walkAndSubmit(page, submit, async (f) => {
    if (f.role === 'combobox' && f.label.includes('Country')) {
      await page.keyboard.type(options.country)
      await page.keyboard.press('Enter')
    } else if (f.role === 'combobox' && f.label.includes('Federal state')) {
      // Enter opens the list with its first option active, a second Enter chooses it
      await page.keyboard.press('Enter')
      await page.getByRole('listbox').waitFor()
      await page.keyboard.press('Enter')
    } else if (f.tag === 'input' && f.type === 'text' && f.label.startsWith('City')) {
      await page.keyboard.type('Berlin')
    } else if (f.type === 'radio' && !f.checked) {
      await page.keyboard.press('Space')
    } else if (f.type === 'checkbox' && f.firstInFieldset && !f.checked) {
      await page.keyboard.press('Space')
    } else if (f.tag === 'input' && f.inputMode === 'numeric') {
      await page.keyboard.type(options.year)
    } else if (f.tag === 'textarea' && f.inRule) {
      await page.keyboard.type(options.text)
    }
  })
}
