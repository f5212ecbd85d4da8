import fc from 'fast-check'
import * as E from 'fp-ts/lib/Either.js'
import { describe, expect, it } from 'vitest'
import { checkDraft } from '../src/questionnaire/questionnaire.check.js'
import type { DraftQuestion, PublishedQuestionnaire, QuestionnaireDraft } from '../src/questionnaire/questionnaire.draft.js'
import { LIVE_OPTIONS_MAX, QUESTION_TEXT_MAX } from '../src/questionnaire/questionnaire.draft.js'
import { MAX_OPTIONS_PER_PAIR } from '../src/matching/questionnaire.compiled.js'
import { applyEdit, draftQuestionOf, editArb, validDraftArb, type QuestionSpec } from './arbitraries/questionnaire-draft.arbitraries.js'
import { userIdOf } from '../src/index.js'

const spec = (rule: QuestionSpec['rule'], overrides: Partial<QuestionSpec> = {}): QuestionSpec => ({
  rule,
  textKind: false,
  weight: 3,
  mustFit: false,
  minYearsAhead: 0,
  optionCount: 3,
  noPreference: false,
  noSuchBackground: false,
  maxOption: 2,
  ...overrides,
})

/** SingleFit (101–103, 103 no preference), YearsFit, MultipleMatchesFit (301–304), MentorOnly text. */
const baseDraft = (): QuestionnaireDraft => ({
  questions: [
    draftQuestionOf(1, spec('SingleFit', { noPreference: true })),
    draftQuestionOf(2, spec('YearsFit', { minYearsAhead: 5 })),
    draftQuestionOf(3, spec('MultipleMatchesFit', { optionCount: 4 })),
    draftQuestionOf(4, spec('MentorOnly', { textKind: true })),
  ],
  profileQuestions: [{ userQuestionOriginalId: 1, text: { en: 'About you', de: 'Über Sie' }, side: 'All', retired: false }],
  threshold: 30,
})

const published = (draft: QuestionnaireDraft, version = 1): PublishedQuestionnaire => ({
  version,
  publishedBy: userIdOf(1),
  publishedAt: 0,
  draft,
})

/** The base draft with question `i` changed. */
const withQuestion = (i: number, change: (q: DraftQuestion) => DraftQuestion): QuestionnaireDraft => {
  const draft = baseDraft()
  return { ...draft, questions: draft.questions.map((q, j) => (j === i ? change(q) : q)) }
}

const errorsOf = (draft: QuestionnaireDraft, previous?: PublishedQuestionnaire) =>
  E.match(
    (errors: readonly { field: string; key: string }[]) => errors.map(({ field, key }) => ({ field, key })),
    () => [],
  )(checkDraft(draft, previous))

