// Arbitraries of questionnaires, answers and mentor populations for the matching properties.
// Deliberately include what real data may hold: unknown option ids, duplicates, missing answers.
import fc from 'fast-check'
import type { Answer, AnswerOption, QuestionPair, Questionnaire, RuleName } from '../../src/questionnaire/questionnaire.codec.js'
import { RULE_NAMES } from '../../src/questionnaire/questionnaire.codec.js'
import type { MatchCandidate } from '../../src/matching/ranking.types.js'
import { userIdOf, type UserId } from '../../src/index.js'

/** An option id no question pair defines. */
export const UNKNOWN_OPTION_ID = 999_999

const text = (s: string) => ({ en: s, de: `${s} (de)` })

const optionsArb = (pairId: number): fc.Arbitrary<AnswerOption[]> =>
  fc
    .record({
      count: fc.integer({ min: 1, max: 7 }),
      noPreference: fc.boolean(),
      noSuchBackground: fc.boolean(),
    })
    .map(({ count, noPreference, noSuchBackground }) =>
      Array.from({ length: count }, (_, i) => ({
        id: pairId * 100 + i + 1,
        text: text(`option ${i + 1}`),
        // The last option may be "no preference", the first "no such background" (when distinct).
        noPreference: noPreference && i === count - 1,
        noSuchBackground: noSuchBackground && i === 0 && count > 1,
      })),
    )

/** Whole weights mostly, some fractional ones so the summation order of the packed path is tested. */
const weightArb = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 6 }) },
  { weight: 1, arbitrary: fc.constantFrom(0.1, 0.25, 1.5, 2.7) },
)

