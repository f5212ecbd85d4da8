// A cohort run as the cohort use cases read it: found by id (the latest without one), checked
// against core's move table, and viewed with its progress as any instance sees it.
import { COHORT_RUN, moveCohortRun, notFound, type CohortRunEvent, type CohortRunId, type DomainError } from '@tandem/core'
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js'
import type { ServiceContext } from '../context.js'
import { QUIET_MS } from '../ports/cohort-runner.port.js'
import type { CohortRunRecord } from '../ports/store/index.js'
import { runView } from './cohort.views.js'

export const runNotFound = (): DomainError => notFound('CohortRun')

export type CohortRunViewPorts = Pick<ServiceContext, 'clock' | 'clusters' | 'cohortRunner' | 'cohorts' | 'logger'>

const yearOf = async (ctx: Pick<ServiceContext, 'clusters'>, clusterId: number): Promise<string> =>
  (await ctx.clusters.list()).find((c) => c.clusterId === clusterId)?.clusterText ?? ''

/**
 * A run as any instance sees it: the progress of this process when it computes the run, else the
 * one its instance last wrote; a Running run whose instance went quiet is failed first (decision 0021).
 */
const current = async (ctx: CohortRunViewPorts, run: CohortRunRecord): Promise<CohortRunRecord> => {
  const { cohorts, cohortRunner } = ctx
  if (run.state !== COHORT_RUN.Running || cohortRunner.progress(run.id) !== undefined) return run
  const now = ctx.clock()
  if (!(await cohorts.failIfQuiet(run.id, now, now - QUIET_MS))) return run
  ctx.logger.warn({ runId: run.id }, 'cohort run failed: its server stopped writing progress')
  return (await cohorts.byId(run.id)) ?? run
}

export const viewOf = async (ctx: CohortRunViewPorts, stored: CohortRunRecord) => {
  const run = await current(ctx, stored)
  const progress = ctx.cohortRunner.progress(run.id) ?? { phase: run.phase ?? 'loading', fraction: run.fraction }
  return runView(run, await yearOf(ctx, run.clusterId), progress)
}

export const findRun = async (
  ctx: Pick<ServiceContext, 'cohorts'>,
  runId: CohortRunId | undefined,
): Promise<Either<DomainError, CohortRunRecord | null>> => {
  if (runId === undefined) return right((await ctx.cohorts.latest()) ?? null)
  const run = await ctx.cohorts.byId(runId)
  return run === undefined ? left(runNotFound()) : right(run)
}

/** The run, when core's move table allows `event` from its state (a Draft: edited or published). */
export const runAllowing = async (
  ctx: Pick<ServiceContext, 'cohorts'>,
  runId: CohortRunId,
  event: CohortRunEvent,
): Promise<Either<DomainError, CohortRunRecord>> => {
  const run = await ctx.cohorts.byId(runId)
  if (run === undefined) return left(runNotFound())
  const moved = moveCohortRun(run.state, event)
  return isLeft(moved) ? moved : right(run)
}
