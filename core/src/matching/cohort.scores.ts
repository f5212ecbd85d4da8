// Scores of one mentee against every mentor, as whole numbers, for whole-cohort matching. The points
// come from the participant run's scorer (planFor + scoreColumns); with whole weights they are taken
// per group of question slots over the mentors' distinct answers, then added by table lookups, which
// is exact for whole numbers and several times faster than a pass per question over every mentor.
// The tables hold points only; a mentor who has not answered a question (one added since) scores no
// points on it and has a smaller maximum, so the mentors are also sorted into classes by the questions
// they left open, each with its own passing base per mentee (a question one side has not answered is
// left out of the pair's base and maximum). Too many such classes: scored column by column.
import type { Answer } from '../questionnaire/questionnaire.codec.js'
import type { MentorPool } from './mentor-pool.packed.js'
import type { CompiledQuestionnaire } from './questionnaire.compiled.js'
import {
  MATCHES_STEP,
  planBuffer,
  planFor,
  restrictPlanInto,
  scoreColumns,
  scoreTableInto,
  YEARS_STEP,
  type Columns,
  type Plan,
} from './ranking.packed.js'
import { percentageOf } from './score.rules.js'

export type CohortScorer = {
  /** Scaled score of a pair = round(base·scale); a power of ten. */
  readonly scale: number
  /**
   * Fills out[j] (j < pool size) with mentor j's scaled score for the mentee, or −1 when j is no
   * candidate (knocked out, or below the threshold). With `counts` (longer than the highest scaled
   * score + 1, all 0) it also counts the values: counts[s + 1] mentors score s, counts[0] are no candidates.
   * `row` (the mentee's row in the cohort) lets a scorer keep what it built for the mentee, so that
   * scoring the same mentee again is cheaper.
   */
  readonly scoreRow: (answers: readonly Answer[], out: Int32Array, counts?: Int32Array, row?: number) => number
  /** Prepares single lookups for one mentee: then `scoreOf(j)` is what scoreRow would put at out[j]. */
  readonly prepareRow: (answers: readonly Answer[]) => void
  readonly scoreOf: (mentor: number) => number
}

/**
 * Distinct answer combinations one group of slots may have: a group's table costs its size per
 * mentee, its lookup one read per mentor, so groups stay well below the number of mentors.
 */
const groupClassesMax = (mentors: number): number => Math.max(16, Math.min(4096, Math.floor(mentors / 4)))
/** Added for a knock-out: any sum holding one is negative. */
const KNOCKOUT = -(1 << 24)
/** Whole scores up to this keep KNOCKOUT sums apart from real ones. */
const SCALED_MAX = 1 << 22
/** With every sum of points below this, a knock-out adds −KEPT_LIMIT instead of KNOCKOUT (16-bit tables). */
const KEPT_LIMIT = 1 << 14
/** Table entries kept for all mentees together at most (2 bytes each). */
const KEPT_BUDGET = 1 << 25

/** The smallest power of ten that makes every weight whole, or null (then no exact integer scores). */
export const scaleOfWeights = (weights: readonly number[]): number | null => {
  for (let scale = 1; scale <= 1e6; scale *= 10) {
    if (weights.every((w) => Number.isFinite(w) && Math.abs(w * scale - Math.round(w * scale)) <= 1e-9 * Math.max(1, Math.abs(w * scale))))
      return scale
  }
  return null
}

const threshold = (out: Int32Array, threshold: number, columns: Columns, scale: number): void => {
  const { base, max, knockedOut } = columns
  for (let j = 0; j < out.length; j++) {
    const b = base[j]!
    out[j] = knockedOut[j] === 1 || !(percentageOf(b, max[j]!) >= threshold) ? -1 : Math.round(b * scale)
  }
}

/**
 * Fractional weights, or a mentor who has not answered every question: the participant run's
 * columns as they are, rounded after scaling.
 */
const directScorer = (compiled: CompiledQuestionnaire, pool: MentorPool, minPercentage: number, scale: number): CohortScorer => {
  const into: Columns = { base: new Float64Array(pool.size), max: new Float64Array(pool.size), knockedOut: new Uint8Array(pool.size) }
  const row = new Int32Array(pool.size)
  const planned = planBuffer(compiled.pairs.length)
  const scoreRow = (answers: readonly Answer[], out: Int32Array, counts?: Int32Array): number => {
    const plan = planFor(compiled, answers, planned)
    threshold(out, minPercentage, scoreColumns(plan, pool, into), scale)
    if (counts !== undefined) for (let j = 0; j < out.length; j++) counts[out[j]! + 1]!++
    return Math.round(plan.max * scale)
  }
  return {
    scale,
    scoreRow,
    prepareRow: (answers) => {
      scoreRow(answers, row)
    },
    scoreOf: (j) => row[j]!,
  }
}

