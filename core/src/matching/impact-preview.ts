// The impact of a questionnaire draft on the people matching now (docs/admin.md, "Impact preview"):
// the same figures under the published version and under the draft, read with the scorers the
// matching run and the cohort run use (no second scoring rule). Pure: plain data in, plain data out.
import * as E from 'fp-ts/lib/Either.js'
import type { QuestionPair } from '../questionnaire/questionnaire.codec.js'
import { userIdOf, type UserId } from '../shared/ids.js'
import type { Score } from '../tandem/tandem.codec.js'
import { assignCohort } from './cohort.js'
import type { CohortMentee, CohortMentor, CohortPair } from './cohort.types.js'
import { packMentorPool, type MentorPool } from './mentor-pool.packed.js'
import { compileQuestionnaire } from './questionnaire.compiled.js'
import { planBuffer, planFor, scoreColumns, type Columns } from './ranking.packed.js'
import { compareRank } from './ranking.types.js'
import { packedScorer } from './score.packed.js'
import { percentageOf } from './score.rules.js'

/** The people a preview is computed on: the cohort run's mentees and pool mentors, and declined pairs. */
export type PreviewPopulation = {
  readonly mentees: readonly CohortMentee[]
  readonly mentors: readonly CohortMentor[]
  readonly declined?: readonly CohortPair[]
}

/** One side of the comparison: the questions it scores and its threshold. */
export type PreviewVersion = { readonly questionnaire: { readonly pairs: readonly QuestionPair[] }; readonly threshold: number }

export type ImpactFigures = {
  /** Mentees with at least one mentor at or above the threshold (not knocked out, not declined). */
  readonly menteesWithCandidate: number
  /** Mentors who are such a candidate for at least one mentee. */
  readonly mentorsWithCandidate: number
  /** The mean percentage of each mentee's best candidate, over the mentees who have one (0 when none does). */
  readonly meanBestPercentage: number
  /** The whole-cohort solver's optimum (most matched, then highest total score). */
  readonly cohortMatched: number
  readonly cohortMeanPercentage: number
}

/** A question and how many changed top proposals it took part in (see `movedQuestions`). */
export type MovedQuestion = { readonly questionPairId: number; readonly topChanges: number }

export type ImpactPreview = {
  readonly mentees: number
  readonly mentors: number
  readonly now: ImpactFigures
  readonly draft: ImpactFigures
  /** Mentees whose first proposal (the best candidate in ranking order) differs, a lost or gained one included. */
  readonly topChanged: number
  /** The questions that moved the result most, most first; at most MOVED_QUESTIONS_MAX. */
  readonly movedQuestions: readonly MovedQuestion[]
}

export type ImpactPreviewError = { readonly _tag: 'InvalidPreview'; readonly reason: string }

/** Questions listed as having moved the result: enough to act on, few enough to read. */
export const MOVED_QUESTIONS_MAX = 5

/** What one version gives each mentee and mentor: the best row per mentee (−1: none), who is a candidate. */
type Ranked = {
  readonly bestRow: Int32Array
  readonly bestPercentage: Float64Array
  readonly mentorHasCandidate: Uint8Array
}

/** Share of the work each step takes (measured at 2,000 × 2,000: the two solves dominate). */
const RANK_SHARE = 0.15
const SOLVE_SHARE = 0.35

/**
 * Every mentee scored against the whole pool once (the matching run's column scorer), keeping the
 * best candidate in the proposal order (compareRank) and marking every mentor who is a candidate.
 * Pool dates play no part in a preview: all mentors rank as if they had none, so ties fall to the id.
 */
