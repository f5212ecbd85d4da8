// A cohort run and its draft as the admin's page shows them: people by name, what each pair
// shares (core commonGround with the questionnaire's texts in both languages), the totals.
import {
  COHORT_RUN,
  commonGround,
  type Bilingual,
  type CohortDraftPaging,
  type CohortDraftView,
  type CohortPerson,
  type CohortRunPhase,
  type CohortRunView,
  type CohortTotalsView,
  type QuestionScore,
  type Questionnaire,
  type UserId,
} from '@tandem/core'
import type { CohortDraftRow, CohortRunRecord, DraftSummary, UserRecord } from '../ports/store/index.js'
import type { RunProgress } from '../ports/cohort-runner.port.js'

const iso = (at: number | null): string | null => (at === null ? null : new Date(at).toISOString())

/** What the page shows of a person. */
type Named = Pick<UserRecord, 'id' | 'firstName' | 'lastName' | 'email'>

export const personOf = (user: Named | undefined, id: UserId): CohortPerson =>
  user === undefined
    ? { userId: id, firstName: '', lastName: '', email: '' }
    : { userId: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email }

export const runView = (run: CohortRunRecord, programYear: string, progress: RunProgress | undefined): CohortRunView => ({
  runId: run.id,
  clusterId: run.clusterId,
  programYear,
  objective: run.objective,
  threshold: run.threshold,
  state: run.state,
  phase: run.state === COHORT_RUN.Running ? ((progress?.phase ?? 'loading') as CohortRunPhase) : null,
  fraction: run.state === COHORT_RUN.Running ? (progress?.fraction ?? 0) : 1,
  startedBy: run.startedBy,
  startedAt: iso(run.startedAt) ?? '',
  finishedAt: iso(run.finishedAt),
  publishedBy: run.publishedBy,
  publishedAt: iso(run.publishedAt),
})

const topicOf = (text: string): string => text.replace(/[?:\s]+$/, '')

/** "Question: shared options" lines in both languages; a compared year shows both years. */
export const sharedLines = (questionnaire: Questionnaire, breakdown: readonly QuestionScore[]): Bilingual[] =>
  commonGround(breakdown).flatMap((b) => {
    const pair = questionnaire.pairs.find((p) => p.questionPairId === b.questionPairId)
    const question = pair?.mentee ?? pair?.mentor
    if (pair === undefined || question === undefined || question === null) return []
    const line = (language: 'en' | 'de'): string => {
      const topic = topicOf(question.text[language])
      if (b.years !== undefined) return `${topic}: ${b.years.mentee} / ${b.years.mentor}`
      return `${topic}: ${pair.options
        .filter((o) => b.common.includes(o.id))
        .map((o) => o.text[language])
        .join(', ')}`
    }
    return b.years !== undefined || b.common.length > 0 ? [{ en: line('en'), de: line('de') }] : []
  })

export const totalsOf = (rows: readonly CohortDraftRow[]): CohortTotalsView => {
  const paired = rows.filter((r) => r.mentor !== null)
  const sum = paired.reduce((total, r) => total + (r.mentor?.score.percentage ?? 0), 0)
  return { mentees: rows.length, matched: paired.length, meanPercentage: paired.length === 0 ? 0 : sum / paired.length }
}

const EMPTY: CohortTotalsView = { mentees: 0, matched: 0, meanPercentage: 0 }

/** One page of each list of a draft, with the counts and totals over all of it. */
export type DraftPages = {
  readonly pairs: readonly CohortDraftRow[]
  readonly unmatched: readonly CohortDraftRow[]
  readonly skipped: readonly CohortDraftRow[]
  readonly summary: DraftSummary
  readonly paging: CohortDraftPaging
}

export const draftView = (
  run: CohortRunView,
  record: CohortRunRecord,
  pages: DraftPages,
  userOf: (id: UserId) => Named | undefined,
  questionnaire: Questionnaire,
): CohortDraftView => ({
  ...run,
  pairs: pages.pairs.flatMap((r) =>
    r.mentor === null
      ? []
      : [
          {
            mentee: personOf(userOf(r.menteeId), r.menteeId),
            mentor: personOf(userOf(r.mentor.id), r.mentor.id),
            base: r.mentor.score.base,
            max: r.mentor.score.max,
            percentage: r.mentor.score.percentage,
            shared: sharedLines(questionnaire, r.mentor.score.breakdown),
            edited: r.edited,
            outcome: r.outcome,
            tandemId: r.tandemId,
          },
        ],
  ),
  unmatched: pages.unmatched.flatMap((r) =>
    r.mentor !== null || r.reason === null
      ? []
      : [{ mentee: personOf(userOf(r.menteeId), r.menteeId), reason: r.reason, candidates: r.candidates }],
  ),
  totals: pages.summary.totals,
  solverTotals: record.solverTotals ?? EMPTY,
  firstCome: record.firstCome ?? EMPTY,
  skipped: pages.skipped.flatMap((r) =>
    r.mentor === null || r.outcome !== 'Skipped'
      ? []
      : [
          {
            mentee: personOf(userOf(r.menteeId), r.menteeId),
            mentor: personOf(userOf(r.mentor.id), r.mentor.id),
            reason: r.skipReason ?? 'Changed',
          },
        ],
  ),
  counts: pages.summary.counts,
  paging: pages.paging,
})
