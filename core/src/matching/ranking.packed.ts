// The fast ranking: the mentee's answers become a short plan of mask and year tests, run column by
// column over the packed pool, then one pass keeps the top k. Same result as rankMentorsReference.
import type { Answer } from '../questionnaire/questionnaire.codec.js'
import type { UserId } from '../shared/ids.js'
import { answersByPair, yearOf } from './answer.sets.js'
import { unpackMentorAnswers, type MentorPool } from './mentor-pool.packed.js'
import { maskOf, popcount, RULE_CODE, type CompiledQuestionnaire } from './questionnaire.compiled.js'
import { percentageOf, scoreMentor } from './score.rules.js'
import { proposalCount, type MatchMentee, type MatchingOptions, type RankedMentor } from './ranking.types.js'

/** Step kinds of a plan; CONSTANT is a pair the mentee answered "no preference" (always full points). */
const CONSTANT = 0
const SINGLE = 1
const MULTIPLE = 2
const MATCHES = 3
const YEARS = 4

/** One mentee's answers compiled into column tests; scored against a pool by scoreColumns. */
export type Plan = {
  readonly kind: Int32Array
  readonly slot: Int32Array
  /** SINGLE: mentee mask; MULTIPLE: mentee mask | no-preference bits; MATCHES: mentee mask. */
  readonly menteeMask: Uint32Array
  readonly noPreferenceMask: Uint32Array
  /** Points of a fit: the weight, or for MATCHES the weight per common option. */
  readonly weight: Float64Array
  /** MATCHES: full points when the mentor has no preference. YEARS: the mentee's year. */
  readonly value: Float64Array
  readonly minYearsAhead: Float64Array
  readonly mustFit: Uint8Array
  readonly steps: number
  readonly offset: number
  readonly max: number
  /** A must-fit pair the mentee's answers can never fit: nobody qualifies. */
  readonly impossible: boolean
}

/**
 * `into` (a planBuffer as long as the questionnaire's pairs) is filled instead of new columns: the
 * whole-cohort scorer plans a mentee per row it scores, and fresh typed arrays there kept the collector busy.
 */
export const planFor = (compiled: CompiledQuestionnaire, menteeAnswers: readonly Answer[], into?: PlanBuffer): Plan => {
  const plan = into ?? planBuffer(compiled.pairs.length)
  plan.steps = 0
  plan.offset = 0
  plan.max = 0
  plan.impossible = false
  const answers = answersByPair(menteeAnswers)
  const push = (
    kind: number,
    slot: number,
    mask: number,
    noPreference: number,
    weight: number,
    value: number,
    mustFit: boolean,
    minYearsAhead = 0,
  ): void => {
    const s = plan.steps++
    plan.kind[s] = kind
    plan.slot[s] = slot
    plan.menteeMask[s] = mask
    plan.noPreferenceMask[s] = noPreference
    plan.weight[s] = weight
    plan.value[s] = value
    plan.mustFit[s] = mustFit ? 1 : 0
    plan.minYearsAhead[s] = minYearsAhead
  }
  const addConstant = (points: number): void => {
    // Whole weights sum exactly in any order; otherwise keep the reference's summation order.
    if (compiled.wholeWeights) plan.offset += points
    else push(CONSTANT, 0, 0, 0, points, 0, false)
  }
  for (const cp of compiled.pairs) {
    const { pair } = cp
    const answer = answers.get(pair.questionPairId)
    if (cp.rule === RULE_CODE.MentorOnly) continue
    if (cp.rule === RULE_CODE.YearsFit) {
      plan.max += pair.weight
      const year = yearOf(answer)
      if (year === null || Number.isNaN(year)) plan.impossible ||= pair.mustFit
      else push(YEARS, cp.slot, 0, 0, pair.weight, year, pair.mustFit, pair.minYearsAhead)
      continue
    }
    const mask = maskOf(cp, answer?.optionIds)
    const noPreference = (mask & cp.noPreferenceMask) !== 0
    const full = cp.rule === RULE_CODE.MultipleMatchesFit ? pair.weight * popcount(mask) : pair.weight
    plan.max += full
    if (noPreference) addConstant(full)
    else if (cp.rule === RULE_CODE.SingleFit) push(SINGLE, cp.slot, mask, cp.noPreferenceMask, pair.weight, 0, pair.mustFit)
    else if (cp.rule === RULE_CODE.MultipleFit)
      push(MULTIPLE, cp.slot, (mask | cp.noPreferenceMask) >>> 0, cp.noPreferenceMask, pair.weight, 0, pair.mustFit)
    else push(MATCHES, cp.slot, mask, cp.noPreferenceMask, pair.weight, full, pair.mustFit)
  }
  return plan
}