const rankAll = (
  version: PreviewVersion,
  population: PreviewPopulation,
  pool: MentorPool,
  excluded: ReadonlyMap<UserId, ReadonlySet<UserId>>,
  onProgress: (fraction: number) => void,
): Ranked => {
  const compiled = compileQuestionnaire(version.questionnaire)
  const { mentees } = population
  const bestRow = new Int32Array(mentees.length).fill(-1)
  const bestPercentage = new Float64Array(mentees.length)
  const mentorHasCandidate = new Uint8Array(pool.size)
  const buffer = planBuffer(compiled.pairs.length)
  let columns: Columns | undefined
  for (let i = 0; i < mentees.length; i++) {
    if (i % 64 === 0) onProgress(i / mentees.length)
    const mentee = mentees[i]!
    columns = scoreColumns(planFor(compiled, mentee.answers, buffer), pool, columns)
    const { base, max, knockedOut } = columns
    const declined = excluded.get(mentee.id)
    let best = -1
    let bestBase = 0
    let bestPct = 0
    for (let m = 0; m < pool.size; m++) {
      if (knockedOut[m] === 1) continue
      const percentage = percentageOf(base[m]!, max[m]!)
      if (!(percentage >= version.threshold)) continue
      const id = userIdOf(pool.ids[m]!)
      if (id === mentee.id || declined?.has(id) === true) continue
      mentorHasCandidate[m] = 1
      if (
        best < 0 ||
        compareRank(
          { percentage, base: base[m]!, poolSince: null, id },
          { percentage: bestPct, base: bestBase, poolSince: null, id: userIdOf(pool.ids[best]!) },
        ) < 0
      ) {
        best = m
        bestBase = base[m]!
        bestPct = percentage
      }
    }
    bestRow[i] = best
    bestPercentage[i] = bestPct
  }
  onProgress(1)
  return { bestRow, bestPercentage, mentorHasCandidate }
}

const excludedPairs = (population: PreviewPopulation): Map<UserId, Set<UserId>> => {
  const excluded = new Map<UserId, Set<UserId>>()
  for (const pair of population.declined ?? []) {
    const set = excluded.get(pair.menteeId) ?? new Set<UserId>()
    set.add(pair.mentorId)
    excluded.set(pair.menteeId, set)
  }
  return excluded
}

const figuresOf = (ranked: Ranked, cohort: { readonly matched: number; readonly meanPercentage: number }): ImpactFigures => {
  let withCandidate = 0
  let sum = 0
  ranked.bestRow.forEach((row, i) => {
    if (row < 0) return
    withCandidate++
    sum += ranked.bestPercentage[i]!
  })
  return {
    menteesWithCandidate: withCandidate,
    mentorsWithCandidate: ranked.mentorHasCandidate.reduce((a, b) => a + b, 0),
    meanBestPercentage: withCandidate === 0 ? 0 : sum / withCandidate,
    cohortMatched: cohort.matched,
    cohortMeanPercentage: cohort.meanPercentage,
  }
}

const pairsById = (version: PreviewVersion): Map<number, QuestionPair> =>
  new Map(version.questionnaire.pairs.map((p) => [p.questionPairId, p] as const))

/** Points and maximum of each question in a score; a knocked-out pair (null) has none. */
const pointsOf = (score: Score | null): Map<number, string> =>
  new Map((score?.breakdown ?? []).map((q) => [q.questionPairId, `${q.points}/${q.max}`] as const))

/**
 * The questions that moved the result: for each mentee whose first proposal changed, the two pairs
 * involved (the mentee with the mentor proposed now, and with the one the draft proposes) are scored
 * under both versions; a question takes part in that change when its points or maximum differ on
 * either pair, or when a pair is knocked out under one version only and the question is a changed
 * must-fit one there. Questions are listed by how many changes they took part in. Cheap: four pair
 * scores per changed mentee, none for the others.
 */
const movedQuestionsOf = (
  population: PreviewPopulation,
  published: PreviewVersion,
  draft: PreviewVersion,
  pools: { readonly now: MentorPool; readonly draft: MentorPool },
  changedRows: readonly { readonly mentee: number; readonly rows: readonly number[] }[],
): MovedQuestion[] => {
  const scoreNow = packedScorer(compileQuestionnaire(published.questionnaire), pools.now)
  const scoreDraft = packedScorer(compileQuestionnaire(draft.questionnaire), pools.draft)
  const before = pairsById(published)
  const after = pairsById(draft)
  const ids = [...new Set([...before.keys(), ...after.keys()])]
  const changedDefinition = new Set(ids.filter((id) => JSON.stringify(before.get(id)) !== JSON.stringify(after.get(id))))
  const counts = new Map<number, number>()
  for (const { mentee, rows } of changedRows) {
    const answers = population.mentees[mentee]!.answers
    const involved = new Set<number>()
    for (const row of rows) {
      const now = scoreNow(answers, row)
      const next = scoreDraft(answers, row)
      const a = pointsOf(now)
      const b = pointsOf(next)
      for (const id of ids) if (a.get(id) !== b.get(id)) involved.add(id)
      const knockedOutIn = now === null && next !== null ? before : next === null && now !== null ? after : null
      if (knockedOutIn !== null) for (const id of changedDefinition) if (knockedOutIn.get(id)?.mustFit === true) involved.add(id)
    }
    for (const id of involved) counts.set(id, (counts.get(id) ?? 0) + 1)
  }
  return [...counts]
    .map(([questionPairId, topChanges]) => ({ questionPairId, topChanges }))
    .sort((a, b) => b.topChanges - a.topChanges || a.questionPairId - b.questionPairId)
    .slice(0, MOVED_QUESTIONS_MAX)
}

