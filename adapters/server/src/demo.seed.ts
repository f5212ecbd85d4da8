// `npm run demo`: a fresh database gets a synthetic population and three accounts to sign in with
// at the embedded provider (password DEMO_PASSWORD): a mentee ready to start matching, a published
// mentor, and an administrator.
import { EMBEDDED_PROVIDER_ISSUER } from '@tandem/core'
import { generatePopulation } from '@tandem/fixtures'
import type { EmbeddedProvider } from '@tandem/identity'
import { isLeft } from 'fp-ts/lib/Either.js'
import { seedPopulation, type SeedTarget } from './population.seed.js'

export const DEMO_PASSWORD = 'tandem-demo-2026'
export const DEMO_ACCOUNTS = {
  mentee: 'demo.mentee@example.org',
  mentor: 'demo.mentor@example.org',
  admin: 'demo.admin@example.org',
} as const

export const seedDemo = async (ctx: SeedTarget['ctx'], provider: EmbeddedProvider): Promise<void> => {
  if ((await ctx.users.all()).length > 0) return
  const population = generatePopulation({ seed: 2026, mentees: 30, mentors: 60, now: ctx.clock() })
  const [mentee, ...mentees] = population.mentees
  const [mentor, ...mentors] = population.mentors
  if (mentee === undefined || mentor === undefined) return
  await seedPopulation({ ctx }, { mentees, mentors }, 'demo')
  const people = [
    { person: { ...mentee, email: DEMO_ACCOUNTS.mentee }, side: 'Mentee' as const },
    { person: { ...mentor, email: DEMO_ACCOUNTS.mentor }, side: 'Mentor' as const },
  ]
  for (const { person, side } of people) {
    const account = await provider.accounts.createAccount({
      email: person.email,
      password: DEMO_PASSWORD,
      givenName: person.firstName,
      familyName: person.lastName,
      birthdate: person.dateOfBirth,
      gender: person.gender,
      locale: person.language,
    })
    if (isLeft(account)) continue
    // The demo account signs in with the provider's subject, so the seeded user is keyed by it.
    const subject = account.right.subject
    await seedPopulation(
      { ctx },
      side === 'Mentee' ? { mentees: [person], mentors: [] } : { mentees: [], mentors: [person] },
      EMBEDDED_PROVIDER_ISSUER,
      () => subject,
    )
  }
  await provider.accounts.createAccount({
    email: DEMO_ACCOUNTS.admin,
    password: DEMO_PASSWORD,
    givenName: 'Demo',
    familyName: 'Admin',
    birthdate: '1980-01-01',
    gender: 'NA',
    locale: 'en',
  })
}