/** A plan whose columns are reused: the whole-cohort scorer restricts one per group and mentee. */
export type PlanBuffer = { -readonly [K in keyof Plan]: Plan[K] }

export const planBuffer = (length: number): PlanBuffer => ({
  kind: new Int32Array(length),
  slot: new Int32Array(length),
  menteeMask: new Uint32Array(length),
  noPreferenceMask: new Uint32Array(length),
  weight: new Float64Array(length),
  value: new Float64Array(length),
  minYearsAhead: new Float64Array(length),
  mustFit: new Uint8Array(length),
  steps: 0,
  offset: 0,
  max: 0,
  impossible: false,
})

/**
 * The plan's steps on the choice and year slots marked 1 (and, with `withConstants`, its constant
 * points), written into `into` (as long as the plan's pairs) without allocating: the whole-cohort
 * scorer runs a plan per group of slots against the group's distinct answers.
 */
export const restrictPlanInto = (
  plan: Plan,
  choiceSlots: Uint8Array,
  yearSlots: Uint8Array,
  withConstants: boolean,
  into: PlanBuffer,
): Plan => {
  let kept = 0
  for (let s = 0; s < plan.steps; s++) {
    const kind = plan.kind[s]!
    if (!(kind === CONSTANT ? withConstants : (kind === YEARS ? yearSlots : choiceSlots)[plan.slot[s]!] === 1)) continue
    into.kind[kept] = kind
    into.slot[kept] = plan.slot[s]!
    into.menteeMask[kept] = plan.menteeMask[s]!
    into.noPreferenceMask[kept] = plan.noPreferenceMask[s]!
    into.weight[kept] = plan.weight[s]!
    into.value[kept] = plan.value[s]!
    into.minYearsAhead[kept] = plan.minYearsAhead[s]!
    into.mustFit[kept++] = plan.mustFit[s]!
  }
  into.steps = kept
  into.offset = withConstants ? plan.offset : 0
  into.max = plan.max
  into.impossible = plan.impossible
  return into
}

/**
 * scoreColumns for whole weights, written straight into `table` from `at` on (one pass per step, no
 * float columns to copy over): each entry the base points, and a must-fit miss ORs in `knockout`
 * (a negative power of two above every sum of points), so a knocked-out entry stays negative however
 * many points are added to it. The whole-cohort scorer builds a group's lookup table this way per
 * mentee; the tests compare every pair it reports with the reference scoring.
 */
export const scoreTableInto = (plan: Plan, pool: MentorPool, table: Int32Array, at: number, knockout: number): void => {
  const n = pool.size
  const to = at + n
  table.fill(plan.offset, at, to)
  for (let s = 0; s < plan.steps; s++) {
    const w = plan.weight[s]!
    // A miss ORs in `knockout` when the pair must fit, 0 otherwise.
    const miss = plan.mustFit[s] === 1 ? knockout : 0
    const a = plan.menteeMask[s]!
    const np = plan.noPreferenceMask[s]!
    const from = plan.slot[s]! * n - at
    switch (plan.kind[s]) {
      case CONSTANT:
        for (let m = at; m < to; m++) table[m]! += w
        break
      case SINGLE: {
        const { masks } = pool
        for (let m = at; m < to; m++) {
          const b = masks[from + m]!
          const fit = (+(b === a) & +(a !== 0)) | +((b & np) !== 0)
          table[m] = (table[m]! + w * fit) | (miss & -(fit ^ 1))
        }
        break
      }
      case MULTIPLE: {
        const { masks } = pool
        for (let m = at; m < to; m++) {
          const fit = +((masks[from + m]! & a) !== 0)
          table[m] = (table[m]! + w * fit) | (miss & -(fit ^ 1))
        }
        break
      }
      case MATCHES: {
        const { masks } = pool
        const full = plan.value[s]!
        for (let m = at; m < to; m++) {
          const b = masks[from + m]!
          const common = popcount(b & a)
          const noPreference = +((b & np) !== 0)
          const fit = noPreference | +(common > 0)
          table[m] = (table[m]! + full * noPreference + w * common * (1 - noPreference)) | (miss & -(fit ^ 1))
        }
        break
      }
      default: {
        const { years } = pool
        const year = plan.value[s]!
        const ahead = plan.minYearsAhead[s]!
        for (let m = at; m < to; m++) {
          const fit = +(year - years[from + m]! >= ahead)
          table[m] = (table[m]! + w * fit) | (miss & -(fit ^ 1))
        }
      }
    }
  }
}

