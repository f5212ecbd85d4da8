// Cancelling a cohort run: core's move table decides whether its state allows it; the worker stops.
import { moveCohortRun } from '@tandem/core'
import { isLeft, left, right } from 'fp-ts/lib/Either.js'
import type { Services } from '../ports/services.port.js'
import { runNotFound, viewOf, type CohortRunViewPorts } from './cohort.runs.js'

export const cancelCohortRun =
  (ctx: CohortRunViewPorts): Services['cohort']['cancel'] =>
  async (query) => {
    const { cohorts, cohortRunner } = ctx
    const run = await cohorts.byId(query.runId)
    if (run === undefined) return left(runNotFound())
    const moved = moveCohortRun(run.state, 'Cancel')
    if (isLeft(moved)) return moved
    await cohorts.cancel(run.id, ctx.clock())
    cohortRunner.cancel(run.id)
    const after = await cohorts.byId(run.id)
    return after === undefined ? left(runNotFound()) : right(await viewOf(ctx, after))
  }