/** Per mentor and group, an index into the joint table. */
type Indices = Uint16Array | Int32Array

type Group = {
  readonly choiceSlots: readonly number[]
  readonly yearSlots: readonly number[]
  /** The group's distinct answer combinations as a little pool (other slots empty). */
  readonly pool: MentorPool
}

type Slot = { readonly side: 'choice' | 'year'; readonly slot: number }
/** Slots grouped so far: per mentor its class (distinct joint answer), and one mentor per class. */
type Classes = { readonly slots: readonly Slot[]; readonly classOf: Int32Array; readonly representatives: readonly number[] }

const classesOf = (slots: readonly Slot[], n: number, keyOf: (m: number) => number | string): Classes => {
  const ids = new Map<number | string, number>()
  const representatives: number[] = []
  const classOf = new Int32Array(n)
  for (let m = 0; m < n; m++) {
    const key = keyOf(m)
    let id = ids.get(key)
    if (id === undefined) {
      id = representatives.length
      ids.set(key, id)
      representatives.push(m)
    }
    classOf[m] = id
  }
  return { slots, classOf, representatives }
}

/** Pairs of groups tried per merge, smallest products first: exact joint counts cost a pass each. */
const MERGE_TRIES = 8

/**
 * Groups the slots so that each group's joint answers take at most groupClassesMax values among
 * the mentors: merging the pair with the fewest combinations first keeps the groups (the lookups per
 * pair) few.
 */
const groupSlots = (pool: MentorPool): Classes[] => {
  const n = pool.size
  const limit = groupClassesMax(n)
  let groups: Classes[] = [
    ...Array.from({ length: pool.choiceSlots }, (_, slot) => classesOf([{ side: 'choice', slot }], n, (m) => pool.masks[slot * n + m]!)),
    ...Array.from({ length: pool.yearSlots }, (_, slot) => classesOf([{ side: 'year', slot }], n, (m) => pool.years[slot * n + m]!)),
  ]
  for (;;) {
    const pairs: [number, number][] = []
    for (let a = 0; a < groups.length; a++) for (let b = a + 1; b < groups.length; b++) pairs.push([a, b])
    pairs.sort(
      ([a, b], [c, d]) =>
        groups[a]!.representatives.length * groups[b]!.representatives.length -
        groups[c]!.representatives.length * groups[d]!.representatives.length,
    )
    let merged: Classes | null = null
    let mergedPair: [number, number] = [0, 0]
    for (const [a, b] of pairs.slice(0, MERGE_TRIES)) {
      const ga = groups[a]!
      const gb = groups[b]!
      const width = gb.representatives.length
      const joint = classesOf([...ga.slots, ...gb.slots], n, (m) => ga.classOf[m]! * width + gb.classOf[m]!)
      if (joint.representatives.length <= limit) {
        merged = joint
        mergedPair = [a, b]
        break
      }
    }
    if (merged === null) return groups
    groups = [...groups.filter((_, g) => g !== mergedPair[0] && g !== mergedPair[1]), merged]
  }
}

const buildGroup = (pool: MentorPool, classes: Classes): Group => {
  const n = pool.size
  const choiceSlots = classes.slots.filter((s) => s.side === 'choice').map((s) => s.slot)
  const yearSlots = classes.slots.filter((s) => s.side === 'year').map((s) => s.slot)
  const { representatives } = classes
  const size = representatives.length
  const small: MentorPool = {
    size,
    choiceSlots: pool.choiceSlots,
    yearSlots: pool.yearSlots,
    ids: new Float64Array(size),
    poolSince: new Float64Array(size).fill(Number.NaN),
    masks: new Uint32Array(size * pool.choiceSlots),
    years: new Float64Array(size * pool.yearSlots).fill(Number.NaN),
  }
  representatives.forEach((m, c) => {
    for (const s of choiceSlots) small.masks[s * size + c] = pool.masks[s * n + m]!
    for (const s of yearSlots) small.years[s * size + c] = pool.years[s * n + m]!
  })
  return { choiceSlots, yearSlots, pool: small }
}

