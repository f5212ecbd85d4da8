// The mentor pool in typed arrays, one column per question pair: per mentor the chosen options of
// every choice pair as a 32-bit mask (the "no preference" flag is that option's bit), every year
// answer, pool date and id. Columns let ranking run one tight loop per pair (and SIMD later).
import type { Answer } from '../questionnaire/questionnaire.codec.js'
import { yearOf } from './answer.sets.js'
import { maskOf, RULE_CODE, type CompiledQuestionnaire } from './questionnaire.compiled.js'
import type { MatchCandidate } from './ranking.types.js'

export type MentorPool = {
  readonly size: number
  readonly choiceSlots: number
  readonly yearSlots: number
  readonly ids: Float64Array
  /** Epoch ms the mentor entered the pool; NaN when unknown (ranked after every known date). */
  readonly poolSince: Float64Array
  /** choiceSlots × size, pair-major: mentor m's mask for slot s is masks[s·size + m]. */
  readonly masks: Uint32Array
  /** yearSlots × size, pair-major like masks; NaN when the mentor gave no year. */
  readonly years: Float64Array
}

export const packMentorPool = (compiled: CompiledQuestionnaire, candidates: readonly MatchCandidate[]): MentorPool => {
  const size = candidates.length
  const { choiceSlots, yearSlots } = compiled
  const pool: MentorPool = {
    size,
    choiceSlots,
    yearSlots,
    ids: new Float64Array(size),
    poolSince: new Float64Array(size),
    masks: new Uint32Array(size * choiceSlots),
    years: new Float64Array(size * yearSlots),
  }
  pool.years.fill(Number.NaN)
  // Reads each candidate's answers once, without building a map per mentor; `answeredIn[i]` holds
  // the last row that answered pair i, so a second answer to the same pair is ignored (first wins).
  const answeredIn = new Int32Array(compiled.pairs.length).fill(-1)
  candidates.forEach((candidate, row) => {
    pool.ids[row] = candidate.id
    pool.poolSince[row] = candidate.poolSince ?? Number.NaN
    for (const answer of candidate.answers) {
      const pairs = compiled.byPairId.get(answer.questionPairId)
      if (pairs === undefined || answeredIn[pairs[0]!.index] === row) continue
      answeredIn[pairs[0]!.index] = row
      for (const pair of pairs) {
        if (pair.slot < 0) continue
        if (pair.rule === RULE_CODE.YearsFit) pool.years[pair.slot * size + row] = yearOf(answer) ?? Number.NaN
        else pool.masks[pair.slot * size + row] = maskOf(pair, answer.optionIds)
      }
    }
  })
  return pool
}

/** A mentor's answers read back from the pool: what scoring sees of them (unknown ids and texts are gone). */
export const unpackMentorAnswers = (compiled: CompiledQuestionnaire, pool: MentorPool, row: number): Answer[] => {
  // Loops rather than flatMap/filter/map: the cohort report reads one mentor back per reported pair.
  const answers: Answer[] = []
  for (const pair of compiled.pairs) {
    if (pair.slot < 0) continue
    const questionPairId = pair.pair.questionPairId
    if (pair.pair.rule === 'YearsFit') {
      const year = pool.years[pair.slot * pool.size + row] ?? Number.NaN
      answers.push({ questionPairId, optionIds: [], year: Number.isNaN(year) ? null : year, text: null })
      continue
    }
    const mask = pool.masks[pair.slot * pool.size + row] ?? 0
    const optionIds: number[] = []
    const { options } = pair.pair
    for (let bit = 0; bit < options.length; bit++) if ((mask & (1 << bit)) !== 0) optionIds.push(options[bit]!.id)
    answers.push({ questionPairId, optionIds, year: null, text: null })
  }
  return answers
}
