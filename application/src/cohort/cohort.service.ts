// The admin's cohort page (whole-cohort matching): start a run in a worker thread, follow or
// cancel it, review and edit its draft, publish it as tandems through the manual team's transition.
import {
  placesIn,
  declinedMentorsOf,
  isDeclinedPair,
  COHORT_RUN,
  COHORT_DRAFT_PAGE_SIZE,
  publishCohortPairs,
  type CohortPublished,
  fieldError,
  invalidTransition,
  moveCohortRun,
  notFound,
  scoreMentor,
  validationFailed,
  type CohortDraftQuery,
  type CohortRunEvent,
  type CohortRunId,
  type CohortMentorChoice,
  type CohortResult,
  type FirstComeResult,
  type CohortSkippedView,
  type DomainError,
  type UserId,
} from '@tandem/core'
import type { Services } from '../ports/services.port.js'
import type { CohortDraftRow, CohortRunRecord, DraftSection, UserRecord } from '../ports/store/index.js'
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js'
import { isDeletedPlaceholder } from '../account/account.erasure.js'
import type { ServiceContext } from '../context.js'
import { answersOf } from '../users/views.js'
import { isPoolMentor, loadCohortPopulation } from './cohort.population.js'
import { QUIET_MS } from '../ports/cohort-runner.port.js'
import { draftView, personOf, runView, totalsOf } from './cohort.views.js'

/** How many mentors the "pick another mentor" list offers, best first. */
const CHOICES_SHOWN = 100

const runNotFound = (): DomainError => notFound('CohortRun')

/** Another write changed a person of the draft between the read and the write of a publish. */
class PublishConflict extends Error {}

export type CohortServicePorts = Pick<
  ServiceContext,
  'answers' | 'clock' | 'clusters' | 'cohortRunner' | 'cohorts' | 'inOneTransaction' | 'logger' | 'master' | 'matching' | 'store' | 'users'
>

