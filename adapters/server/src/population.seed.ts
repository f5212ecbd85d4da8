// Loads a synthetic population (@tandem/fixtures generatePopulation) into the database through the
// same repositories and transitions the API uses: mentees ready to start matching, mentors
// published in the pool. Used by `npm run demo` and the benchmark.
import { publishMentor, type Side } from '@tandem/core'
import type { Population, SyntheticPerson } from '@tandem/fixtures'
import { isLeft } from 'fp-ts/lib/Either.js'
import type { ServiceContext } from './services/index.js'

export type SeededPerson = { readonly userId: number; readonly email: string; readonly subject: string; readonly side: Side }

const insertPerson = (ctx: ServiceContext, issuer: string, p: SyntheticPerson, side: Side, now: number): SeededPerson => {
  const subject = `seed-${p.email}`
  const clusterId = ctx.clusters.defaultCluster()?.clusterId ?? null
  const userId = ctx.users.insert({
    issuer, subject, email: p.email, firstName: p.firstName, lastName: p.lastName, gender: p.gender, birthDate: p.dateOfBirth,
    language: p.language, roles: [side], acceptedPrivacy: true, acceptedTerms: true, menteeClusterId: clusterId,
  }, now)
  if (userId === undefined) throw new Error(`seed user ${p.email} exists already`)
  ctx.users.updateProfile(userId, {
    countryCodeId: p.profile.countryCodeId, stateOriginalId: p.profile.stateOriginalId, city: p.profile.city,
    professionalPosition: p.profile.professionalPosition, company: p.profile.company, language: p.language, menteeClusterId: clusterId,
    profileAnswers: p.profile.profileAnswers.map((a) => ({ questionId: a.userQuestionOriginalId, answer: a.userAnswer })),
  })
  const answers = side === 'Mentee' ? p.menteeAnswers : p.mentorAnswers
  if (answers !== null) ctx.answers.save(userId, side, [...answers], now)
  if (side === 'Mentor') {
    const published = ctx.store.run({ userIds: [userId] }, publishMentor(now, { mentorId: userId, profileComplete: true }), now)
    if (isLeft(published)) throw new Error(`seed mentor ${p.email} could not publish: ${published.left._tag}`)
  }
  return { userId, email: p.email, subject, side }
}

/** Inserts everyone in one transaction (fast, and all or nothing). */
export const seedPopulation = (ctx: ServiceContext, population: Population, issuer: string): SeededPerson[] =>
  ctx.db.transaction(() => {
    const now = ctx.clock()
    return [
      ...population.mentors.map((p) => insertPerson(ctx, issuer, p, 'Mentor', now)),
      ...population.mentees.map((p) => insertPerson(ctx, issuer, p, 'Mentee', now)),
    ]
  })