/** Tables kept per group for reuse at most (a group's table is a few hundred entries). */
const BUILT_TABLES_MAX = 4096

/** Everything a group's table is built from (scoreTableInto reads these fields of each step). */
const stepsKey = (plan: Plan): string => {
  let key = ''
  for (let s = 0; s < plan.steps; s++)
    key += `${plan.kind[s]},${plan.slot[s]},${plan.menteeMask[s]},${plan.noPreferenceMask[s]},${plan.weight[s]},${plan.value[s]},${plan.minYearsAhead[s]},${plan.mustFit[s]};`
  return key
}

/** Whole weights: per group, the plan's steps on the group's slots over its distinct answers, then lookups. */
const groupedScorer = (
  compiled: CompiledQuestionnaire,
  pool: MentorPool,
  open: OpenClasses,
  minPercentage: number,
  mentees: number,
): CohortScorer => {
  const classes = groupSlots(pool)
  const groups = classes.map((c) => buildGroup(pool, c))
  const n = pool.size
  const g = groups.length
  // All groups' tables in one array; per mentor its entry in every group's table, side by side: the
  // lookups then read one stream, of 16-bit indices when the tables allow (half the bytes to read).
  const offsets = groups.map((_, k) => groups.slice(0, k).reduce((sum, group) => sum + group.pool.size, 0))
  const table = new Int32Array(groups.reduce((sum, group) => sum + group.pool.size, 0))
  const classOf: Indices = table.length <= 0xffff ? new Uint16Array(n * g) : new Int32Array(n * g)
  classes.forEach((c, k) => {
    for (let m = 0; m < n; m++) classOf[m * g + k] = c.classOf[m]! + offsets[k]!
  })
  // Per group its slots as flags and a plan buffer, so that preparing a mentee allocates nothing per group.
  const slotFlags = groups.map((group) => {
    const choice = new Uint8Array(pool.choiceSlots)
    const year = new Uint8Array(pool.yearSlots)
    for (const slot of group.choiceSlots) choice[slot] = 1
    for (const slot of group.yearSlots) year[slot] = 1
    return { choice, year, plan: planBuffer(compiled.pairs.length) }
  })
  // With every sum of points below KEPT_LIMIT, a knock-out adds −KEPT_LIMIT (any sum holding one is
  // still negative), so that the tables fit in 16 bits and can be kept (below).
  const narrow = highestBase(compiled) < KEPT_LIMIT
  const knockout = narrow ? -KEPT_LIMIT : KNOCKOUT
  const openClasses = open.members.length
  /** Per class of mentors, the smallest passing base for the prepared mentee. */
  const leasts = new Int32Array(openClasses)
  const main = open.main
  let constant = -1
  const planned = planBuffer(compiled.pairs.length)
  const lookups = lookupsFor(g)
  // The lookups' counts, two per value (sums lie in −1..highestBase; see Lookups), folded into the
  // caller's after each row when it asked for them.
  const split = new Int32Array(2 * (highestBase(compiled) + 2))
  /** Fills the tables for one mentee; false when nobody can be a candidate. */
  // Per group, the tables built so far by the steps they were built from: with popular answers most
  // mentees share a group's steps with an earlier one (97 % of the tables at 10,000²), and copying
  // a table costs less than building it.
  const built = groups.map(() => new Map<string, Int32Array>())
  const prepare = (answers: readonly Answer[]): boolean => {
    const plan: Plan = planFor(compiled, answers, planned)
    // Each group's table written straight from the plan (a pass per step): building the tables
    // through float columns took about 6 ns per entry, a seventh of a whole run at 10,000².
    for (let k = 0; k < g; k++) {
      const flags = slotFlags[k]!
      const steps = restrictPlanInto(plan, flags.choice, flags.year, flags.plan)
      const key = stepsKey(steps)
      const at = offsets[k]!
      const same = built[k]!.get(key)
      if (same !== undefined) table.set(same, at)
      else {
        scoreTableInto(steps, groups[k]!.pool, table, at, knockout)
        if (built[k]!.size < BUILT_TABLES_MAX) built[k]!.set(key, table.slice(at, at + groups[k]!.pool.size))
      }
    }
    // Within a class of mentors (the same questions left open) the maximum is one and percentages
    // rise with the base: the threshold is one smallest passing base per class.
    passingBasesInto(plan, open, minPercentage, leasts)
    // No scored question: every mentor scores 0.
    constant = g === 0 ? (0 >= leasts[0]! ? 0 : -1) : -1
    return true
  }
  // A mentee's tables, kept from its first scoring for the next (the solver scores about one row in
  // two again, and building the tables is about a third of scoring a row), in 16 bits, for the
  // first rows that fit in KEPT_BUDGET.
  const entries = table.length
  // Allocated at the first row kept: a caller that keeps rows of its own (the cohort's kept scores,
  // cohort.edges.ts) may never ask for any.
  const keptRows = g > 0 && narrow && entries > 0 ? Math.min(mentees, Math.floor(KEPT_BUDGET / entries)) : 0
  let kept = new Int16Array(0)
  let keptLeasts = new Int32Array(0)
  /** Per kept row: 0 not built yet, 1 kept, 2 nobody can be a candidate. */
  let keptState = new Uint8Array(0)
  const prepareKept = (answers: readonly Answer[], row: number): boolean => {
    if (keptState.length === 0) {
      kept = new Int16Array(keptRows * entries)
      keptLeasts = new Int32Array(keptRows * openClasses)
      keptState = new Uint8Array(keptRows)
    }
    const at = row * entries
    if (keptState[row] === 1) {
      table.set(kept.subarray(at, at + entries))
      leasts.set(keptLeasts.subarray(row * openClasses, (row + 1) * openClasses))
      return true
    }
    if (keptState[row] === 2) return false
    if (!prepare(answers)) {
      keptState[row] = 2
      return false
    }
    kept.set(table, at)
    keptLeasts.set(leasts, row * openClasses)
    keptState[row] = 1
    return true
  }
  let prepared = false
  return {
    scale: 1,
    scoreRow: (answers, out, counts, row) => {
      if (!(row !== undefined && row < keptRows ? prepareKept(answers, row) : prepare(answers))) out.fill(-1)
      else if (g === 0) out.fill(constant)
      else {
        lookups(out, table, classOf, leasts[main]!, split)
        if (openClasses > 1) passOtherClasses(out, table, classOf, g, open, leasts, split)
        if (counts !== undefined) for (let v = 0, h = 0; h < split.length; v++, h += 2) counts[v]! += split[h]! + split[h + 1]!
        split.fill(0)
        return 0
      }
      // Every mentor got the same value.
      if (counts !== undefined && out.length > 0) counts[out[0]! + 1]! += out.length
      return 0
    },
    prepareRow: (answers) => {
      prepared = prepare(answers)
    },
    scoreOf: (j) => {
      if (!prepared) return -1
      if (g === 0) return constant
      let sum = 0
      for (let k = 0, c = j * g; k < g; k++, c++) sum += table[classOf[c]!]!
      return sum >= leasts[open.classOf[j]!]! ? sum : -1
    },
  }
}