/** A bounded, sorted list of the best rows so far, in proposal order. */
type Top = { rows: number[]; percentages: number[]; bases: number[] }

/** True when row a ranks strictly before row b: percentage, base, longest in the pool (unknown last), id. */
const ranksBefore = (pool: MentorPool, pa: number, ba: number, a: number, pb: number, bb: number, b: number): boolean => {
  if (pa !== pb) return pa > pb
  if (ba !== bb) return ba > bb
  const sa = pool.poolSince[a]!
  const sb = pool.poolSince[b]!
  const aKnown = !Number.isNaN(sa)
  if (aKnown !== !Number.isNaN(sb)) return aKnown
  if (aKnown && sa !== sb) return sa < sb
  return pool.ids[a]! < pool.ids[b]!
}

const insert = (top: Top, pool: MentorPool, limit: number, row: number, percentage: number, base: number): void => {
  let at = top.rows.length
  while (at > 0 && ranksBefore(pool, percentage, base, row, top.percentages[at - 1]!, top.bases[at - 1]!, top.rows[at - 1]!)) at--
  if (at >= limit) return
  top.rows.splice(at, 0, row)
  top.percentages.splice(at, 0, percentage)
  top.bases.splice(at, 0, base)
  if (top.rows.length > limit) {
    top.rows.pop()
    top.percentages.pop()
    top.bases.pop()
  }
}

const isExcluded = (id: UserId, menteeId: UserId, exclude: ReadonlySet<UserId> | undefined): boolean =>
  id === menteeId || exclude?.has(id) === true

/** Base points of every mentor, and which mentors a must-fit pair knocked out (1). */
export type Columns = { readonly base: Float64Array; readonly knockedOut: Uint8Array }

/**
 * One pass per pair column. The loops are branch-free on purpose: whether a pair fits is close to
 * a coin toss per mentor, and a mispredicted branch costs more than the whole test (`+bool` is 0/1).
 */
export const scoreColumns = (plan: Plan, pool: MentorPool, into?: Columns): Columns => {
  const n = pool.size
  // Whole-cohort matching scores every mentee against the pool: reusing the buffers spares the collector.
  const base = into === undefined ? new Float64Array(n) : into.base.length === n ? into.base : into.base.subarray(0, n)
  const knockedOut =
    into === undefined ? new Uint8Array(n) : into.knockedOut.length === n ? into.knockedOut : into.knockedOut.subarray(0, n)
  base.fill(plan.offset)
  if (into !== undefined) knockedOut.fill(0)
  for (let s = 0; s < plan.steps; s++) {
    const w = plan.weight[s]!
    const must = plan.mustFit[s] === 1
    const a = plan.menteeMask[s]!
    const np = plan.noPreferenceMask[s]!
    const from = plan.slot[s]! * n
    switch (plan.kind[s]) {
      case CONSTANT:
        for (let m = 0; m < n; m++) base[m]! += w
        break
      case SINGLE: {
        const column = pool.masks.subarray(from, from + n)
        for (let m = 0; m < n; m++) {
          const b = column[m]!
          // An unanswered mentee (a = 0) fits only a mentor with no preference.
          const fit = (+(b === a) & +(a !== 0)) | +((b & np) !== 0)
          base[m]! += w * fit
          if (must) knockedOut[m]! |= fit ^ 1
        }
        break
      }
      case MULTIPLE: {
        // a already holds the no-preference bits: a mentor with no preference shares one of them.
        const column = pool.masks.subarray(from, from + n)
        for (let m = 0; m < n; m++) {
          const fit = +((column[m]! & a) !== 0)
          base[m]! += w * fit
          if (must) knockedOut[m]! |= fit ^ 1
        }
        break
      }
      case MATCHES: {
        const column = pool.masks.subarray(from, from + n)
        const full = plan.value[s]!
        for (let m = 0; m < n; m++) {
          const b = column[m]!
          const common = popcount(b & a)
          const noPreference = +((b & np) !== 0)
          // Exactly one of the two terms is non-zero, so the sum equals the rule's points.
          base[m]! += full * noPreference + w * common * (1 - noPreference)
          if (must) knockedOut[m]! |= (noPreference | +(common > 0)) ^ 1
        }
        break
      }
      default: {
        const column = pool.years.subarray(from, from + n)
        const year = plan.value[s]!
        const ahead = plan.minYearsAhead[s]!
        for (let m = 0; m < n; m++) {
          // Same expression as the rule, so fractional years compare the same way; NaN never fits.
          const fit = +(year - column[m]! >= ahead)
          base[m]! += w * fit
          if (must) knockedOut[m]! |= fit ^ 1
        }
      }
    }
  }
  return { base, knockedOut }
}

