// Scores of one mentee against every mentor, as whole numbers, for whole-cohort matching. The points
// come from the participant run's scorer (planFor + scoreColumns); with whole weights they are taken
// per group of question slots over the mentors' distinct answers, then added by table lookups, which
// is exact for whole numbers and several times faster than a pass per question over every mentor.
// The tables hold points only, so they serve a pool where every mentor answered every question; a
// pool where someone has not (a question added since) is scored column by column, each mentor with
// its own maximum (a question one side has not answered is left out of the pair's base and maximum).
import type { Answer } from '../questionnaire/questionnaire.codec.js'
import type { MentorPool } from './mentor-pool.packed.js'
import type { CompiledQuestionnaire } from './questionnaire.compiled.js'
import { planBuffer, planFor, restrictPlanInto, scoreColumns, scoreTableInto, type Columns, type Plan } from './ranking.packed.js'
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

/** Whole weights: per group, the plan's steps on the group's slots over its distinct answers, then lookups. */
const groupedScorer = (compiled: CompiledQuestionnaire, pool: MentorPool, minPercentage: number, mentees: number): CohortScorer => {
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
  let least = 0
  let constant = -1
  const planned = planBuffer(compiled.pairs.length)
  const lookups = lookupsFor(g)
  // The lookups' counts, two per value (sums lie in −1..highestBase; see Lookups), folded into the
  // caller's after each row when it asked for them.
  const split = new Int32Array(2 * (highestBase(compiled) + 2))
  /** Fills the tables for one mentee; false when nobody can be a candidate. */
  const prepare = (answers: readonly Answer[]): boolean => {
    const plan: Plan = planFor(compiled, answers, planned)
    // Each group's table written straight from the plan (a pass per step): building the tables
    // through float columns took about 6 ns per entry, a seventh of a whole run at 10,000².
    for (let k = 0; k < g; k++) {
      const flags = slotFlags[k]!
      scoreTableInto(restrictPlanInto(plan, flags.choice, flags.year, flags.plan), groups[k]!.pool, table, offsets[k]!, knockout)
    }
    // Every mentor answered every question, so the maximum is the plan's and percentages rise with
    // the base: the threshold is one smallest passing base.
    least = 0
    while (least <= plan.max && !(percentageOf(least, plan.max) >= minPercentage)) least++
    // No scored question: every mentor scores 0.
    constant = g === 0 ? (0 >= least ? 0 : -1) : -1
    return true
  }
  // A mentee's tables, kept from its first scoring for the next (the solver scores about one row in
  // two again, and building the tables is about a third of scoring a row), in 16 bits, for the
  // first rows that fit in KEPT_BUDGET.
  const entries = table.length
  const keptRows = g > 0 && narrow && entries > 0 ? Math.min(mentees, Math.floor(KEPT_BUDGET / entries)) : 0
  const kept = new Int16Array(keptRows * entries)
  const keptLeast = new Int32Array(keptRows)
  /** Per kept row: 0 not built yet, 1 kept, 2 nobody can be a candidate. */
  const keptState = new Uint8Array(keptRows)
  const prepareKept = (answers: readonly Answer[], row: number): boolean => {
    const at = row * entries
    if (keptState[row] === 1) {
      table.set(kept.subarray(at, at + entries))
      least = keptLeast[row]!
      return true
    }
    if (keptState[row] === 2) return false
    if (!prepare(answers)) {
      keptState[row] = 2
      return false
    }
    kept.set(table, at)
    keptLeast[row] = least
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
        lookups(out, table, classOf, least, split)
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
      return sum >= least ? sum : -1
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

/** Whether every mentor of the pool answered every scored question (an option of each choice question, each year). */
const everyQuestionAnswered = (pool: MentorPool): boolean => {
  for (const mask of pool.masks) if (mask === 0) return false
  for (const year of pool.years) if (Number.isNaN(year)) return false
  return true
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
  if (compiled.wholeWeights && highestBase(compiled) < SCALED_MAX && everyQuestionAnswered(pool))
    return groupedScorer(compiled, pool, minPercentage, mentees)
  const scale = scaleOfWeights(compiled.questionnaire.pairs.map((p) => p.weight))
  return scale === null ? null : directScorer(compiled, pool, minPercentage, scale)
}
