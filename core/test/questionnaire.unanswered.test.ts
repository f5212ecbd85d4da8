import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { scoreMentor } from '../src/matching/score.rules.js'
import type { Answer, QuestionPair, Questionnaire } from '../src/questionnaire/questionnaire.codec.js'
import type { PublishedQuestionnaire, QuestionnaireDraft } from '../src/questionnaire/questionnaire.draft.js'
import { hasAnswered, leaveOutUnanswered } from '../src/questionnaire/questionnaire.unanswered.js'
import { scoredQuestionnaireOf } from '../src/questionnaire/questionnaire.versions.js'
import { answersToDraftArb, applyEdit, editArb, validDraftArb } from './arbitraries/questionnaire-draft.arbitraries.js'
import { UNKNOWN_OPTION_ID, answerArb, answersArb, questionPairArb, questionnaireArb } from './arbitraries/questionnaire.arbitraries.js'
import { userIdOf } from '../src/index.js'

const scoreAsPublished = leaveOutUnanswered(scoreMentor)

/** An answer the pair can score: at least one of its options (now and then with an unknown id too), a year. */
const answeredArb = (pair: QuestionPair): fc.Arbitrary<Answer> => {
  const ids = pair.options.map((o) => o.id)
  return fc
    .record({
      optionIds:
        ids.length === 0
          ? fc.constant<number[]>([])
          : fc.tuple(fc.subarray(ids, { minLength: 1 }), fc.boolean()).map(([s, unknown]) => (unknown ? [UNKNOWN_OPTION_ID, ...s] : s)),
      year: fc.integer({ min: 1960, max: 2025 }),
    })
    .map(({ optionIds, year }) => ({ questionPairId: pair.questionPairId, optionIds, year, text: null }))
}

/** Every pair answered first; now and then a second answer for a pair, which must not count. */
const everyQuestionAnsweredArb = (questionnaire: Questionnaire): fc.Arbitrary<Answer[]> =>
  fc
    .tuple(...questionnaire.pairs.map((pair) => fc.tuple(answeredArb(pair), fc.option(answerArb(pair), { nil: undefined, freq: 5 }))))
    .map((answers) => {
      const firsts = answers.map(([first]) => first)
      const seconds = answers.flatMap(([, second]) => (second === undefined ? [] : [second]))
      return [...firsts, ...seconds]
    })

