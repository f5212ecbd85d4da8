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
  readonly rule: RuleCode
  /** Index into the pool's masks (choice rules) or years (YearsFit); -1 for MentorOnly. */
  readonly slot: number
  /** Option id → bit index. */
  readonly bitOf: ReadonlyMap<number, number>
  /** Bits of the pair's "no preference" options. */
  readonly noPreferenceMask: number
}

export type CompiledQuestionnaire = {
  readonly questionnaire: { readonly pairs: readonly QuestionPair[] }
  readonly pairs: readonly CompiledPair[]
  readonly choiceSlots: number
  readonly yearSlots: number
  /** With whole-number weights, sums are exact in any order, so constant points may be folded. */
  readonly wholeWeights: boolean
}

const compilePair = (pair: QuestionPair, slot: number): CompiledPair => {
  if (pair.options.length > MAX_OPTIONS_PER_PAIR) {
    throw new RangeError(`question pair ${pair.questionPairId} has ${pair.options.length} options; at most ${MAX_OPTIONS_PER_PAIR} fit a mask`)
  }
  const bitOf = new Map<number, number>()
  let noPreferenceMask = 0
  pair.options.forEach((option, index) => {
    if (bitOf.has(option.id)) throw new RangeError(`question pair ${pair.questionPairId} repeats option id ${option.id}`)
    bitOf.set(option.id, index)
    if (option.noPreference) noPreferenceMask |= 1 << index
  })
  return { pair, rule: RULE_CODE[pair.rule], slot, bitOf, noPreferenceMask: noPreferenceMask >>> 0 }
}

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
  const pairs = questionnaire.pairs.map((pair) =>
    pair.rule === 'MentorOnly' ? compilePair(pair, -1) : pair.rule === 'YearsFit' ? compilePair(pair, yearSlots++) : compilePair(pair, choiceSlots++),
  )
  const wholeWeights = questionnaire.pairs.every((pair) => Number.isSafeInteger(pair.weight))
  const compiled: CompiledQuestionnaire = { questionnaire, pairs, choiceSlots, yearSlots, wholeWeights }
  compileCache.set(questionnaire, compiled)
  return compiled
}

/** The answer's options of one compiled pair as a mask (unknown ids ignored). */
export const maskOf = (compiled: CompiledPair, optionIds: readonly number[] | undefined): number => {
  let mask = 0
  if (optionIds !== undefined) for (const id of optionIds) {
    const bit = compiled.bitOf.get(id)
    if (bit !== undefined) mask |= 1 << bit
  }
  return mask >>> 0
}
