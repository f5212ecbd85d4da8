// Ready-made situations for checks that need a participant with something on the dashboard: a
// published mentor and a mentee who started matching and holds the mentor's proposal.
import type { Page } from 'playwright-core'
import type { Stack } from './harness.js'
import { aPerson, fillQuestionnaire, register, type Person } from './people.js'

export const publishedMentor = async (stack: Stack, name = 'Marta'): Promise<{ page: Page; person: Person }> => {
  const { page } = await stack.newPerson()
  const person = aPerson(name)
  await register(page, stack.baseUrl, person, 'mentor')
  await page.goto(`${stack.baseUrl}/user/mentor-profile`)
  await fillQuestionnaire(page, { country: 'Germany', year: '2000', text: 'Twenty years of leading teams.' })
  await page.getByRole('button', { name: 'Save and publish' }).click()
  await page.getByText('Your mentor profile was saved and published.').waitFor()
  return { page, person }
}

/** A mentee on the dashboard with at least one proposal (a mentor must be published first). */
export const menteeWithProposal = async (stack: Stack, name = 'Mona'): Promise<{ page: Page; person: Person }> => {
  const { page } = await stack.newPerson()
  const person = aPerson(name)
  await register(page, stack.baseUrl, person, 'mentee')
  await page.goto(`${stack.baseUrl}/user/mentee-profile`)
  await fillQuestionnaire(page, { country: 'Germany', year: '2018', text: 'Finding my way into leadership.' })
  await page.getByRole('button', { name: 'Start matching' }).click()
  await page.waitForURL(/\/matching$/)
  await page.getByRole('button', { name: 'Accept' }).first().waitFor()
  return { page, person }
}
