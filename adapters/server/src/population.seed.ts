// Loads a synthetic population (@tandem/fixtures generatePopulation) into the database through the
// same repositories and transitions the API uses: mentees ready to start matching, mentors
// published in the pool. Used by `npm run demo` and the benchmark.
import { calendarYearOf, isQuestionnaireComplete, publishMentor, type Side, type UserId } from '@tandem/core'
import type { Population, SyntheticPerson } from '@tandem/fixtures'
import { isLeft } from 'fp-ts/lib/Either.js'
import type { ServiceContext } from '@tandem/application'

export type SeededPerson = { readonly userId: UserId; readonly email: string; readonly subject: string; readonly side: Side }

/** The subject a seeded user is keyed by: a synthetic one unless the caller made a real account. */
export type SubjectOf = (p: SyntheticPerson) => string
const syntheticSubject: SubjectOf = (p) => `seed-${p.email}`

type InsertPersonPorts = Pick<ServiceContext, 'answers' | 'clusters' | 'consentVersions' | 'master' | 'store' | 'users'>

const insertPerson = async (
  ctx: InsertPersonPorts,
  issuer: string,
  subjectOf: SubjectOf,
  p: SyntheticPerson,
  side: Side,
  now: number,
): Promise<SeededPerson> => {
  const subject = subjectOf(p)
  const clusterId = (await ctx.clusters.defaultCluster())?.clusterId ?? null
  const userId = await ctx.users.insert(
    {
      issuer,
      subject,
      email: p.email,
      firstName: p.firstName,
      lastName: p.lastName,
      gender: p.gender,
      birthDate: p.dateOfBirth,
      language: p.language,
      roles: [side],
      acceptedPrivacy: true,
      acceptedTerms: true,
      menteeClusterId: clusterId,
    },
    now,
    ctx.consentVersions,
  )
  if (userId === undefined) throw new Error(`seed user ${p.email} exists already`)
  await ctx.users.updateProfile(userId, {
    countryCodeId: p.profile.countryCodeId,
    stateOriginalId: p.profile.stateOriginalId,
    city: p.profile.city,
    professionalPosition: p.profile.professionalPosition,
    company: p.profile.company,
    language: p.language,
    menteeClusterId: clusterId,
    profileAnswers: p.profile.profileAnswers.map((a) => ({ questionId: a.userQuestionOriginalId, answer: a.userAnswer })),
  })
  const answers = side === 'Mentee' ? p.menteeAnswers : p.mentorAnswers
  if (answers !== null)
    await ctx.answers.save(
      userId,
      side,
      [...answers],
      now,
      isQuestionnaireComplete(ctx.master.requiredQuestionnaire, side, answers, calendarYearOf(now)),
    )
  if (side === 'Mentor') {
    const published = await ctx.store.run({ userIds: [userId] }, publishMentor(now, { mentorId: userId, profileComplete: true }), now)
    if (isLeft(published)) throw new Error(`seed mentor ${p.email} could not publish: ${published.left._tag}`)
  }
  return { userId, email: p.email, subject, side }
}

/** Where a population goes: the services' repositories, in one of their transactions (a server passes itself). */
export type SeedTarget = { readonly ctx: InsertPersonPorts & Pick<ServiceContext, 'clock' | 'inOneTransaction'> }

/** Inserts everyone in one transaction (fast, and all or nothing). */
export const seedPopulation = async (
  { ctx }: SeedTarget,
  population: Population,
  issuer: string,
  subjectOf: SubjectOf = syntheticSubject,
): Promise<SeededPerson[]> =>
  await ctx.inOneTransaction(async () => {
    const now = ctx.clock()
    const seeded: SeededPerson[] = []
    for (const p of population.mentors) seeded.push(await insertPerson(ctx, issuer, subjectOf, p, 'Mentor', now))
    for (const p of population.mentees) seeded.push(await insertPerson(ctx, issuer, subjectOf, p, 'Mentee', now))
    return seeded
  })
