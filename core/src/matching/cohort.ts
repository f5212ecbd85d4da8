// assignCohort: the best assignment of a whole cohort of mentees to mentors with places, exact and
// certified (docs/product.md#cohort-matching). Scores come from the participant run's scorer; see docs/matching.md.
import * as E from 'fp-ts/lib/Either.js'
import type { UserId } from '../shared/ids.js'
import { collectCandidateRows, rowWidener, type CohortFrame, type CohortRows } from './cohort.edges.js'
import { solveCohortFlow, type FlowState } from './cohort.flow.js'
import { priceProblem, pricesOf, type Prices } from './cohort.pricing.js'
import { cohortScorer, highestBase } from './cohort.scores.js'
import type {
  CohortAssignment,
  CohortControl,
  CohortError,
  CohortInput,
  CohortPhase,
  CohortResult,
  CohortUnmatched,
} from './cohort.types.js'
import { packMentorPool, type MentorPool } from './mentor-pool.packed.js'
import { compileQuestionnaire, type CompiledQuestionnaire } from './questionnaire.compiled.js'
import { packedScorer } from './score.packed.js'

/** Candidates kept per mentee at first; the solver widens a row when its left-out pairs could matter. */
const KEEP_PER_MENTEE = 64
/** The next best pairs each mentee keeps aside, to widen its row from without scoring it again. */
const RESERVE_PER_MENTEE = 1024

const invalid = (field: string, reason: string): CohortError => ({ _tag: 'InvalidCohortInput', field, reason })

const duplicateOf = (ids: readonly UserId[]): UserId | undefined => {
  const seen = new Set<UserId>()
  return ids.find((id) => (seen.has(id) ? true : (seen.add(id), false)))
}

const validate = (input: CohortInput): CohortError | null => {
  if (input.objective !== 'maxMatched' && input.objective !== 'maxScore') return invalid('objective', 'must be maxMatched or maxScore')
  if (typeof input.threshold !== 'number' || !Number.isFinite(input.threshold) || input.threshold < 0 || input.threshold > 100)
    return invalid('threshold', 'must be a percentage from 0 to 100')
  const badCapacity = input.mentors.find((m) => m.capacity !== undefined && !(Number.isSafeInteger(m.capacity) && m.capacity >= 0))
  if (badCapacity !== undefined) return invalid('mentors.capacity', `mentor ${badCapacity.id}: a capacity is a whole number ≥ 0`)
  const menteeTwice = duplicateOf(input.mentees.map((m) => m.id))
  if (menteeTwice !== undefined) return invalid('mentees', `mentee ${menteeTwice} is listed twice`)
  const mentorTwice = duplicateOf(input.mentors.map((m) => m.id))
  if (mentorTwice !== undefined) return invalid('mentors', `mentor ${mentorTwice} is listed twice`)
  if (input.questionnaire.pairs.some((p) => !Number.isFinite(p.weight) || p.weight < 0))
    return invalid('questionnaire', 'weights must be finite and ≥ 0')
  return null
}

type Setup = {
  readonly compiled: CompiledQuestionnaire
  readonly pool: MentorPool
  readonly frame: CohortFrame
  /** Input index of each mentee row. */
  readonly rowOf: readonly number[]
  readonly alreadyLive: readonly UserId[]
}