/**
 * out[j] = Σ_k table[classOf[j·g + k]] over the g groups, or −1 below `least` (s | −1 when s − least
 * is negative: no branch, since passing or not can be a coin toss); for each value v, counts[2(v + 1)]++
 * at even j and counts[2(v + 1) + 1]++ at odd j. With popular answers neighbours often score the
 * same, and one counter for both made each increment wait for the one before (store to load).
 */
type Lookups = (out: Int32Array, table: Int32Array, classOf: Indices, least: number, counts: Int32Array) => void

const lookupsOver =
  (g: number): Lookups =>
  (out, table, classOf, least, counts) => {
    for (let j = 0, c = 0; j < out.length; j++, c += g) {
      let s = 0
      for (let k = 0; k < g; k++) s += table[classOf[c + k]!]!
      const v = s | ((s - least) >> 31)
      out[j] = v
      counts[((v + 1) << 1) | (j & 1)]!++
    }
  }

/**
 * The lookups written out for 1 to 8 groups, one small function each: a loop over the groups costs
 * 2–2.5 times the written-out sum, and so does one function switching over the group counts (both
 * measured at 7 groups and 10,000 mentors). Counting in the same loop costs little beside the lookups.
 */
const WRITTEN_OUT: readonly Lookups[] = [
  (out, table, classOf, least, counts) => {
    for (let j = 0, c = 0; j < out.length; j++, c += 1) {
      const s = table[classOf[c]!]!
      const v = s | ((s - least) >> 31)
      out[j] = v
      counts[((v + 1) << 1) | (j & 1)]!++
    }
  },
  (out, table, classOf, least, counts) => {
    for (let j = 0, c = 0; j < out.length; j++, c += 2) {
      const s = table[classOf[c]!]! + table[classOf[c + 1]!]!
      const v = s | ((s - least) >> 31)
      out[j] = v
      counts[((v + 1) << 1) | (j & 1)]!++
    }
  },
  (out, table, classOf, least, counts) => {
    for (let j = 0, c = 0; j < out.length; j++, c += 3) {
      const s = table[classOf[c]!]! + table[classOf[c + 1]!]! + table[classOf[c + 2]!]!
      const v = s | ((s - least) >> 31)
      out[j] = v
      counts[((v + 1) << 1) | (j & 1)]!++
    }
  },
  (out, table, classOf, least, counts) => {
    for (let j = 0, c = 0; j < out.length; j++, c += 4) {
      const s = table[classOf[c]!]! + table[classOf[c + 1]!]! + table[classOf[c + 2]!]! + table[classOf[c + 3]!]!
      const v = s | ((s - least) >> 31)
      out[j] = v
      counts[((v + 1) << 1) | (j & 1)]!++
    }
  },
  (out, table, classOf, least, counts) => {
    for (let j = 0, c = 0; j < out.length; j++, c += 5) {
      const s = table[classOf[c]!]! + table[classOf[c + 1]!]! + table[classOf[c + 2]!]! + table[classOf[c + 3]!]! + table[classOf[c + 4]!]!
      const v = s | ((s - least) >> 31)
      out[j] = v
      counts[((v + 1) << 1) | (j & 1)]!++
    }
  },
  (out, table, classOf, least, counts) => {
    for (let j = 0, c = 0; j < out.length; j++, c += 6) {
      const s =
        table[classOf[c]!]! +
        table[classOf[c + 1]!]! +
        table[classOf[c + 2]!]! +
        table[classOf[c + 3]!]! +
        table[classOf[c + 4]!]! +
        table[classOf[c + 5]!]!
      const v = s | ((s - least) >> 31)
      out[j] = v
      counts[((v + 1) << 1) | (j & 1)]!++
    }
  },
  (out, table, classOf, least, counts) => {
    for (let j = 0, c = 0; j < out.length; j++, c += 7) {
      const s =
        table[classOf[c]!]! +
        table[classOf[c + 1]!]! +
        table[classOf[c + 2]!]! +
        table[classOf[c + 3]!]! +
        table[classOf[c + 4]!]! +
        table[classOf[c + 5]!]! +
        table[classOf[c + 6]!]!
      const v = s | ((s - least) >> 31)
      out[j] = v
      counts[((v + 1) << 1) | (j & 1)]!++
    }
  },
  (out, table, classOf, least, counts) => {
    for (let j = 0, c = 0; j < out.length; j++, c += 8) {
      const s =
        table[classOf[c]!]! +
        table[classOf[c + 1]!]! +
        table[classOf[c + 2]!]! +
        table[classOf[c + 3]!]! +
        table[classOf[c + 4]!]! +
        table[classOf[c + 5]!]! +
        table[classOf[c + 6]!]! +
        table[classOf[c + 7]!]!
      const v = s | ((s - least) >> 31)
      out[j] = v
      counts[((v + 1) << 1) | (j & 1)]!++
    }
  },
]

