// A cohort run's state, phase and fraction (the latest run without an id; null when there is none).
import { isLeft, right } from 'fp-ts/lib/Either.js'
import type { Services } from '../ports/services.port.js'
import { findRun, viewOf, type CohortRunViewPorts } from './cohort.runs.js'

export const cohortRunProgress =
  (ctx: CohortRunViewPorts): Services['cohort']['progress'] =>
  async (query) => {
    const run = await findRun(ctx, query.runId)
    return isLeft(run) ? run : right(run.right === null ? null : await viewOf(ctx, run.right))
  }