/** The solver's view of a valid input (exported for the solver's own tests). */
export const setUp = (input: CohortInput): E.Either<CohortError, Setup> => {
  const compiled = compileQuestionnaire(input.questionnaire)
  const pool = packMentorPool(
    compiled,
    input.mentors.map((m) => ({ id: m.id, answers: m.answers, poolSince: null })),
  )
  const columnOf = new Map(input.mentors.map((m, j) => [m.id, j]))
  const places = Int32Array.from(input.mentors, (m) => m.capacity ?? 1)
  const liveMentees = new Set<UserId>()
  for (const pair of input.live ?? []) {
    liveMentees.add(pair.menteeId)
    const j = columnOf.get(pair.mentorId)
    if (j !== undefined) places[j] = Math.max(0, places[j]! - 1)
  }
  const declined = new Map<UserId, number[]>()
  for (const pair of input.declined ?? []) {
    const j = columnOf.get(pair.mentorId)
    if (j !== undefined) declined.set(pair.menteeId, [...(declined.get(pair.menteeId) ?? []), j])
  }
  const rowOf: number[] = []
  input.mentees.forEach((m, index) => {
    if (!liveMentees.has(m.id)) rowOf.push(index)
  })
  const menteesIn = rowOf.map((index) => input.mentees[index]!)
  const scorer = cohortScorer(compiled, pool, input.threshold, menteesIn.length)
  if (scorer === null) return E.left(invalid('questionnaire', 'weights need at most six decimal places'))
  const totalPlaces = places.reduce((a, b) => a + b, 0)
  const heaviest = Math.round(highestBase(compiled) * scorer.scale)
  // maxMatched: one more matched mentee must outweigh any difference in score, so the bonus exceeds
  // the largest total score an assignment can have.
  const bonus = input.objective === 'maxMatched' ? Math.min(menteesIn.length, totalPlaces) * heaviest + 1 : 0
  if (Math.min(menteesIn.length, totalPlaces) * (heaviest + bonus) * 2 > Number.MAX_SAFE_INTEGER)
    return E.left(invalid('questionnaire', 'weights too large for exact sums at this cohort size'))
  const frame: CohortFrame = {
    menteeAnswers: menteesIn.map((m) => m.answers),
    mentors: input.mentors.length,
    places,
    excluded: menteesIn.map((m) => [...(declined.get(m.id) ?? []), ...(columnOf.has(m.id) ? [columnOf.get(m.id)!] : [])]),
    scorer,
    heaviest,
    bonus,
  }
  return E.right({ compiled, pool, frame, rowOf, alreadyLive: input.mentees.filter((m) => liveMentees.has(m.id)).map((m) => m.id) })
}

type Solved = {
  readonly rows: CohortRows
  readonly solution: FlowState
  readonly prices: Prices
}

/** Unwinds a cancelled run to `assignCohort`, which answers it as a `Cancelled` left. */
class CancelledRun extends Error {
  constructor(readonly phase: CohortPhase) {
    super(`cohort run cancelled while ${phase}`)
  }
}

/** Scores the cohort once, keeping each mentee's best pairs, then solves, widening rows as needed. */
const solve = (frame: CohortFrame, control: CohortControl): Solved => {
  const poller =
    (phase: CohortPhase) =>
    (fraction: number): boolean => {
      control.onProgress?.({ phase, fraction })
      return control.shouldCancel?.() === true
    }
  const rows = collectCandidateRows(frame, KEEP_PER_MENTEE, RESERVE_PER_MENTEE, poller('scoring'))
  if (rows === null) throw new CancelledRun('scoring')
  const solution = solveCohortFlow(rows, frame.mentors, frame.places, rowWidener(frame, rows), frame.scorer.scale, poller('solving'))
  if (solution === null) throw new CancelledRun('solving')
  if (poller('verifying')(0)) throw new CancelledRun('verifying')
  const prices = pricesOf(solution)
  const problem = priceProblem(rows, solution, prices)
  if (problem !== null) throw new Error(`cohort prices do not hold: ${problem}`)
  control.onProgress?.({ phase: 'verifying', fraction: 1 })
  return { rows, solution, prices }
}

const keptPairs = (rows: CohortRows): number => {
  let kept = 0
  for (let i = 0; i < rows.mentees; i++) kept += rows.end[i]! - rows.start[i]!
  return kept
}

/**
 * Whether a mentee without candidates has them knocked out by must-fit pairs alone: every mentor with
 * a free place the mentee may be paired with (not excluded: declined, or themselves) is knocked out,
 * and there is at least one. Asked only of mentees without candidates; stops at the first mentor who
 * passes.
 */
const mustFitKnocksEveryoneOut = (frame: CohortFrame, row: number, knockedOut: (column: number) => boolean): boolean => {
  const excluded = new Set(frame.excluded[row])
  let free = 0
  for (let column = 0; column < frame.mentors; column++) {
    if (frame.places[column] === 0 || excluded.has(column)) continue
    if (!knockedOut(column)) return false
    free += 1
  }
  return free > 0
}

