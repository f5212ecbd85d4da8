// The fast ranking: the mentee's answers become a short plan of mask and year tests, run column by
// column over the packed pool, then one pass keeps the top k. Same result as rankMentorsReference.
// A question one side has not answered is left out of that pair's base and maximum (scoreMentor):
// the plan leaves out the mentee's, and each mentor's maximum is summed over the questions it answered.
import type { Answer } from '../questionnaire/questionnaire.codec.js'
import { userIdOf, type UserId } from '../shared/ids.js'
import { answersByPair, yearOf } from './answer.sets.js'
import { unpackMentorAnswers, type MentorPool } from './mentor-pool.packed.js'
import { maskOf, popcount, RULE_CODE, type CompiledQuestionnaire } from './questionnaire.compiled.js'
import { scoreMentor } from './score.rules.js'
import { proposalCount, type MatchMentee, type MatchingOptions, type RankedMentor } from './ranking.types.js'

/** Step kinds of a plan; NO_PREFERENCE is a pair the mentee answered "no preference" (full points from every mentor who answered it). */
const NO_PREFERENCE = 0
const SINGLE = 1
const MULTIPLE = 2
const MATCHES = 3
const YEARS = 4
/** The kinds of step whose most points differ from the weight, and whose slot is a year (the cohort's classes read them). */
export const MATCHES_STEP = MATCHES
export const YEARS_STEP = YEARS

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
  /** The maximum of a mentor who answered every question the mentee answered (the largest any mentor has). */
  readonly max: number
  /** Every weight a whole number: sums are exact in any order (scoreColumns may fold them). */
  readonly whole: boolean
}

/**
 * `into` (a planBuffer as long as the questionnaire's pairs) is filled instead of new columns: the
 * whole-cohort scorer plans a mentee per row it scores, and fresh typed arrays there kept the collector busy.
 */
export const planFor = (compiled: CompiledQuestionnaire, menteeAnswers: readonly Answer[], into?: PlanBuffer): Plan => {
  const plan = into ?? planBuffer(compiled.pairs.length)
  plan.steps = 0
  plan.max = 0
  plan.whole = compiled.wholeWeights
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
  for (const cp of compiled.pairs) {
    const { pair } = cp
    const answer = answers.get(pair.questionPairId)
    if (cp.rule === RULE_CODE.MentorOnly) continue
    if (cp.rule === RULE_CODE.YearsFit) {
      const year = yearOf(answer)
      // Not answered by the mentee: left out for every mentor (a NaN year is none in the pool either).
      if (year === null || Number.isNaN(year)) continue
      plan.max += pair.weight
      push(YEARS, cp.slot, 0, 0, pair.weight, year, pair.mustFit, pair.minYearsAhead)
      continue
    }
    const mask = maskOf(cp, answer?.optionIds)
    if (mask === 0) continue
    const noPreference = (mask & cp.noPreferenceMask) !== 0
    const full = cp.rule === RULE_CODE.MultipleMatchesFit ? pair.weight * popcount(mask) : pair.weight
    plan.max += full
    if (noPreference) push(NO_PREFERENCE, cp.slot, mask, cp.noPreferenceMask, full, 0, false)
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
  max: 0,
  whole: false,
})

/**
 * The plan's steps on the choice and year slots marked 1, written into `into` (as long as the plan's
 * pairs) without allocating: the whole-cohort scorer runs a plan per group of slots against the
 * group's distinct answers.
 */