/** The lookups for g groups. */
const lookupsFor = (g: number): Lookups => WRITTEN_OUT[g - 1] ?? lookupsOver(g)

/** The most points any pair can score (MultipleMatchesFit counts each option). */
export const highestBase = (compiled: CompiledQuestionnaire): number =>
  compiled.questionnaire.pairs.reduce(
    (sum, p) => sum + (p.rule === 'MentorOnly' ? 0 : p.weight * (p.rule === 'MultipleMatchesFit' ? Math.max(1, p.options.length) : 1)),
    0,
  )

/** More classes of mentors by the questions they left open than this: scored column by column. */
const OPEN_CLASSES_MAX = 64

/**
 * The mentors sorted by the questions they have not answered (no option of a choice question, no
 * year): per class the slots it left open and its members; `main` is the largest class, the one the
 * lookups threshold, so that the other classes' members are passed again one by one.
 */
type OpenClasses = {
  readonly classOf: Int32Array
  readonly members: readonly Int32Array[]
  readonly openChoice: readonly Uint8Array[]
  readonly openYear: readonly Uint8Array[]
  readonly main: number
}

const unansweredClasses = (pool: MentorPool): OpenClasses => {
  const n = pool.size
  const keyOf = (m: number): string => {
    let key = ''
    for (let s = 0; s < pool.choiceSlots; s++) if (pool.masks[s * n + m] === 0) key += `c${s}`
    for (let s = 0; s < pool.yearSlots; s++) if (Number.isNaN(pool.years[s * n + m]!)) key += `y${s}`
    return key
  }
  const byKey = classesOf([], n, keyOf)
  const count = new Int32Array(byKey.representatives.length)
  for (let m = 0; m < n; m++) count[byKey.classOf[m]!]!++
  const members = Array.from(count, (size) => new Int32Array(size))
  const filled = new Int32Array(count.length)
  for (let m = 0; m < n; m++) {
    const c = byKey.classOf[m]!
    members[c]![filled[c]!++] = m
  }
  const openChoice = byKey.representatives.map((m) =>
    Uint8Array.from({ length: pool.choiceSlots }, (_, s) => +(pool.masks[s * n + m] === 0)),
  )
  const openYear = byKey.representatives.map((m) =>
    Uint8Array.from({ length: pool.yearSlots }, (_, s) => +Number.isNaN(pool.years[s * n + m]!)),
  )
  const main = count.length === 0 ? 0 : count.indexOf(Math.max(...count))
  // An empty pool still has one class, so that a mentee's passing base is defined.
  return count.length === 0
    ? {
        classOf: byKey.classOf,
        members: [new Int32Array(0)],
        openChoice: [new Uint8Array(pool.choiceSlots)],
        openYear: [new Uint8Array(pool.yearSlots)],
        main,
      }
    : { classOf: byKey.classOf, members, openChoice, openYear, main }
}

