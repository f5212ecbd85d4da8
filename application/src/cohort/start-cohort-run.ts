// Starting a whole-cohort run for a program year: the answer goes out at once, the people load in
// slices and a worker thread solves; its result is saved as the run's draft (or the run fails).
import {
  fieldError,
  validationFailed,
  COHORT_RUN,
  type CohortResult,
  type CohortRunId,
  type FirstComeResult,
  type UserId,
} from '@tandem/core'
import { left, right } from 'fp-ts/lib/Either.js'
import type { ServiceContext } from '../context.js'
import { QUIET_MS } from '../ports/cohort-runner.port.js'
import type { Services } from '../ports/services.port.js'
import type { CohortDraftRow } from '../ports/store/index.js'
import { loadCohortPopulation, type LoadCohortPopulationPorts } from './cohort.population.js'
import { viewOf, type CohortRunViewPorts } from './cohort.runs.js'
import { totalsOf } from './cohort.views.js'

export type StartCohortRunPorts = CohortRunViewPorts & LoadCohortPopulationPorts

/** What the worker's end writes: the draft, or the run cancelled or failed. */
const finished = (
  ctx: Pick<ServiceContext, 'clock' | 'cohorts' | 'logger'>,
  runId: CohortRunId,
  versions: ReadonlyMap<UserId, number>,
) => ({
  done: async (result: CohortResult, firstCome: FirstComeResult) => {
    const rows: CohortDraftRow[] = [
      ...result.pairs.map((p) => ({
        menteeId: p.menteeId,
        menteeVersion: versions.get(p.menteeId) ?? 0,
        mentor: { id: p.mentorId, version: versions.get(p.mentorId) ?? 0, score: p.score },
        reason: null,
        candidates: 0,
        edited: false,
        outcome: 'Proposed' as const,
        skipReason: null,
        tandemId: null,
      })),
      ...result.unmatched.map((u) => ({
        menteeId: u.menteeId,
        menteeVersion: versions.get(u.menteeId) ?? 0,
        mentor: null,
        reason: u.reason,
        candidates: u.candidates,
        edited: false,
        outcome: 'Proposed' as const,
        skipReason: null,
        tandemId: null,
      })),
    ]
    const saved = await ctx.cohorts.saveDraft(runId, {
      rows,
      solverTotals: totalsOf(rows),
      firstCome: { mentees: firstCome.mentees, matched: firstCome.matched, meanPercentage: firstCome.meanPercentage },
      finishedAt: ctx.clock(),
    })
    ctx.logger.info({ runId, matched: result.totals.matched, saved }, 'cohort run finished')
  },
  cancelled: async () => {
    await ctx.cohorts.cancel(runId, ctx.clock())
  },
  failed: async (message: string) => {
    ctx.logger.error({ runId, message }, 'cohort run failed')
    await ctx.cohorts.fail(runId, ctx.clock(), message)
  },
})

export const startCohortRun =
  (ctx: StartCohortRunPorts): Services['cohort']['start'] =>
  async (actor, body) => {
    const { cohorts, cohortRunner } = ctx
    const cluster = (await ctx.clusters.list()).find((c) => c.clusterId === body.clusterId)
    if (cluster === undefined || cluster.isEnded) return left(validationFailed([fieldError('clusterId', 'cohort-unknown-program-year')]))
    const now = ctx.clock()
    const run = await cohorts.start({
      ...body,
      startedBy: actor.email,
      startedAt: now,
      owner: cohortRunner.owner,
      quietSince: now - QUIET_MS,
    })
    if (run === undefined) return left({ _tag: 'MatchingAlreadyRunning' })
    cohortRunner.claim(run.id, (progress) => cohorts.beat(run.id, progress, ctx.clock()))
    // The answer goes out now; the people load in slices (phase 'loading') and the worker solves.
    void loadCohortPopulation(ctx, body, now, (fraction) => cohortRunner.report(run.id, { phase: 'loading', fraction }))
      .then(async (population) => {
        // Cancelled while loading (here or by another instance), or the server is stopping: no worker to start.
        if (cohortRunner.progress(run.id) === undefined || (await cohorts.byId(run.id))?.state !== COHORT_RUN.Running) {
          cohortRunner.cancel(run.id)
          return
        }
        cohortRunner.start(run.id, { input: population.input, firstCome: population.firstCome }, finished(ctx, run.id, population.versions))
      })
      .catch(async (error: unknown) => {
        // A load cut off by the server stopping is marked failed at the next start.
        if (cohortRunner.closed()) return
        cohortRunner.cancel(run.id)
        ctx.logger.error({ runId: run.id, err: error }, 'cohort run could not start')
        await cohorts.fail(run.id, ctx.clock(), error instanceof Error ? error.message : 'could not start')
      })
    return right(await viewOf(ctx, run))
  }
