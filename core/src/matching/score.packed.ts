// The score and breakdown of one mentee–mentor pair read straight from the packed pool: exactly what
// `scoreMentor` gives for the mentee's answers and `unpackMentorAnswers` of the mentor, without
// unpacking the mentor, building a map per side or copying each question's result twice. The cohort
// report builds one per assigned pair; `score.packed.test.ts` holds it to the reference.
import type { Answer } from '../questionnaire/questionnaire.codec.js'
import type { QuestionScore, Score } from '../tandem/tandem.codec.js'
import { yearOf } from './answer.sets.js'
import { unpackMentorAnswers, type MentorPool } from './mentor-pool.packed.js'
import { maskOf, popcount, RULE_CODE, type CompiledQuestionnaire } from './questionnaire.compiled.js'
import { percentageOf, scoreMentor } from './score.rules.js'

/** Scores mentee `answers` against pool row `mentor`; null when a must-fit pair does not fit. */
export type PackedScorer = (answers: readonly Answer[], mentor: number) => Score | null

/**
 * The option ids of the bits set in `mask`, in the pair's option order (as `chosenOptionIds` gives
 * them). Sized up front: an array grown by push reserves 16 slots, and the report keeps one per
 * question of every pair, so the collector copied mostly empty slots.
 */
const idsOf = (ids: readonly number[], mask: number): number[] => {
  if (mask === 0) return []
  const out = new Array<number>(popcount(mask))
  let n = 0
  for (let bit = 0; bit < ids.length; bit++) if ((mask >>> bit) & 1) out[n++] = ids[bit]!
  return out
}

/** Compiled once per pool: the per-question tables the scorer reads for every pair. */
export const packedScorer = (compiled: CompiledQuestionnaire, pool: MentorPool): PackedScorer => {
  // A questionnaire that repeats a pair id reads the mentor's first unpacked answer for every pair
  // with that id (answersByPair); the pool holds each pair's own column. Keep the reference there.
  if (compiled.byPairId.size !== compiled.pairs.length)
    return (answers, mentor) => scoreMentor(compiled.questionnaire, answers, unpackMentorAnswers(compiled, pool, mentor))
  const { pairs } = compiled
  const optionIds = pairs.map((cp) => cp.pair.options.map((o) => o.id))
  // answerAt[i]: the mentee's first answer to pair i, valid when stamp[i] is the current call's.
  const answerAt: (Answer | undefined)[] = pairs.map(() => undefined)
  const stamp = new Float64Array(pairs.length)
  const questions = pairs.filter((cp) => cp.rule !== RULE_CODE.MentorOnly).length
  let call = 0
  return (answers, mentor) => {
    call++
    for (const answer of answers) {
      const same = compiled.byPairId.get(answer.questionPairId)
      if (same === undefined) continue
      const i = same[0]!.index
      if (stamp[i] === call) continue
      stamp[i] = call
      answerAt[i] = answer
    }
    let base = 0
    let max = 0
    const breakdown = new Array<QuestionScore>(questions)
    let q = 0
    for (let i = 0; i < pairs.length; i++) {
      const cp = pairs[i]!
      if (cp.rule === RULE_CODE.MentorOnly) continue
      const { pair } = cp
      const { questionPairId, weight } = pair
      const answer = stamp[i] === call ? answerAt[i] : undefined
      if (cp.rule === RULE_CODE.YearsFit) {
        const menteeYear = yearOf(answer)
        const packed = pool.years[cp.slot * pool.size + mentor]!
        const mentorYear = Number.isNaN(packed) ? null : packed
        // A question one side has not answered is left out (scoreMentor).
        if (menteeYear === null || mentorYear === null) continue
        const fits = menteeYear !== null && mentorYear !== null && menteeYear - mentorYear >= pair.minYearsAhead
        if (pair.mustFit && !fits) return null
        const points = fits ? weight : 0
        base += points
        max += weight
        breakdown[q++] = { questionPairId, points, max: weight, common: [], years: { mentee: menteeYear, mentor: mentorYear } }
        continue
      }
      const menteeMask = maskOf(cp, answer?.optionIds)
      const mentorMask = pool.masks[cp.slot * pool.size + mentor]!
      if (menteeMask === 0 || mentorMask === 0) continue
      const shared = (menteeMask & mentorMask) >>> 0
      const menteeNoPreference = (menteeMask & cp.noPreferenceMask) !== 0
      const anyNoPreference = menteeNoPreference || (mentorMask & cp.noPreferenceMask) !== 0
      let points: number
      let most = weight
      let fits: boolean
      if (cp.rule === RULE_CODE.SingleFit) {
        fits = anyNoPreference || (menteeMask !== 0 && menteeMask === mentorMask)
        points = fits ? weight : 0
      } else if (cp.rule === RULE_CODE.MultipleFit) {
        fits = anyNoPreference || shared !== 0
        points = fits ? weight : 0
      } else {
        most = weight * popcount(menteeMask)
        points = anyNoPreference ? most : weight * popcount(shared)
        fits = anyNoPreference || shared !== 0
      }
      if (pair.mustFit && !fits) return null
      base += points
      max += most
      // With no preference on one side, everything the other side chose is common ground.
      const common = menteeNoPreference ? mentorMask : (mentorMask & cp.noPreferenceMask) !== 0 ? menteeMask : shared
      breakdown[q++] = { questionPairId, points, max: most, common: idsOf(optionIds[i]!, common) }
    }
    // Questions left out leave the end of the breakdown unused.
    breakdown.length = q
    return { base, max, percentage: percentageOf(base, max), breakdown }
  }
}