/**
 * Per class, the smallest base that passes the threshold: the plan's maximum less the steps on the
 * slots the class left open (a step's most points: its value for MultipleMatchesFit, its weight else).
 */
const passingBasesInto = (plan: Plan, open: OpenClasses, minPercentage: number, into: Int32Array): void => {
  for (let c = 0; c < into.length; c++) {
    const choice = open.openChoice[c]!
    const year = open.openYear[c]!
    let max = plan.max
    for (let s = 0; s < plan.steps; s++) {
      const kind = plan.kind[s]!
      if ((kind === YEARS_STEP ? year : choice)[plan.slot[s]!] === 1) max -= kind === MATCHES_STEP ? plan.value[s]! : plan.weight[s]!
    }
    let least = 0
    while (least <= max && !(percentageOf(least, max) >= minPercentage)) least++
    into[c] = least
  }
}

/**
 * The lookups passed every mentor against the main class's base; a member of another class is passed
 * again against its own, and the counts moved with it.
 */
const passOtherClasses = (
  out: Int32Array,
  table: Int32Array,
  classOf: Indices,
  g: number,
  open: OpenClasses,
  leasts: Int32Array,
  counts: Int32Array,
): void => {
  for (let c = 0; c < open.members.length; c++) {
    if (c === open.main || leasts[c] === leasts[open.main]) continue
    const least = leasts[c]!
    for (const j of open.members[c]!) {
      let s = 0
      for (let k = 0, at = j * g; k < g; k++, at++) s += table[classOf[at]!]!
      const v = s >= least ? s : -1
      const before = out[j]!
      if (v === before) continue
      out[j] = v
      counts[((before + 1) << 1) | (j & 1)]!--
      counts[((v + 1) << 1) | (j & 1)]!++
    }
  }
}

/**
 * The scorer for a pool (weights ≥ 0): exact whole numbers either way; null when no power of ten
 * makes the weights whole.
 */
export const cohortScorer = (
  compiled: CompiledQuestionnaire,
  pool: MentorPool,
  minPercentage: number,
  /** Mentee rows whose tables may be kept between scorings (see CohortScorer.scoreRow). */
  mentees = 0,
): CohortScorer | null => {
  if (compiled.wholeWeights && highestBase(compiled) < SCALED_MAX) {
    const open = unansweredClasses(pool)
    if (open.members.length <= OPEN_CLASSES_MAX) return groupedScorer(compiled, pool, open, minPercentage, mentees)
  }
  const scale = scaleOfWeights(compiled.questionnaire.pairs.map((p) => p.weight))
  return scale === null ? null : directScorer(compiled, pool, minPercentage, scale)
}