export const questionPairArb = (pairId: number, rules: readonly RuleName[] = RULE_NAMES): fc.Arbitrary<QuestionPair> =>
  fc
    .record({
      rule: fc.constantFrom(...rules),
      weight: weightArb,
      mustFit: fc.oneof({ weight: 4, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
      minYearsAhead: fc.integer({ min: 0, max: 6 }),
      options: optionsArb(pairId),
      maxOption: fc.integer({ min: 1, max: 7 }),
    })
    .map(({ rule, weight, mustFit, minYearsAhead, options, maxOption }) => {
      const maxOptions = rule === 'SingleFit' ? 1 : Math.min(maxOption, options.length)
      const side = (offset: number) => ({ questionId: pairId * 10 + offset, text: text(`question ${pairId}`), maxOption: maxOptions })
      return {
        questionPairId: pairId,
        rule,
        kind: rule === 'YearsFit' ? 'year' : rule === 'MentorOnly' ? 'text' : 'choice',
        weight,
        mustFit,
        minYearsAhead,
        topic: 'topic',
        mentee: rule === 'MentorOnly' ? null : side(1),
        mentor: side(2),
        options: rule === 'YearsFit' || rule === 'MentorOnly' ? [] : options,
      } satisfies QuestionPair
    })

export const questionnaireArb = (rules: readonly RuleName[] = RULE_NAMES): fc.Arbitrary<Questionnaire> =>
  fc
    .integer({ min: 0, max: 8 })
    .chain((count) =>
      fc.tuple(...Array.from({ length: count }, (_, i) => questionPairArb(i + 1, rules))).map((pairs) => ({ version: 1, pairs })),
    )

/** One side's answer to one pair: a subset of options (now and then with an unknown id), a year or nothing. */
export const answerArb = (pair: QuestionPair): fc.Arbitrary<Answer | undefined> => {
  const ids = pair.options.map((o) => o.id)
  const noPreference = pair.options.filter((o) => o.noPreference).map((o) => o.id)
  const choice = fc.oneof(
    { weight: 6, arbitrary: ids.length === 0 ? fc.constant<number[]>([]) : fc.subarray(ids) },
    { weight: 2, arbitrary: fc.constant(noPreference) },
    { weight: 1, arbitrary: fc.tuple(fc.subarray(ids), fc.constant(UNKNOWN_OPTION_ID)).map(([s, u]) => [...s, u, ...s]) },
  )
  const answer = fc
    .record({
      optionIds: choice,
      year: fc.oneof({ weight: 5, arbitrary: fc.integer({ min: 1960, max: 2025 }) }, { weight: 1, arbitrary: fc.constant(null) }),
    })
    .map(({ optionIds, year }): Answer => ({ questionPairId: pair.questionPairId, optionIds, year, text: null }))
  return fc.oneof({ weight: 8, arbitrary: answer }, { weight: 1, arbitrary: fc.constant(undefined) })
}

/**
 * An answer the pair can score: at least one of its options (now and then "no preference", now and
 * then with an unknown id too) and a year, so that no question is left out as unanswered.
 */
export const completeAnswerArb = (pair: QuestionPair): fc.Arbitrary<Answer> => {
  const ids = pair.options.map((o) => o.id)
  const noPreference = pair.options.filter((o) => o.noPreference).map((o) => o.id)
  const chosen = ids.length === 0 ? fc.constant<number[]>([]) : fc.subarray(ids, { minLength: 1 })
  const choice = fc.oneof(
    { weight: 6, arbitrary: chosen },
    { weight: noPreference.length > 0 ? 2 : 0, arbitrary: fc.constant(noPreference) },
    { weight: 1, arbitrary: chosen.map((s) => [UNKNOWN_OPTION_ID, ...s]) },
  )
  return fc
    .record({ optionIds: choice, year: fc.integer({ min: 1960, max: 2025 }) })
    .map(({ optionIds, year }): Answer => ({ questionPairId: pair.questionPairId, optionIds, year, text: null }))
}

/**
 * One answer per pair, now and then a second one for the same pair (only the first may count). With
 * `complete`, every pair is answered first with an answer it can score.
 */
export const answersArb = (questionnaire: Questionnaire, complete = false): fc.Arbitrary<Answer[]> =>
  fc
    .tuple(
      ...questionnaire.pairs.map((pair) =>
        fc.tuple(
          complete ? completeAnswerArb(pair) : answerArb(pair),
          fc.oneof({ weight: 9, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: answerArb(pair) }),
        ),
      ),
    )
    .map((answers) => answers.flat().filter((a): a is Answer => a !== undefined))

/**
 * Unique-id mentors with few distinct pool dates, so the tie-breaks are exercised; with `complete`,
 * every mentor answered every question (the whole-cohort scorer's lookup tables serve only such pools).
 */
export const candidatesArb = (questionnaire: Questionnaire, maxLength = 25, complete = false): fc.Arbitrary<MatchCandidate[]> =>
  fc.uniqueArray(fc.integer({ min: 1, max: 60 }), { maxLength }).chain((ids) =>
    fc.tuple(
      ...ids.map((id) =>
        fc
          .record({
            answers: answersArb(questionnaire, complete),
            poolSince: fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 4 })),
          })
          .map(({ answers, poolSince }): MatchCandidate => ({ id: userIdOf(id), answers, poolSince })),
      ),
    ),
  )

export type MatchingCase = {
  readonly questionnaire: Questionnaire
  readonly mentee: { readonly id: UserId; readonly answers: Answer[] }
  readonly candidates: MatchCandidate[]
  readonly threshold: number
  readonly limit: number
  readonly exclude: ReadonlySet<UserId>
}

/** A whole matching run's input; the mentee's id may be among the candidates, on purpose. */
export const matchingCaseArb = (rules: readonly RuleName[] = RULE_NAMES): fc.Arbitrary<MatchingCase> =>
  questionnaireArb(rules).chain((questionnaire) =>
    fc.record({
      questionnaire: fc.constant(questionnaire),
      mentee: fc.record({ id: fc.integer({ min: 1, max: 60 }).map(userIdOf), answers: answersArb(questionnaire) }),
      // Half the pools with every question answered by every mentor, half with questions left out.
      candidates: fc.boolean().chain((complete) => candidatesArb(questionnaire, 25, complete)),
      threshold: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 100 })),
      limit: fc.integer({ min: 0, max: 6 }),
      exclude: fc.uniqueArray(fc.integer({ min: 1, max: 60 }).map(userIdOf), { maxLength: 5 }).map((ids) => new Set(ids)),
    }),
  )