export const cohortService = (ctx: CohortServicePorts): Services['cohort'] => {
  const { cohorts, cohortRunner } = ctx

  const yearOf = async (clusterId: number): Promise<string> =>
    (await ctx.clusters.list()).find((c) => c.clusterId === clusterId)?.clusterText ?? ''
  /**
   * A run as any instance sees it: the progress of this process when it computes the run, else the
   * one its instance last wrote; a Running run whose instance went quiet is failed first (decision 0021).
   */
  const current = async (run: CohortRunRecord): Promise<CohortRunRecord> => {
    if (run.state !== COHORT_RUN.Running || cohortRunner.progress(run.id) !== undefined) return run
    const now = ctx.clock()
    if (!(await cohorts.failIfQuiet(run.id, now, now - QUIET_MS))) return run
    ctx.logger.warn({ runId: run.id }, 'cohort run failed: its server stopped writing progress')
    return (await cohorts.byId(run.id)) ?? run
  }
  const viewOf = async (stored: CohortRunRecord) => {
    const run = await current(stored)
    const progress = cohortRunner.progress(run.id) ?? { phase: run.phase ?? 'loading', fraction: run.fraction }
    return runView(run, await yearOf(run.clusterId), progress)
  }
  const find = async (runId: CohortRunId | undefined): Promise<Either<DomainError, CohortRunRecord | null>> => {
    if (runId === undefined) return right((await cohorts.latest()) ?? null)
    const run = await cohorts.byId(runId)
    return run === undefined ? left(runNotFound()) : right(run)
  }
  const users = async (): Promise<Map<UserId, UserRecord>> => new Map((await ctx.users.all()).map((u) => [u.id, u]))
  /** One page of each list (a cohort may have 50,000 mentees): only its rows and people are read. */
  const draftOf = async (run: CohortRunRecord, query: CohortDraftQuery = {}) => {
    const paging = {
      pairsPage: query.pairsPage ?? 1,
      unmatchedPage: query.unmatchedPage ?? 1,
      skippedPage: query.skippedPage ?? 1,
      pageSize: query.pageSize ?? COHORT_DRAFT_PAGE_SIZE,
    }
    const pageOf = (section: DraftSection, page: number) => cohorts.page(run.id, section, (page - 1) * paging.pageSize, paging.pageSize)
    const pairs = await pageOf('pairs', paging.pairsPage)
    const unmatched = await pageOf('unmatched', paging.unmatchedPage)
    const skipped = await pageOf('skipped', paging.skippedPage)
    const summary = await cohorts.summary(run.id)
    const people = await cohorts.people([
      ...new Set([...pairs, ...unmatched, ...skipped].flatMap((r) => (r.mentor === null ? [r.menteeId] : [r.menteeId, r.mentor.id]))),
    ])
    return draftView(
      await viewOf(run),
      run,
      { pairs, unmatched, skipped, summary, paging },
      (id) => people.get(id),
      ctx.master.questionnaire,
    )
  }

  const finished = (runId: CohortRunId, versions: ReadonlyMap<UserId, number>) => ({
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
      const saved = await cohorts.saveDraft(runId, {
        rows,
        solverTotals: totalsOf(rows),
        firstCome: { mentees: firstCome.mentees, matched: firstCome.matched, meanPercentage: firstCome.meanPercentage },
        finishedAt: ctx.clock(),
      })
      ctx.logger.info({ runId, matched: result.totals.matched, saved }, 'cohort run finished')
    },
    cancelled: async () => {
      await cohorts.cancel(runId, ctx.clock())
    },
    failed: async (message: string) => {
      ctx.logger.error({ runId, message }, 'cohort run failed')
      await cohorts.fail(runId, ctx.clock(), message)
    },
  })

  /** The run, when core's move table allows `event` from its state (a Draft: edited or published). */
  const runAllowing = async (runId: CohortRunId, event: CohortRunEvent): Promise<Either<DomainError, CohortRunRecord>> => {
    const run = await cohorts.byId(runId)
    if (run === undefined) return left(runNotFound())
    const moved = moveCohortRun(run.state, event)
    return isLeft(moved) ? moved : right(run)
  }

  return {
    start: async (actor, body) => {
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
          cohortRunner.start(run.id, { input: population.input, firstCome: population.firstCome }, finished(run.id, population.versions))
        })
        .catch(async (error: unknown) => {
          // A load cut off by the server stopping is marked failed at the next start.
          if (cohortRunner.closed()) return
          cohortRunner.cancel(run.id)
          ctx.logger.error({ runId: run.id, err: error }, 'cohort run could not start')
          await cohorts.fail(run.id, ctx.clock(), error instanceof Error ? error.message : 'could not start')
        })
      return right(await viewOf(run))
    },

    progress: async (query) => {
      const run = await find(query.runId)
      return isLeft(run) ? run : right(run.right === null ? null : await viewOf(run.right))
    },

    cancel: async (query) => {
      const run = await cohorts.byId(query.runId)
      if (run === undefined) return left(runNotFound())
      const moved = moveCohortRun(run.state, 'Cancel')
      if (isLeft(moved)) return moved
      await cohorts.cancel(run.id, ctx.clock())
      cohortRunner.cancel(run.id)
      const after = await cohorts.byId(run.id)
      return after === undefined ? left(runNotFound()) : right(await viewOf(after))
    },

    draft: async (query) => {
      const run = await find(query.runId)
      return isLeft(run) ? run : right(run.right === null ? null : await draftOf(run.right, query))
    },

    choices: async (query) => {
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
    },

    edit: async (body) => {
      const run = await runAllowing(body.runId, 'DraftEdited')
      if (isLeft(run)) return run
      const rows = await cohorts.rows(run.right.id)
      const row = rows.find((r) => r.menteeId === body.menteeId)
      if (row === undefined) return left(validationFailed([fieldError('menteeId', 'cohort-unknown-mentee')]))
      if (body.mentorId === null) {
        if (!(await cohorts.setPair(run.right.id, body.menteeId, null, row.candidates)))
          return left(invalidTransition(COHORT_RUN.Draft, 'DraftEdited'))
        return right(await draftOf(run.right))
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
      return right(await draftOf(run.right))
    },

    publish: async (actor, query) => {
      const run = await runAllowing(query.runId, 'Publish')
      if (isLeft(run)) return run
      const now = ctx.clock()
      const clusterId = run.right.clusterId
      // One transaction: the run becomes Published, core decides every pair on the world of all of
      // them, the store writes the tandems and each pair's outcome. A conflicting write of another
      // instance meanwhile (PostgreSQL) undoes it all; it is tried again from a fresh read.
      const publishOnce = () =>
        ctx.inOneTransaction(async () => {
          if (!(await cohorts.claimPublish(run.right.id, actor.email, now))) return undefined
          const rows = (await cohorts.rows(run.right.id)).flatMap((row) => (row.mentor === null ? [] : [{ ...row, mentor: row.mentor }]))
          let decided: CohortPublished | undefined
          const written = await ctx.store.run(
            { userIds: rows.flatMap((r) => [r.menteeId, r.mentor.id]) },
            (world) => {
              decided = publishCohortPairs(now, clusterId, rows)(world)
              return right(decided.transition)
            },
            now,
          )
          if (isLeft(written) || decided === undefined) throw new PublishConflict()
          const outcomes = decided.outcomes
          await cohorts.recordOutcomes(
            run.right.id,
            rows.map((row, i) => ({ menteeId: row.menteeId, outcome: outcomes[i]! })),
          )
          return rows.map((row, i) => ({ ...row, step: outcomes[i]! }))
        })
      let published: Awaited<ReturnType<typeof publishOnce>> | 'conflict' = 'conflict'
      for (let attempt = 0; attempt < 3 && published === 'conflict'; attempt++)
        published = await publishOnce().catch((e: unknown) => {
          if (e instanceof PublishConflict) return 'conflict' as const
          throw e
        })
      if (published === 'conflict') return left({ _tag: 'TandemChanged' })
      if (published === undefined) return left(invalidTransition(COHORT_RUN.Published, 'PublishCohortDraft'))
      const all = await users()
      const skipped: CohortSkippedView[] = published.flatMap((p) =>
        'skipped' in p.step
          ? [
              {
                mentee: personOf(all.get(p.menteeId), p.menteeId),
                mentor: personOf(all.get(p.mentor.id), p.mentor.id),
                reason: p.step.skipped,
              },
            ]
          : [],
      )
      const tandemIds = published.flatMap((p) => ('tandemId' in p.step ? [p.step.tandemId] : []))
      ctx.logger.info({ runId: run.right.id, published: tandemIds.length, skipped: skipped.length }, 'cohort draft published')
      return right({ published: tandemIds.length, tandemIds, skipped })
    },
  }
}