const solveCohort = (
  version: PreviewVersion,
  population: PreviewPopulation,
  onProgress: (fraction: number) => void,
): E.Either<ImpactPreviewError, { readonly matched: number; readonly meanPercentage: number }> => {
  const solved = assignCohort(
    {
      questionnaire: version.questionnaire,
      mentees: population.mentees,
      mentors: population.mentors,
      threshold: version.threshold,
      objective: 'maxMatched',
      declined: population.declined ?? [],
    },
    // The solver's phases are not of equal length; scoring and solving are most of it.
    { onProgress: ({ phase, fraction }) => onProgress(phase === 'scoring' ? fraction / 2 : phase === 'solving' ? 0.5 + fraction / 2 : 1) },
  )
  if (E.isLeft(solved))
    return E.left({
      _tag: 'InvalidPreview',
      reason: solved.left._tag === 'Cancelled' ? 'cancelled' : `${solved.left.field}: ${solved.left.reason}`,
    })
  return E.right({ matched: solved.right.totals.matched, meanPercentage: solved.right.totals.meanPercentage })
}

/**
 * The preview of `draft` against `published` on `population`. `onProgress` gets the share done
 * (0–1), rising. Left when the cohort solver refuses a version (weights it cannot sum exactly).
 */
export const impactPreview = (
  population: PreviewPopulation,
  published: PreviewVersion,
  draft: PreviewVersion,
  onProgress: (fraction: number) => void = () => undefined,
): E.Either<ImpactPreviewError, ImpactPreview> => {
  const step = (from: number, share: number) => (fraction: number) => onProgress(from + share * Math.min(1, Math.max(0, fraction)))
  const candidates = population.mentors.map((m) => ({ id: m.id, answers: m.answers, poolSince: null }))
  const pools = {
    now: packMentorPool(compileQuestionnaire(published.questionnaire), candidates),
    draft: packMentorPool(compileQuestionnaire(draft.questionnaire), candidates),
  }
  const excluded = excludedPairs(population)
  const rankedNow = rankAll(published, population, pools.now, excluded, step(0, RANK_SHARE))
  const rankedDraft = rankAll(draft, population, pools.draft, excluded, step(RANK_SHARE, RANK_SHARE))
  const changedRows: { mentee: number; rows: number[] }[] = []
  rankedNow.bestRow.forEach((row, i) => {
    const next = rankedDraft.bestRow[i]!
    if (row !== next) changedRows.push({ mentee: i, rows: [row, next].filter((r) => r >= 0) })
  })
  const cohortNow = solveCohort(published, population, step(2 * RANK_SHARE, SOLVE_SHARE))
  if (E.isLeft(cohortNow)) return cohortNow
  const cohortDraft = solveCohort(draft, population, step(2 * RANK_SHARE + SOLVE_SHARE, SOLVE_SHARE))
  if (E.isLeft(cohortDraft)) return cohortDraft
  const movedQuestions = movedQuestionsOf(population, published, draft, pools, changedRows)
  onProgress(1)
  return E.right({
    mentees: population.mentees.length,
    mentors: population.mentors.length,
    now: figuresOf(rankedNow, cohortNow.right),
    draft: figuresOf(rankedDraft, cohortDraft.right),
    topChanged: changedRows.length,
    movedQuestions,
  })
}
