// A cohort run's draft, one page of each list (a cohort may have 50,000 mentees): only its rows and
// people are read. Answered by the draft call and after every edit.
import { COHORT_DRAFT_PAGE_SIZE, type CohortDraftQuery } from '@tandem/core'
import { isLeft, right } from 'fp-ts/lib/Either.js'
import type { ServiceContext } from '../context.js'
import type { Services } from '../ports/services.port.js'
import type { CohortRunRecord, DraftSection } from '../ports/store/index.js'
import { findRun, viewOf, type CohortRunViewPorts } from './cohort.runs.js'
import { draftView } from './cohort.views.js'

export type CohortDraftPorts = CohortRunViewPorts & Pick<ServiceContext, 'master'>

export const draftOf = async (ctx: CohortDraftPorts, run: CohortRunRecord, query: CohortDraftQuery = {}) => {
  const { cohorts } = ctx
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
    await viewOf(ctx, run),
    run,
    { pairs, unmatched, skipped, summary, paging },
    (id) => people.get(id),
    ctx.master.questionnaire,
  )
}

export const cohortDraft =
  (ctx: CohortDraftPorts): Services['cohort']['draft'] =>
  async (query) => {
    const run = await findRun(ctx, query.runId)
    return isLeft(run) ? run : right(run.right === null ? null : await draftOf(ctx, run.right, query))
  }