/**
 * One mentee's ranking of the packed pool, scored once and ranked as often as asked: a matching run
 * that finds some of its best mentors taken ranks again, further and with them excluded, without
 * scoring the pool again. `ids` is the order alone; `rank` returns exactly what
 * rankMentorsReference returns (each mentor checked against the reference scorer).
 */
export type PoolRanker = {
  readonly ids: (options: MatchingOptions) => readonly UserId[]
  readonly rank: (options: MatchingOptions) => readonly RankedMentor[]
}

export const poolRanker = (compiled: CompiledQuestionnaire, pool: MentorPool, mentee: MatchMentee): PoolRanker => {
  const plan = planFor(compiled, mentee.answers)
  const { max } = plan
  let columns: Columns | undefined
  const top = (options: MatchingOptions): Top => {
    const limit = proposalCount(options.limit)
    const chosen: Top = { rows: [], percentages: [], bases: [] }
    if (limit === 0 || plan.impossible) return chosen
    const threshold = options.threshold
    columns ??= scoreColumns(plan, pool)
    const { base: bases, knockedOut } = columns
    // Within one run max is fixed and the percentage rises with the base, so a mentor whose base is
    // below the current last of the top cannot enter it: one comparison rejects almost everyone.
    let worstBase = Number.NEGATIVE_INFINITY
    for (let m = 0; m < pool.size; m++) {
      const base = bases[m]!
      if (base < worstBase || knockedOut[m] === 1) continue
      const percentage = max === 0 ? 0 : Math.round((100 * base) / max)
      if (!(percentage >= threshold)) continue
      if (
        chosen.rows.length >= limit &&
        !ranksBefore(pool, percentage, base, m, chosen.percentages[limit - 1]!, chosen.bases[limit - 1]!, chosen.rows[limit - 1]!)
      )
        continue
      // Exclusion is checked only for rows that would enter the top: rare, and a Set lookup is not free.
      if (isExcluded(pool.ids[m]!, mentee.id, options.exclude)) continue
      insert(chosen, pool, limit, m, percentage, base)
      if (chosen.rows.length >= limit) worstBase = chosen.bases[limit - 1]!
    }
    return chosen
  }
  return {
    ids: (options) => top(options).rows.map((row) => pool.ids[row]!),
    rank: (options) => {
      const chosen = top(options)
      return chosen.rows.map((row, i) => {
        const score = scoreMentor(compiled.questionnaire, mentee.answers, unpackMentorAnswers(compiled, pool, row))
        if (
          score === null ||
          score.base !== chosen.bases[i] ||
          score.max !== max ||
          score.percentage !== percentageOf(chosen.bases[i], max)
        ) {
          throw new Error(`packed and reference scoring disagree for mentor ${pool.ids[row]}`)
        }
        return { mentorId: pool.ids[row]!, score }
      })
    },
  }
}

/** Ranks the packed pool for one mentee; returns exactly what rankMentorsReference returns. */
export const rankPool = (
  compiled: CompiledQuestionnaire,
  pool: MentorPool,
  mentee: MatchMentee,
  options: MatchingOptions,
): readonly RankedMentor[] => poolRanker(compiled, pool, mentee).rank(options)