const report = (input: CohortInput, setup: Setup, solved: Solved): CohortResult => {
  const { frame, rowOf, compiled, pool } = setup
  const { rows, solution, prices } = solved
  const pairs: CohortAssignment[] = []
  const unmatched: CohortUnmatched[] = []
  const menteePrices = new Array<number>(input.mentees.length).fill(0)
  // A mentor without a place is in no candidate pair; any price ≥ every weight keeps it out.
  const ceiling = frame.bonus + Math.round(highestBase(compiled) * frame.scorer.scale)
  const mentorPrices = Array.from(prices.mentor, (v, j) => (frame.places[j] === 0 ? ceiling : v))
  let primal = 0
  let dual = 0
  const scoreOf = packedScorer(compiled, pool)
  for (let row = 0; row < rowOf.length; row++) {
    const mentee = input.mentees[rowOf[row]!]!
    menteePrices[rowOf[row]!] = prices.mentee[row]!
    dual += prices.mentee[row]!
    const j = solution.mentorOf[row]!
    if (j < 0) {
      unmatched.push({
        menteeId: mentee.id,
        reason:
          rows.candidates[row]! > 0
            ? 'TakenByBetterAssignment'
            : mustFitKnocksEveryoneOut(frame, row, (column) => scoreOf(mentee.answers, column) === null)
              ? 'MustFitKnocksEveryMentorOut'
              : 'NoMentorAboveThreshold',
        candidates: rows.candidates[row]!,
      })
      continue
    }
    const weight = solution.weightOf[row]!
    // The breakdown is read from the pool's masks, not from the solver's lookup tables: a second,
    // independent scoring of every reported pair (the tests hold both to scoreMentor).
    const score = scoreOf(mentee.answers, j)
    if (score === null || Math.round(score.base * frame.scorer.scale) + frame.bonus !== weight)
      throw new Error(`cohort and pairwise scoring disagree for mentee ${mentee.id} and mentor ${input.mentors[j]!.id}`)
    primal += weight
    pairs.push({ menteeId: mentee.id, mentorId: input.mentors[j]!.id, score })
  }
  mentorPrices.forEach((v, j) => {
    dual += v * frame.places[j]!
  })
  if (primal !== dual) throw new Error(`optimality certificate does not close: primal ${primal}, dual ${dual}`)
  const totalScore = pairs.reduce((sum, p) => sum + p.score.base, 0)
  return {
    objective: input.objective,
    pairs,
    unmatched,
    alreadyLive: setup.alreadyLive,
    totals: {
      mentees: rowOf.length,
      matched: pairs.length,
      unmatched: unmatched.length,
      alreadyLive: setup.alreadyLive.length,
      places: frame.places.reduce((a, b) => a + b, 0),
      totalScore,
      meanPercentage: pairs.length === 0 ? 0 : pairs.reduce((sum, p) => sum + p.score.percentage, 0) / pairs.length,
    },
    certificate: { scale: frame.scorer.scale, bonus: frame.bonus, menteePrices, mentorPrices, primal, dual },
    stats: {
      candidatePairs: rows.candidates.reduce((a, b) => a + b, 0),
      keptPairs: keptPairs(rows),
      rounds: 1,
      rescoredMentees: rows.widened,
      reserveWidenings: rows.widenedFromReserve,
      augmentations: solution.augmentations,
    },
  }
}

/**
 * The assignment of a whole cohort: most mentees matched then highest total score (maxMatched), or
 * highest total score (maxScore). Pure: the same input gives the same result. Left on bad input or
 * when `control.shouldCancel` said so.
 */
export const assignCohort = (input: CohortInput, control: CohortControl = {}): E.Either<CohortError, CohortResult> => {
  const wrong = validate(input)
  if (wrong !== null) return E.left(wrong)
  return E.flatMap(setUp(input), (setup) => {
    try {
      const solved = solve(setup.frame, control)
      control.onProgress?.({ phase: 'reporting', fraction: 0 })
      const result = report(input, setup, solved)
      control.onProgress?.({ phase: 'reporting', fraction: 1 })
      return E.right(result)
    } catch (error) {
      if (error instanceof CancelledRun) return E.left<CohortError, CohortResult>({ _tag: 'Cancelled', phase: error.phase })
      throw error
    }
  })
}
