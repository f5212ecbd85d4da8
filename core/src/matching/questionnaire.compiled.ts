// A questionnaire turned into slots for the packed path: each choice pair gets a 32-bit mask slot
// (bit i = the pair's i-th option), each years pair a year slot. Compile once, rank many times.
import type { QuestionPair, Questionnaire } from '../questionnaire/questionnaire.codec.js'

/** Rule codes of the packed loop (numbers keep the hot loop monomorphic). */
export const RULE_CODE = { SingleFit: 0, MultipleFit: 1, MultipleMatchesFit: 2, YearsFit: 3, MentorOnly: 4 } as const
export type RuleCode = (typeof RULE_CODE)[keyof typeof RULE_CODE]

/** Option indexes must fit one 32-bit mask per question pair. */
export const MAX_OPTIONS_PER_PAIR = 32

export type CompiledPair = {
  readonly pair: QuestionPair
  /** Position of the pair in the questionnaire. */
  readonly index: number
  readonly rule: RuleCode
  /** Index into the pool's masks (choice rules) or years (YearsFit); -1 for MentorOnly. */
  readonly slot: number
  /** Option id → bit index. */
  readonly bitOf: ReadonlyMap<number, number>
  /** The same as a dense table when the ids are close together: bitAt[id − firstId], −1 for none. */
  readonly firstId: number
  readonly bitAt: Int8Array | null
  /** Bits of the pair's "no preference" options. */
  readonly noPreferenceMask: number
}

export type CompiledQuestionnaire = {
  readonly questionnaire: { readonly pairs: readonly QuestionPair[] }
  readonly pairs: readonly CompiledPair[]
  /** questionPairId → the compiled pairs with that id (one, unless the definition repeats an id). */
  readonly byPairId: ReadonlyMap<number, readonly CompiledPair[]>
  readonly choiceSlots: number
  readonly yearSlots: number
  /** With whole-number weights, sums are exact in any order, so constant points may be folded. */
  readonly wholeWeights: boolean
}

const compilePair = (pair: QuestionPair, index: number, slot: number): CompiledPair => {
  if (pair.options.length > MAX_OPTIONS_PER_PAIR) {
    throw new RangeError(
      `question pair ${pair.questionPairId} has ${pair.options.length} options; at most ${MAX_OPTIONS_PER_PAIR} fit a mask`,
    )
  }
  const bitOf = new Map<number, number>()
  let noPreferenceMask = 0
  pair.options.forEach((option, index) => {
    if (bitOf.has(option.id)) throw new RangeError(`question pair ${pair.questionPairId} repeats option id ${option.id}`)
    bitOf.set(option.id, index)
    if (option.noPreference) noPreferenceMask |= 1 << index
  })
  // Packing looks up every chosen option; a table index is several times cheaper than a Map lookup.
  const ids = pair.options.map((o) => o.id)
  const firstId = ids.length === 0 ? 0 : Math.min(...ids)
  const span = ids.length === 0 ? 0 : Math.max(...ids) - firstId + 1
  const dense = ids.every(Number.isSafeInteger) && span <= DENSE_SPAN_MAX
  const bitAt = dense ? new Int8Array(span).fill(-1) : null
  if (bitAt !== null)
    pair.options.forEach((option, bit) => {
      bitAt[option.id - firstId] = bit
    })
  return { pair, index, rule: RULE_CODE[pair.rule], slot, bitOf, firstId, bitAt, noPreferenceMask: noPreferenceMask >>> 0 }
}

/** Widest id range per pair kept as a dense table. */
const DENSE_SPAN_MAX = 1024

const compileCache = new WeakMap<object, CompiledQuestionnaire>()

/**
 * Compiles (and remembers, per questionnaire object) the slot layout. Throws on a questionnaire
 * no valid definition can have: more than 32 options in a pair, or an option id repeated in a pair.
 */
export const compileQuestionnaire = (questionnaire: Questionnaire | { readonly pairs: readonly QuestionPair[] }): CompiledQuestionnaire => {
  const cached = compileCache.get(questionnaire)
  if (cached !== undefined) return cached
  let choiceSlots = 0
  let yearSlots = 0
  const pairs = questionnaire.pairs.map((pair, index) =>
    compilePair(pair, index, pair.rule === 'MentorOnly' ? -1 : pair.rule === 'YearsFit' ? yearSlots++ : choiceSlots++),
  )
  const byPairId = new Map<number, CompiledPair[]>()
  for (const pair of pairs) byPairId.set(pair.pair.questionPairId, [...(byPairId.get(pair.pair.questionPairId) ?? []), pair])
  const wholeWeights = questionnaire.pairs.every((pair) => Number.isSafeInteger(pair.weight))
  const compiled: CompiledQuestionnaire = { questionnaire, pairs, byPairId, choiceSlots, yearSlots, wholeWeights }
  compileCache.set(questionnaire, compiled)
  return compiled
}

/** How many options a mask holds (its set bits). */
export const popcount = (v: number): number => {
  v = v - ((v >>> 1) & 0x55555555)
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333)
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24
}

/** The answer's options of one compiled pair as a mask (unknown ids ignored). */
export const maskOf = (compiled: CompiledPair, optionIds: readonly number[] | undefined): number => {
  let mask = 0
  if (optionIds === undefined) return mask
  const { bitAt, firstId } = compiled
  for (const id of optionIds) {
    // Out-of-range and fractional ids index nothing (undefined), just as the Map would not know them.
    const bit = bitAt === null ? compiled.bitOf.get(id) : bitAt[id - firstId]
    if (bit !== undefined && bit >= 0) mask |= 1 << bit
  }
  return mask >>> 0
}