export const restrictPlanInto = (plan: Plan, choiceSlots: Uint8Array, yearSlots: Uint8Array, into: PlanBuffer): Plan => {
  let kept = 0
  for (let s = 0; s < plan.steps; s++) {
    const kind = plan.kind[s]!
    if ((kind === YEARS ? yearSlots : choiceSlots)[plan.slot[s]!] !== 1) continue
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
  into.max = plan.max
  into.whole = plan.whole
  return into
}

/**
 * scoreColumns for whole weights, written straight into `table` from `at` on (one pass per step, no
 * float columns to copy over): each entry the base points, and a must-fit miss ORs in `knockout`
 * (a negative power of two above every sum of points), so a knocked-out entry stays negative however
 * many points are added to it. The whole-cohort scorer builds a group's lookup table this way per
 * mentee, and only for a pool where every mentor answered every question (the table holds no
 * maximum); the tests compare every pair it reports with the reference scoring.
 */
export const scoreTableInto = (plan: Plan, pool: MentorPool, table: Int32Array, at: number, knockout: number): void => {
  const n = pool.size
  const to = at + n
  table.fill(0, at, to)
  for (let s = 0; s < plan.steps; s++) {
    const w = plan.weight[s]!
    // A miss ORs in `knockout` when the pair must fit, 0 otherwise.
    const miss = plan.mustFit[s] === 1 ? knockout : 0
    const a = plan.menteeMask[s]!
    const np = plan.noPreferenceMask[s]!
    const from = plan.slot[s]! * n - at
    switch (plan.kind[s]) {
      case NO_PREFERENCE: {
        const { masks } = pool
        for (let m = at; m < to; m++) table[m]! += w * +(masks[from + m]! !== 0)
        break
      }
      case SINGLE: {
        const { masks } = pool
        for (let m = at; m < to; m++) {
          const b = masks[from + m]!
          const fit = +(b === a) | +((b & np) !== 0)
          table[m] = (table[m]! + w * fit) | (miss & -((fit ^ 1) & +(b !== 0)))
        }
        break
      }
      case MULTIPLE: {
        const { masks } = pool
        for (let m = at; m < to; m++) {
          const b = masks[from + m]!
          const fit = +((b & a) !== 0)
          table[m] = (table[m]! + w * fit) | (miss & -((fit ^ 1) & +(b !== 0)))
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
          table[m] = (table[m]! + full * noPreference + w * common * (1 - noPreference)) | (miss & -((fit ^ 1) & +(b !== 0)))
        }
        break
      }
      default: {
        const { years } = pool
        const year = plan.value[s]!
        const ahead = plan.minYearsAhead[s]!
        for (let m = at; m < to; m++) {
          const b = years[from + m]!
          const fit = +(year - b >= ahead)
          table[m] = (table[m]! + w * fit) | (miss & -((fit ^ 1) & +(b === b)))
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

/**
 * Base points and maximum of every mentor, and which mentors a must-fit pair knocked out (1). A
 * question the mentor has not answered (no option of the pair, no year) adds to neither and knocks
 * nobody out.
 */
export type Columns = { readonly base: Float64Array; readonly max: Float64Array; readonly knockedOut: Uint8Array }

const reuse = <A extends Float64Array | Uint8Array>(column: A, n: number): A =>
  column.length === n ? column : (column.subarray(0, n) as A)

/**
 * Which mentors of a pool left each slot unanswered (no option of the pair, no year): per choice slot
 * and per year slot the rows, ascending. Worked out once per pool (remembered per pool object), so
 * that scoring a mentee adds a question's maximum, and a "no preference" answer's points, once for
 * the whole column and takes them back from the few who left it open, instead of testing every
 * mentor on every step.
 */
type OpenRows = { readonly choice: readonly Int32Array[]; readonly year: readonly Int32Array[] }

const openRowsCache = new WeakMap<MentorPool, OpenRows>()

const openRowsOf = (pool: MentorPool): OpenRows => {
  const cached = openRowsCache.get(pool)
  if (cached !== undefined) return cached
  const n = pool.size
  const rowsWhere = (open: (m: number) => boolean): Int32Array => {
    let count = 0
    for (let m = 0; m < n; m++) if (open(m)) count++
    const rows = new Int32Array(count)
    let k = 0
    for (let m = 0; m < n && k < count; m++) if (open(m)) rows[k++] = m
    return rows
  }
  const choice = Array.from({ length: pool.choiceSlots }, (_, slot) => rowsWhere((m) => pool.masks[slot * n + m] === 0))
  const year = Array.from({ length: pool.yearSlots }, (_, slot) => {
    const from = slot * n
    return rowsWhere((m) => Number.isNaN(pool.years[from + m]!))
  })
  const rows: OpenRows = { choice, year }
  openRowsCache.set(pool, rows)
  return rows
}

/**
 * One pass per pair column. The loops are branch-free on purpose: whether a pair fits is close to
 * a coin toss per mentor, and a mispredicted branch costs more than the whole test (`+bool` is 0/1).
 * With whole weights (sums exact in any order) every mentor's maximum starts at the plan's maximum
 * and a "no preference" step's points at full for everyone, and both are taken back from the mentors
 * who left that question open (openRowsOf, once per pool). Otherwise points and maxima are added step
 * by step in the questionnaire's order, as scoreMentor adds them, so that fractional weights sum to
 * the same floating-point numbers.
 */
export const scoreColumns = (plan: Plan, pool: MentorPool, into?: Columns): Columns => {
  const n = pool.size
  // Whole-cohort matching scores every mentee against the pool: reusing the buffers spares the collector.
  const base = into === undefined ? new Float64Array(n) : reuse(into.base, n)
  const max = into === undefined ? new Float64Array(n) : reuse(into.max, n)
  const knockedOut = into === undefined ? new Uint8Array(n) : reuse(into.knockedOut, n)
  if (into !== undefined) knockedOut.fill(0)
  if (plan.whole) scoreWhole(plan, pool, base, max, knockedOut)
  else scoreInOrder(plan, pool, base, max, knockedOut, into !== undefined)
  return { base, max, knockedOut }
}

const scoreWhole = (plan: Plan, pool: MentorPool, base: Float64Array, max: Float64Array, knockedOut: Uint8Array): void => {
  const n = pool.size
  const open = openRowsOf(pool)
  let offset = 0
  for (let s = 0; s < plan.steps; s++) if (plan.kind[s] === NO_PREFERENCE) offset += plan.weight[s]!
  base.fill(offset)
  max.fill(plan.max)
  for (let s = 0; s < plan.steps; s++) {
    const kind = plan.kind[s]!
    const w = plan.weight[s]!
    // What a mentor who left the question open does not get: its points (no preference) and its maximum.
    const full = kind === MATCHES ? plan.value[s]! : w
    const rows = (kind === YEARS ? open.year : open.choice)[plan.slot[s]!]!
    for (let k = 0; k < rows.length; k++) max[rows[k]!]! -= full
    if (kind === NO_PREFERENCE) for (let k = 0; k < rows.length; k++) base[rows[k]!]! -= w
  }
  for (let s = 0; s < plan.steps; s++) {
    const w = plan.weight[s]!
    const must = plan.mustFit[s] === 1
    const a = plan.menteeMask[s]!
    const np = plan.noPreferenceMask[s]!
    const from = plan.slot[s]! * n
    switch (plan.kind[s]) {
      case NO_PREFERENCE:
        break
      case SINGLE: {
        const column = pool.masks.subarray(from, from + n)
        if (must)
          for (let m = 0; m < n; m++) {
            const b = column[m]!
            const fit = +(b === a) | +((b & np) !== 0)
            base[m]! += w * fit
            knockedOut[m]! |= (fit ^ 1) & +(b !== 0)
          }
        else
          for (let m = 0; m < n; m++) {
            const b = column[m]!
            base[m]! += w * (+(b === a) | +((b & np) !== 0))
          }
        break
      }
      case MULTIPLE: {
        const column = pool.masks.subarray(from, from + n)
        if (must)
          for (let m = 0; m < n; m++) {
            const b = column[m]!
            const fit = +((b & a) !== 0)
            base[m]! += w * fit
            knockedOut[m]! |= (fit ^ 1) & +(b !== 0)
          }
        else for (let m = 0; m < n; m++) base[m]! += w * +((column[m]! & a) !== 0)
        break
      }
      case MATCHES: {
        const column = pool.masks.subarray(from, from + n)
        const full = plan.value[s]!
        for (let m = 0; m < n; m++) {
          const b = column[m]!
          const common = popcount(b & a)
          const noPreference = +((b & np) !== 0)
          base[m]! += full * noPreference + w * common * (1 - noPreference)
          if (must) knockedOut[m]! |= ((noPreference | +(common > 0)) ^ 1) & +(b !== 0)
        }
        break
      }
      default: {
        const column = pool.years.subarray(from, from + n)
        const year = plan.value[s]!
        const ahead = plan.minYearsAhead[s]!
        for (let m = 0; m < n; m++) {
          const b = column[m]!
          const fit = +(year - b >= ahead)
          base[m]! += w * fit
          if (must) knockedOut[m]! |= (fit ^ 1) & +(b === b)
        }
      }
    }
  }
}

const scoreInOrder = (
  plan: Plan,
  pool: MentorPool,
  base: Float64Array,
  max: Float64Array,
  knockedOut: Uint8Array,
  reused: boolean,
): void => {
  const n = pool.size
  if (reused) {
    base.fill(0)
    max.fill(0)
  }
  for (let s = 0; s < plan.steps; s++) {
    const w = plan.weight[s]!
    const must = plan.mustFit[s] === 1
    const a = plan.menteeMask[s]!
    const np = plan.noPreferenceMask[s]!
    const from = plan.slot[s]! * n
    switch (plan.kind[s]) {
      case NO_PREFERENCE: {
        const column = pool.masks.subarray(from, from + n)
        for (let m = 0; m < n; m++) {
          const answered = +(column[m]! !== 0)
          base[m]! += w * answered
          max[m]! += w * answered
        }
        break
      }
      case SINGLE: {
        const column = pool.masks.subarray(from, from + n)
        for (let m = 0; m < n; m++) {
          const b = column[m]!
          const answered = +(b !== 0)
          // The mentee answered (a ≠ 0), so a mentor who did not (b = 0) never fits.
          const fit = +(b === a) | +((b & np) !== 0)
          base[m]! += w * fit
          max[m]! += w * answered
          if (must) knockedOut[m]! |= (fit ^ 1) & answered
        }
        break
      }
      case MULTIPLE: {
        // a already holds the no-preference bits: a mentor with no preference shares one of them.
        const column = pool.masks.subarray(from, from + n)
        for (let m = 0; m < n; m++) {
          const b = column[m]!
          const answered = +(b !== 0)
          const fit = +((b & a) !== 0)
          base[m]! += w * fit
          max[m]! += w * answered
          if (must) knockedOut[m]! |= (fit ^ 1) & answered
        }
        break
      }
      case MATCHES: {
        const column = pool.masks.subarray(from, from + n)
        const full = plan.value[s]!
        for (let m = 0; m < n; m++) {
          const b = column[m]!
          const answered = +(b !== 0)
          const common = popcount(b & a)
          const noPreference = +((b & np) !== 0)
          // Exactly one of the two terms is non-zero, so the sum equals the rule's points.
          base[m]! += full * noPreference + w * common * (1 - noPreference)
          max[m]! += full * answered
          if (must) knockedOut[m]! |= ((noPreference | +(common > 0)) ^ 1) & answered
        }
        break
      }
      default: {
        const column = pool.years.subarray(from, from + n)
        const year = plan.value[s]!
        const ahead = plan.minYearsAhead[s]!
        for (let m = 0; m < n; m++) {
          const b = column[m]!
          // NaN (no year) is the only value not equal to itself.
          const answered = +(b === b)
          // Same expression as the rule, so fractional years compare the same way; NaN never fits.
          const fit = +(year - b >= ahead)
          base[m]! += w * fit
          max[m]! += w * answered
          if (must) knockedOut[m]! |= (fit ^ 1) & answered
        }
      }
    }
  }
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
  const full = plan.max
  let columns: Columns | undefined
  const top = (options: MatchingOptions): Top => {
    const limit = proposalCount(options.limit)
    const chosen: Top = { rows: [], percentages: [], bases: [] }
    if (limit === 0) return chosen
    const threshold = options.threshold
    columns ??= scoreColumns(plan, pool)
    const { base: bases, max: maxima, knockedOut } = columns
    // A mentor who answered every question the mentee did has the largest maximum, so its percentage
    // is at most that of any mentor with the same base: when its base is below the current last of
    // the top it cannot enter it, and one comparison rejects almost everyone.
    let worstBase = Number.NEGATIVE_INFINITY
    for (let m = 0; m < pool.size; m++) {
      const base = bases[m]!
      const max = maxima[m]!
      if ((base < worstBase && max === full) || knockedOut[m] === 1) continue
      const percentage = max === 0 ? 0 : Math.round((100 * base) / max)
      if (!(percentage >= threshold)) continue
      if (
        chosen.rows.length >= limit &&
        !ranksBefore(pool, percentage, base, m, chosen.percentages[limit - 1]!, chosen.bases[limit - 1]!, chosen.rows[limit - 1]!)
      )
        continue
      // Exclusion is checked only for rows that would enter the top: rare, and a Set lookup is not free.
      if (isExcluded(userIdOf(pool.ids[m]!), mentee.id, options.exclude)) continue
      insert(chosen, pool, limit, m, percentage, base)
      if (chosen.rows.length >= limit) worstBase = chosen.bases[limit - 1]!
    }
    return chosen
  }
  return {
    ids: (options) => top(options).rows.map((row) => userIdOf(pool.ids[row]!)),
    rank: (options) => {
      const chosen = top(options)
      return chosen.rows.map((row, i) => {
        const score = scoreMentor(compiled.questionnaire, mentee.answers, unpackMentorAnswers(compiled, pool, row))
        const max = columns?.max[row]
        if (score === null || score.base !== chosen.bases[i] || score.max !== max || score.percentage !== chosen.percentages[i]) {
          throw new Error(`packed and reference scoring disagree for mentor ${pool.ids[row]}`)
        }
        return { mentorId: userIdOf(pool.ids[row]!), score }
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
