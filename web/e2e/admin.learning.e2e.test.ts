// "What the outcomes say" in real Chromium against the built app and the real server
// (docs/learning.md): reached from the admin navigation, the plain words per question, no axe
// violation, and "Try in a draft" leading to the questionnaire editor, where the impact preview waits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { DAY } from '@tandem/core'
import { expectAccessible, signInConfirmedAdmin } from './support/admin.js'
import { startStack, type Stack } from './support/harness.js'
import { aPerson, type Person } from './support/people.js'
import { seedStatisticsPopulation } from '../../adapters/server/test/support/statistics.population.js'
import { seedFinishedTeams } from '../../adapters/server/test/support/learning.population.js'

const adminPerson: Person = { ...aPerson('Lena'), email: `lena.${Date.now()}@admin.example.org` }
let stack: Stack
let page: Page

beforeAll(async () => {
  stack = await startStack({ ADMIN_EMAILS: adminPerson.email })
  // The statistics population's declined teams (no timeline) give the people the finished teams copy.
  const { yearA } = await seedStatisticsPopulation(stack.server.db)
  const declined = await stack.server.db.kysely.selectFrom('tandems').select('id').where('state', '=', 'DECLINED').executeTakeFirstOrThrow()
  await seedFinishedTeams(stack.server.db, { realTandemId: declined.id, clusterId: yearA, count: 260, matchedAt: Date.now() - 200 * DAY })
  page = (await stack.newPerson()).page
  await signInConfirmedAdmin(stack, page, adminPerson)
})
afterAll(async () => {
  await stack?.close()
})

describe('what the outcomes say, in the browser', () => {
  it('says per question what the outcomes say and tries the suggestion in a draft', async () => {
    await page.getByRole('link', { name: 'What the outcomes say', exact: true }).click()
    await page.getByRole('heading', { name: 'What the outcomes say', level: 2 }).waitFor()
    expect(await page.title()).toBe('What the outcomes say – Tandem')
    const table = page.getByRole('table', { name: 'What the outcomes say per question' })
    await table.waitFor()
    const industries = table.getByRole('row').filter({ hasText: 'Which industries are you interested in?' })
    expect(await industries.textContent()).toContain('Pairs who shared the answer were good 80 % of the time, others 20 %.')
    expect(await industries.textContent()).toContain('(raised)')
    await expectAccessible(page)

    await page.getByRole('button', { name: 'Try in a draft' }).click()
    await page.getByRole('heading', { name: 'Questionnaire', level: 2 }).waitFor()
    await page.getByRole('button', { name: 'Preview impact' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/administrator/questionnaire')
  })
})
