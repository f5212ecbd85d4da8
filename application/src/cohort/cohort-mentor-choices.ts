// The mentors an administrator may pick for a mentee of a draft, best first, each with that pair's
// score and whether another pair of the draft holds them.
import { declinedMentorsOf, fieldError, scoreMentor, validationFailed, type CohortMentorChoice, type UserId } from '@tandem/core'
import { left, right } from 'fp-ts/lib/Either.js'
import { isDeletedPlaceholder } from '../account/account.erasure.js'
import type { ServiceContext } from '../context.js'
import type { Services } from '../ports/services.port.js'
import { answersOf } from '../users/views.js'
import { isPoolMentor } from './cohort.population.js'
import { runNotFound } from './cohort.runs.js'
import { personOf } from './cohort.views.js'

/** How many mentors the "pick another mentor" list offers, best first. */
const CHOICES_SHOWN = 100

export type CohortMentorChoicesPorts = Pick<ServiceContext, 'answers' | 'cohorts' | 'master' | 'store' | 'users'>

export const cohortMentorChoices =
  (ctx: CohortMentorChoicesPorts): Services['cohort']['choices'] =>
  async (query) => {
    const { cohorts } = ctx
    const run = await cohorts.byId(query.runId)
    if (run === undefined) return left(runNotFound())
    const rows = await cohorts.rows(run.id)
    if (!rows.some((r) => r.menteeId === query.menteeId)) return left(validationFailed([fieldError('menteeId', 'cohort-unknown-mentee')]))
    const taken = new Map(rows.flatMap((r) => (r.mentor === null ? [] : [[r.mentor.id, r.menteeId] as const])))
    const declined = declinedMentorsOf(await ctx.store.load({ userIds: [query.menteeId] }), query.menteeId)
    const menteeAnswers = await answersOf(ctx, query.menteeId, 'Mentee')
    const pool = (await ctx.users.all()).filter(
      (u) => isPoolMentor(u) && !isDeletedPlaceholder(u) && u.id !== query.menteeId && !declined.has(u.id),
    )
    const poolAnswers = new Map<UserId, Awaited<ReturnType<typeof answersOf>>>()
    for (const u of pool) poolAnswers.set(u.id, await answersOf(ctx, u.id, 'Mentor'))
    const choices: CohortMentorChoice[] = pool
      .flatMap((u) => {
        const score = scoreMentor(ctx.master.questionnaire, menteeAnswers, poolAnswers.get(u.id) ?? [])
        if (score === null) return []
        const holder = taken.get(u.id)
        return [
          {
            ...personOf(u, u.id),
            base: score.base,
            max: score.max,
            percentage: score.percentage,
            taken: holder !== undefined && holder !== query.menteeId,
          },
        ]
      })
      .sort((a, b) => b.percentage - a.percentage || b.base - a.base || a.userId - b.userId)
    return right(choices.slice(0, CHOICES_SHOWN))
  }