describe('checkDraft: one draft alone', () => {
  it('accepts the base draft', () => {
    expect(errorsOf(baseDraft())).toEqual([])
  })

  const refusals: readonly [string, () => QuestionnaireDraft, { field: string; key: string }][] = [
    [
      'refuses an empty German question text',
      () => withQuestion(0, (q) => ({ ...q, mentor: { ...q.mentor, text: { ...q.mentor.text, de: '  ' } } })),
      { field: 'questions.0.mentor.text.de', key: 'requiredFieldError' },
    ],
    [
      'refuses an untrimmed English option text',
      () => withQuestion(0, (q) => ({ ...q, options: q.options.map((o, j) => (j === 1 ? { ...o, text: { ...o.text, en: ' Yes' } } : o)) })),
      { field: 'questions.0.options.1.text.en', key: 'questionnaire-text-untrimmed' },
    ],
    [
      'refuses a question text over the limit',
      () =>
        withQuestion(2, (q) =>
          q.mentee === null ? q : { ...q, mentee: { ...q.mentee, text: { ...q.mentee.text, en: 'é'.repeat(QUESTION_TEXT_MAX + 1) } } },
        ),
      { field: 'questions.2.mentee.text.en', key: 'max-characters-exceeded-error' },
    ],
    [
      'refuses a weight above the range',
      () => withQuestion(0, (q) => ({ ...q, weight: 101 })),
      { field: 'questions.0.weight', key: 'questionnaire-weight-range' },
    ],
    [
      'refuses a negative weight',
      () => withQuestion(0, (q) => ({ ...q, weight: -1 })),
      { field: 'questions.0.weight', key: 'questionnaire-weight-range' },
    ],
    [
      'refuses a maximum of options above the number of live options',
      () => withQuestion(2, (q) => ({ ...q, mentor: { ...q.mentor, maxOption: 5 } })),
      { field: 'questions.2.mentor.maxOption', key: 'questionnaire-max-options-range' },
    ],
    [
      'refuses a maximum of zero options',
      () => withQuestion(2, (q) => ({ ...q, mentor: { ...q.mentor, maxOption: 0 } })),
      { field: 'questions.2.mentor.maxOption', key: 'questionnaire-max-options-range' },
    ],
    [
      'refuses a maximum that counts a retired option',
      () =>
        withQuestion(2, (q) => ({
          ...q,
          options: q.options.map((o, j) => (j > 0 ? { ...o, retired: true } : o)),
        })),
      { field: 'questions.2.mentee.maxOption', key: 'questionnaire-max-options-range' },
    ],
    [
      'refuses more than one option for SingleFit',
      () => withQuestion(0, (q) => ({ ...q, mentor: { ...q.mentor, maxOption: 2 } })),
      { field: 'questions.0.mentor.maxOption', key: 'questionnaire-max-options-range' },
    ],
    [
      'refuses years ahead beyond the range',
      () => withQuestion(1, (q) => ({ ...q, minYearsAhead: 51 })),
      { field: 'questions.1.minYearsAhead', key: 'questionnaire-years-ahead-range' },
    ],
    [
      'refuses fractional years ahead',
      () => withQuestion(1, (q) => ({ ...q, minYearsAhead: 2.5 })),
      { field: 'questions.1.minYearsAhead', key: 'questionnaire-years-ahead-range' },
    ],
    [
      'refuses a weighted MentorOnly question',
      () => withQuestion(3, (q) => ({ ...q, weight: 1 })),
      { field: 'questions.3.weight', key: 'questionnaire-mentor-only-scored' },
    ],
    [
      'refuses a must-fit MentorOnly question',
      () => withQuestion(3, (q) => ({ ...q, mustFit: true })),
      { field: 'questions.3.mustFit', key: 'questionnaire-mentor-only-scored' },
    ],
    [
      'refuses a MentorOnly question asked of mentees',
      () => withQuestion(3, (q) => ({ ...q, mentee: { ...q.mentor, questionId: 99 } })),
      { field: 'questions.3.mentee', key: 'questionnaire-mentor-only-mentee-question' },
    ],
    [
      'refuses a scored question without a mentee question',
      () => withQuestion(0, (q) => ({ ...q, mentee: null })),
      { field: 'questions.0.mentee', key: 'questionnaire-mentee-question-missing' },
    ],
    [
      'refuses a YearsFit question answered by choice',
      () => withQuestion(1, (q) => ({ ...q, kind: 'choice' })),
      { field: 'questions.1.kind', key: 'questionnaire-kind-does-not-fit-rule' },
    ],
    [
      'refuses options on a YearsFit question',
      () =>
        withQuestion(1, (q) => ({
          ...q,
          options: [{ id: 299, text: { en: 'x', de: 'x' }, noPreference: false, noSuchBackground: false, retired: false }],
        })),
      { field: 'questions.1.options', key: 'questionnaire-options-not-allowed' },
    ],
    [
      'refuses a choice question with no live option',
      () => withQuestion(0, (q) => ({ ...q, options: q.options.map((o) => ({ ...o, retired: true })) })),
      { field: 'questions.0.options', key: 'requiredFieldError' },
    ],
    [
      'refuses an option both "no preference" and "no such background"',
      () => withQuestion(0, (q) => ({ ...q, options: q.options.map((o, j) => (j === 2 ? { ...o, noSuchBackground: true } : o)) })),
      { field: 'questions.0.options.2', key: 'questionnaire-exclusive-flags-combined' },
    ],
    [
      'refuses two live "no preference" options',
      () => withQuestion(0, (q) => ({ ...q, options: q.options.map((o) => ({ ...o, noPreference: true })) })),
      { field: 'questions.0.options', key: 'questionnaire-no-preference-twice' },
    ],
    [
      'refuses two live options with the same text, whatever the case and blanks',
      () =>
        withQuestion(2, (q) => ({
          ...q,
          options: q.options.map((o, j) => (j === 3 ? { ...o, text: { ...o.text, de: (q.options[0]?.text.de ?? '').toUpperCase() } } : o)),
        })),
      { field: 'questions.2.options.3.text.de', key: 'questionnaire-duplicate-option-text' },
    ],
    [
      'refuses an option id used twice',
      () => withQuestion(2, (q) => ({ ...q, options: q.options.map((o, j) => (j === 1 ? { ...o, id: 101 } : o)) })),
      { field: 'questions.2.options.1.id', key: 'questionnaire-duplicate-id' },
    ],
    [
      'refuses a question pair id used twice',
      () => withQuestion(2, (q) => ({ ...q, questionPairId: 1 })),
      { field: 'questions.2.questionPairId', key: 'questionnaire-duplicate-id' },
    ],
    [
      'refuses a side question id used twice',
      () => withQuestion(2, (q) => ({ ...q, mentor: { ...q.mentor, questionId: 11 } })),
      { field: 'questions.2.mentor.questionId', key: 'questionnaire-duplicate-id' },
    ],
    [
      'refuses an id that is not a positive whole number',
      () => withQuestion(0, (q) => ({ ...q, questionPairId: 1.5 })),
      { field: 'questions.0.questionPairId', key: 'questionnaire-id-invalid' },
    ],
    [
      'refuses a topic that is not a lower-case key',
      () => withQuestion(0, (q) => ({ ...q, topic: 'Work Life' })),
      { field: 'questions.0.topic', key: 'questionnaire-topic-format' },
    ],
    [
      'refuses a threshold above 100',
      () => ({ ...baseDraft(), threshold: 101 }),
      { field: 'threshold', key: 'questionnaire-threshold-range' },
    ],
    [
      'refuses a draft whose only scored questions are retired',
      () => ({ ...baseDraft(), questions: baseDraft().questions.map((q) => (q.rule === 'MentorOnly' ? q : { ...q, retired: true })) }),
      { field: 'questions', key: 'questionnaire-no-scored-question' },
    ],
    [
      'refuses a draft whose scored questions all weigh nothing',
      () => ({ ...baseDraft(), questions: baseDraft().questions.map((q) => ({ ...q, weight: 0 })) }),
      { field: 'questions', key: 'questionnaire-no-scored-question' },
    ],
    [
      'refuses an empty profile question text',
      () => ({
        ...baseDraft(),
        profileQuestions: [{ userQuestionOriginalId: 1, text: { en: 'About you', de: '' }, side: 'All', retired: false }],
      }),
      { field: 'profileQuestions.0.text.de', key: 'requiredFieldError' },
    ],
  ]
  it.each(refusals)('%s', (_name, draft, expected) => {
    expect(errorsOf(draft())).toContainEqual(expected)
  })

  it('allows as many live options as one packed mask holds', () => {
    expect(LIVE_OPTIONS_MAX).toBe(MAX_OPTIONS_PER_PAIR)
  })

  it('accepts every valid random draft', () => {
    fc.assert(
      fc.property(validDraftArb, (draft) => {
        expect(errorsOf(draft)).toEqual([])
      }),
    )
  })
})

