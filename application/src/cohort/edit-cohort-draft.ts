// An administrator edits a cohort draft: drops a mentee's pair, or picks another mentor for them
// who still has a free place, was not declined by the mentee and scores with them.
import { COHORT_RUN, fieldError, invalidTransition, isDeclinedPair, placesIn, scoreMentor, validationFailed } from '@tandem/core'
import { isLeft, left, right } from 'fp-ts/lib/Either.js'
import type { ServiceContext } from '../context.js'
import type { Services } from '../ports/services.port.js'
import { answersOf } from '../users/views.js'
import { draftOf, type CohortDraftPorts } from './cohort.draft.js'
import { isPoolMentor } from './cohort.population.js'
import { runAllowing } from './cohort.runs.js'

export type EditCohortDraftPorts = CohortDraftPorts & Pick<ServiceContext, 'answers' | 'store' | 'users'>

export const editCohortDraft =
  (ctx: EditCohortDraftPorts): Services['cohort']['edit'] =>
  async (body) => {
    const { cohorts } = ctx
    const run = await runAllowing(ctx, body.runId, 'DraftEdited')
    if (isLeft(run)) return run
    const rows = await cohorts.rows(run.right.id)
    const row = rows.find((r) => r.menteeId === body.menteeId)
    if (row === undefined) return left(validationFailed([fieldError('menteeId', 'cohort-unknown-mentee')]))
    if (body.mentorId === null) {
      if (!(await cohorts.setPair(run.right.id, body.menteeId, null, row.candidates)))
        return left(invalidTransition(COHORT_RUN.Draft, 'DraftEdited'))
      return right(await draftOf(ctx, run.right))
    }
    const mentorId = body.mentorId
    const notAvailable = left(validationFailed([fieldError('mentorId', 'cohort-mentor-not-available')]))
    const mentor = await ctx.users.byId(mentorId)
    // The mentor's free places (docs/matching.md#places) must hold the draft's other pairs with them and this one.
    const places = mentor === undefined ? undefined : placesIn(await ctx.store.load({ userIds: [mentorId] }), mentorId)
    const free = places === undefined ? 0 : places.capacity - places.taken
    const takenByOther = rows.filter((r) => r.mentor?.id === mentorId && r.menteeId !== body.menteeId).length >= free
    if (mentor === undefined || !isPoolMentor(mentor) || mentorId === body.menteeId || takenByOther) return notAvailable
    if (isDeclinedPair(await ctx.store.load({ userIds: [body.menteeId] }), body.menteeId, mentorId)) return notAvailable
    const score = scoreMentor(
      ctx.master.questionnaire,
      await answersOf(ctx, body.menteeId, 'Mentee'),
      await answersOf(ctx, mentorId, 'Mentor'),
    )
    if (score === null) return notAvailable
    const picked = { id: mentorId, version: mentor.participant.version, score }
    if (!(await cohorts.setPair(run.right.id, body.menteeId, picked, row.candidates)))
      return left(invalidTransition(COHORT_RUN.Draft, 'DraftEdited'))
    return right(await draftOf(ctx, run.right))
  }
