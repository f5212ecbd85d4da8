// Publishing a reviewed cohort draft: the tandems are created in one transaction (one proposal per
// mentee, the manual team's transition); pairs changed since the draft are skipped and listed.
import { COHORT_RUN, invalidTransition, publishCohortPairs, type CohortPublished, type CohortSkippedView } from '@tandem/core'
import { isLeft, left, right } from 'fp-ts/lib/Either.js'
import type { ServiceContext } from '../context.js'
import type { Services } from '../ports/services.port.js'
import { runAllowing } from './cohort.runs.js'
import { personOf } from './cohort.views.js'

/** Another write changed a person of the draft between the read and the write of a publish. */
class PublishConflict extends Error {}

export type PublishCohortDraftPorts = Pick<ServiceContext, 'clock' | 'cohorts' | 'inOneTransaction' | 'logger' | 'store' | 'users'>

export const publishCohortDraft =
  (ctx: PublishCohortDraftPorts): Services['cohort']['publish'] =>
  async (actor, query) => {
    const { cohorts } = ctx
    const run = await runAllowing(ctx, query.runId, 'Publish')
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
    const all = new Map((await ctx.users.all()).map((u) => [u.id, u]))
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
  }