describe('checkDraft: against the previous version', () => {
  const previous = published(baseDraft())

  it('accepts retiring an option and a question, adding new ones', () => {
    const draft = baseDraft()
    const edited: QuestionnaireDraft = {
      ...draft,
      questions: [
        ...draft.questions.map((q, i) =>
          i === 2
            ? { ...q, options: q.options.map((o, j) => (j === 0 ? { ...o, retired: true } : o)) }
            : i === 1
              ? { ...q, retired: true }
              : q,
        ),
        draftQuestionOf(5, spec('MultipleFit')),
      ],
    }
    expect(errorsOf(edited, previous)).toEqual([])
  })

  const refusals: readonly [string, () => QuestionnaireDraft, { field: string; key: string }][] = [
    [
      'refuses deleting a question',
      () => ({ ...baseDraft(), questions: baseDraft().questions.filter((q) => q.questionPairId !== 2) }),
      { field: 'questions', key: 'questionnaire-question-deleted' },
    ],
    [
      'refuses deleting an option',
      () => withQuestion(2, (q) => ({ ...q, options: q.options.filter((o) => o.id !== 302) })),
      { field: 'questions.2.options', key: 'questionnaire-option-deleted' },
    ],
    [
      'refuses moving an option id to another question',
      () => {
        const draft = withQuestion(2, (q) => ({ ...q, options: q.options.filter((o) => o.id !== 302) }))
        return {
          ...draft,
          questions: [
            ...draft.questions,
            {
              ...draftQuestionOf(5, spec('MultipleFit')),
              options: draftQuestionOf(5, spec('MultipleFit')).options.map((o, j) => (j === 0 ? { ...o, id: 302 } : o)),
            },
          ],
        }
      },
      { field: 'questions.4.options.0.id', key: 'questionnaire-id-reused' },
    ],
    [
      "refuses giving a question's side id to another question",
      () => {
        // Pair 4's mentor question was 42; pair 3 takes 42 and pair 4 a fresh id.
        const draft = baseDraft()
        const questionId = (q: DraftQuestion) => (q.questionPairId === 3 ? 42 : q.questionPairId === 4 ? 999 : q.mentor.questionId)
        return { ...draft, questions: draft.questions.map((q) => ({ ...q, mentor: { ...q.mentor, questionId: questionId(q) } })) }
      },
      { field: 'questions.2.mentor.questionId', key: 'questionnaire-id-reused' },
    ],
    [
      'refuses changing the answer kind of a question',
      () =>
        withQuestion(3, (q) => ({
          ...q,
          kind: 'choice',
          options: [{ id: 401, text: { en: 'A', de: 'A' }, noPreference: false, noSuchBackground: false, retired: false }],
        })),
      { field: 'questions.3.kind', key: 'questionnaire-kind-changed' },
    ],
    [
      'refuses turning an option into "no preference"',
      () => withQuestion(2, (q) => ({ ...q, options: q.options.map((o, j) => (j === 1 ? { ...o, noPreference: true } : o)) })),
      { field: 'questions.2.options.1', key: 'questionnaire-option-meaning-changed' },
    ],
    [
      'refuses deleting a profile question',
      () => ({ ...baseDraft(), profileQuestions: [] }),
      { field: 'profileQuestions', key: 'questionnaire-profile-question-deleted' },
    ],
  ]
  it.each(refusals)('%s', (_name, draft, expected) => {
    expect(errorsOf(draft(), previous)).toContainEqual(expected)
  })

  it('accepts every sequence of valid edits against the version it follows', () => {
    fc.assert(
      fc.property(validDraftArb, fc.array(editArb, { maxLength: 12 }), (draft, edits) => {
        const edited = edits.reduce(applyEdit, draft)
        expect(errorsOf(edited, published(draft))).toEqual([])
      }),
    )
  })

  it('refuses every edited draft that lost an option or question of the previous version', () => {
    fc.assert(
      fc.property(validDraftArb, fc.array(editArb, { maxLength: 6 }), fc.nat(), fc.boolean(), (draft, edits, pick, whole) => {
        const edited = edits.reduce(applyEdit, draft)
        const i = pick % edited.questions.length
        const question = edited.questions[i] as DraftQuestion
        const deleted: QuestionnaireDraft =
          whole || question.options.length === 0
            ? { ...edited, questions: edited.questions.filter((_, j) => j !== i) }
            : { ...edited, questions: edited.questions.map((q, j) => (j === i ? { ...q, options: q.options.slice(1) } : q)) }
        const key = whole || question.options.length === 0 ? 'questionnaire-question-deleted' : 'questionnaire-option-deleted'
        const errors = errorsOf(deleted, published(edited))
        expect(errors.map((e) => e.key)).toContain(key)
      }),
    )
  })
})