describe('leaveOutUnanswered(scoreMentor)', () => {
  it('agrees exactly with scoreMentor when both sides answered every question', () => {
    fc.assert(
      fc.property(
        questionnaireArb().chain((q) => fc.tuple(fc.constant(q), everyQuestionAnsweredArb(q), everyQuestionAnsweredArb(q))),
        ([questionnaire, mentee, mentor]) => {
          expect(scoreAsPublished(questionnaire, mentee, mentor)).toEqual(scoreMentor(questionnaire, mentee, mentor))
        },
      ),
      { numRuns: 300 },
    )
  })

  it("leaves every pair's score unchanged when a question is added that one side or both have not answered", () => {
    fc.assert(
      fc.property(
        questionnaireArb().chain((q) =>
          fc.record({
            questionnaire: fc.constant(q),
            added: questionPairArb(50).chain((pair) => fc.tuple(fc.constant(pair), answeredArb(pair))),
            at: fc.nat({ max: q.pairs.length }),
            mentee: answersArb(q),
            mentor: answersArb(q),
            whoAnswers: fc.constantFrom('nobody', 'mentee', 'mentor'),
          }),
        ),
        ({ questionnaire, added: [added, answer], at, mentee, mentor, whoAnswers }) => {
          const pairs = [...questionnaire.pairs]
          pairs.splice(at, 0, added)
          const extended = { version: 2, pairs }
          const menteeAfter = whoAnswers === 'mentee' ? [...mentee, answer] : mentee
          const mentorAfter = whoAnswers === 'mentor' ? [...mentor, answer] : mentor
          expect(scoreAsPublished(extended, menteeAfter, mentorAfter)).toEqual(scoreAsPublished(questionnaire, mentee, mentor))
        },
      ),
      { numRuns: 300 },
    )
  })

  it('scores a question one side has not answered as if the questionnaire did not have it', () => {
    fc.assert(
      fc.property(
        questionnaireArb()
          .filter((q) => q.pairs.length > 0)
          .chain((q) =>
            fc.record({
              questionnaire: fc.constant(q),
              mentee: everyQuestionAnsweredArb(q),
              mentor: everyQuestionAnsweredArb(q),
              pick: fc.nat(),
              side: fc.constantFrom('mentee', 'mentor'),
            }),
          ),
        ({ questionnaire, mentee, mentor, pick, side }) => {
          const left = questionnaire.pairs[pick % questionnaire.pairs.length] as QuestionPair
          const without = (answers: Answer[]) => answers.filter((a) => a.questionPairId !== left.questionPairId)
          const withoutPair = { version: 1, pairs: questionnaire.pairs.filter((p) => p !== left) }
          const scored =
            side === 'mentee'
              ? scoreAsPublished(questionnaire, without(mentee), mentor)
              : scoreAsPublished(questionnaire, mentee, without(mentor))
          expect(scored).toEqual(scoreMentor(withoutPair, mentee, mentor))
        },
      ),
      { numRuns: 300 },
    )
  })

  it('keeps percentages as they were after a question is added, even a must-fit one', () => {
    const pair = (questionPairId: number, mustFit = false): QuestionPair => ({
      questionPairId,
      rule: 'SingleFit',
      kind: 'choice',
      weight: 2,
      mustFit,
      minYearsAhead: 0,
      topic: 'working-together',
      mentee: { questionId: 10 + questionPairId, text: { en: 'Q', de: 'F' }, maxOption: 1 },
      mentor: { questionId: 20 + questionPairId, text: { en: 'Q', de: 'F' }, maxOption: 1 },
      options: [1, 2].map((k) => ({
        id: questionPairId * 100 + k,
        text: { en: `O${k}`, de: `A${k}` },
        noPreference: false,
        noSuchBackground: false,
      })),
    })
    const answers: Answer[] = [{ questionPairId: 1, optionIds: [101], year: null, text: null }]
    const before = { version: 1, pairs: [pair(1)] }
    const after = { version: 2, pairs: [pair(1), pair(2, true)] }
    expect(scoreAsPublished(before, answers, answers)?.percentage).toBe(100)
    expect(scoreAsPublished(after, answers, answers)?.percentage).toBe(100)
    expect(scoreMentor(after, answers, answers)).toEqual(scoreMentor(before, answers, answers))
  })

  it('scores a retired option as nothing: the same as not having chosen it', () => {
    fc.assert(
      fc.property(
        validDraftArb.chain((draft) =>
          fc.record({
            draft: fc.constant(draft),
            mentee: answersToDraftArb(draft, 'mentee'),
            mentor: answersToDraftArb(draft, 'mentor'),
            edits: fc.array(editArb, { minLength: 1, maxLength: 10 }),
          }),
        ),
        ({ draft, mentee, mentor, edits }) => {
          const edited: QuestionnaireDraft = edits.reduce(applyEdit, draft)
          const version: PublishedQuestionnaire = { version: 2, publishedBy: userIdOf(1), publishedAt: 0, draft: edited }
          const scored = scoredQuestionnaireOf(version)
          const retired = new Set(edited.questions.flatMap((q) => q.options.filter((o) => o.retired).map((o) => o.id)))
          const unretired = (answers: Answer[]) => answers.map((a) => ({ ...a, optionIds: a.optionIds.filter((id) => !retired.has(id)) }))
          expect(scoreAsPublished(scored, mentee, mentor)).toEqual(scoreAsPublished(scored, unretired(mentee), unretired(mentor)))
        },
      ),
      { numRuns: 200 },
    )
  })

  it('leaves out a question whose only chosen option was retired, even a retired "no preference"', () => {
    const pair: QuestionPair = {
      questionPairId: 1,
      rule: 'SingleFit',
      kind: 'choice',
      weight: 3,
      mustFit: false,
      minYearsAhead: 0,
      topic: 'gender',
      mentee: { questionId: 11, text: { en: 'Q', de: 'F' }, maxOption: 1 },
      mentor: { questionId: 12, text: { en: 'Q', de: 'F' }, maxOption: 1 },
      // 103 ("no preference") was retired: the version's scored questionnaire no longer has it.
      options: [101, 102].map((id) => ({ id, text: { en: `O${id}`, de: `A${id}` }, noPreference: false, noSuchBackground: false })),
    }
    const other: QuestionPair = {
      ...pair,
      questionPairId: 2,
      mentee: { ...pair.mentor, questionId: 21 },
      mentor: { ...pair.mentor, questionId: 22 },
      options: [{ id: 201, text: { en: 'X', de: 'X' }, noPreference: false, noSuchBackground: false }],
    }
    const mentee: Answer[] = [
      { questionPairId: 1, optionIds: [103], year: null, text: null },
      { questionPairId: 2, optionIds: [201], year: null, text: null },
    ]
    const mentor: Answer[] = [
      { questionPairId: 1, optionIds: [102], year: null, text: null },
      { questionPairId: 2, optionIds: [201], year: null, text: null },
    ]
    expect(hasAnswered(pair, mentee[0])).toBe(false)
    expect(scoreAsPublished({ pairs: [pair, other] }, mentee, mentor)).toMatchObject({ base: 3, max: 3, percentage: 100 })
  })

  it("counts a year, or one of the pair's options, as an answer", () => {
    fc.assert(
      fc.property(
        questionPairArb(3).chain((pair) => fc.tuple(fc.constant(pair), answerArb(pair))),
        ([pair, answer]) => {
          const expected =
            answer !== undefined &&
            (pair.rule === 'MentorOnly' ||
              (pair.rule === 'YearsFit' ? answer.year !== null : answer.optionIds.some((id) => pair.options.some((o) => o.id === id))))
          expect(hasAnswered(pair, answer)).toBe(expected)
        },
      ),
    )
  })
})
