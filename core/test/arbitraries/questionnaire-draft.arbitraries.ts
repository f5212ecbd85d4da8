// Arbitraries of valid questionnaire drafts and of the edits a program makes between versions
// (options and questions added and retired, weights, rules, texts, order and threshold changed).
import fc from 'fast-check'
import type { Answer, RuleName } from '../../src/questionnaire/questionnaire.codec.js'
import type { DraftOption, DraftQuestion, QuestionnaireDraft } from '../../src/questionnaire/questionnaire.draft.js'

const CHOICE_RULES = ['SingleFit', 'MultipleFit', 'MultipleMatchesFit'] as const
type ChoiceRule = (typeof CHOICE_RULES)[number]

const option = (id: number, label: string, flags: Partial<Pick<DraftOption, 'noPreference' | 'noSuchBackground'>> = {}): DraftOption => ({
  id,
  text: { en: `Option ${label}`, de: `Antwort ${label}` },
  noPreference: flags.noPreference ?? false,
  noSuchBackground: flags.noSuchBackground ?? false,
  retired: false,
})

const side = (questionId: number, label: string, maxOption: number) => ({
  questionId,
  text: { en: `Question ${label}?`, de: `Frage ${label}?` },
  maxOption,
})

export type QuestionSpec = {
  readonly rule: RuleName
  readonly textKind: boolean
  readonly weight: number
  readonly mustFit: boolean
  readonly minYearsAhead: number
  readonly optionCount: number
  readonly noPreference: boolean
  readonly noSuchBackground: boolean
  readonly maxOption: number
}

/** A valid question; ids: pair p, sides 10p+1 and 10p+2, options 100p+k (fresh ids of later edits are larger). */
export const draftQuestionOf = (pairId: number, spec: QuestionSpec): DraftQuestion => {
  const kind = spec.rule === 'YearsFit' ? 'year' : spec.rule === 'MentorOnly' && spec.textKind ? 'text' : 'choice'
  const options =
    kind !== 'choice'
      ? []
      : Array.from({ length: spec.optionCount }, (_, k) =>
          option(pairId * 100 + k + 1, `${pairId}.${k + 1}`, {
            noPreference: spec.noPreference && k === spec.optionCount - 1,
            noSuchBackground: spec.noSuchBackground && k === 0 && spec.optionCount > 1,
          }),
        )
  const maxOption = kind !== 'choice' || spec.rule === 'SingleFit' ? 1 : Math.min(spec.maxOption, options.length)
  const mentorOnly = spec.rule === 'MentorOnly'
  return {
    questionPairId: pairId,
    rule: spec.rule,
    kind,
    weight: mentorOnly ? 0 : spec.weight,
    mustFit: mentorOnly ? false : spec.mustFit,
    minYearsAhead: spec.minYearsAhead,
    topic: `topic-${pairId % 3}`,
    mentee: mentorOnly ? null : side(pairId * 10 + 1, `${pairId} for mentees`, maxOption),
    mentor: side(pairId * 10 + 2, `${pairId} for mentors`, maxOption),
    options,
    retired: false,
  }
}

const weightArb = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 10 }) },
  { weight: 1, arbitrary: fc.constantFrom(0, 0.5, 2.5) },
)

const specArb = (rules: readonly RuleName[]): fc.Arbitrary<QuestionSpec> =>
  fc.record({
    rule: fc.constantFrom(...rules),
    textKind: fc.boolean(),
    weight: weightArb,
    mustFit: fc.oneof({ weight: 4, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    minYearsAhead: fc.integer({ min: 0, max: 6 }),
    optionCount: fc.integer({ min: 1, max: 6 }),
    noPreference: fc.boolean(),
    noSuchBackground: fc.boolean(),
    maxOption: fc.integer({ min: 1, max: 6 }),
  })

const RULES: readonly RuleName[] = ['SingleFit', 'YearsFit', 'MultipleFit', 'MultipleMatchesFit', 'MentorOnly']

/** A draft checkDraft accepts: the first question is always scored. */
export const validDraftArb: fc.Arbitrary<QuestionnaireDraft> = fc
  .record({
    first: specArb(['SingleFit', 'YearsFit', 'MultipleFit', 'MultipleMatchesFit']).map((s) => ({ ...s, weight: Math.max(1, s.weight) })),
    rest: fc.array(specArb(RULES), { maxLength: 5 }),
    profileQuestions: fc.array(fc.constantFrom<'Mentee' | 'Mentor' | 'All'>('Mentee', 'Mentor', 'All'), { maxLength: 3 }),
    threshold: fc.integer({ min: 0, max: 100 }),
  })
  .map(({ first, rest, profileQuestions, threshold }) => ({
    questions: [first, ...rest].map((spec, i) => draftQuestionOf(i + 1, spec)),
    profileQuestions: profileQuestions.map((side, i) => ({
      userQuestionOriginalId: i + 1,
      text: { en: `Tell us about ${i + 1}.`, de: `Erzählen Sie von ${i + 1}.` },
      side,
      retired: false,
    })),
    threshold,
  }))

/** An edit that keeps a draft valid: each applies only where it can, otherwise it changes nothing. */
export type Edit =
  | { readonly _tag: 'AddOption'; readonly question: number }
  | { readonly _tag: 'RetireOption'; readonly question: number; readonly option: number }
  | { readonly _tag: 'AddQuestion'; readonly spec: QuestionSpec }
  | { readonly _tag: 'RetireQuestion'; readonly question: number }
  | { readonly _tag: 'ChangeWeight'; readonly question: number; readonly weight: number }
  | { readonly _tag: 'ChangeChoiceRule'; readonly question: number; readonly rule: ChoiceRule }
  | { readonly _tag: 'ChangeText'; readonly question: number; readonly suffix: string }
  | { readonly _tag: 'MoveQuestion'; readonly from: number; readonly to: number }
  | { readonly _tag: 'ChangeThreshold'; readonly threshold: number }

export const editArb: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ _tag: fc.constant('AddOption' as const), question: fc.nat() }),
  fc.record({ _tag: fc.constant('RetireOption' as const), question: fc.nat(), option: fc.nat() }),
  fc.record({ _tag: fc.constant('AddQuestion' as const), spec: specArb(RULES) }),
  fc.record({ _tag: fc.constant('RetireQuestion' as const), question: fc.nat() }),
  fc.record({ _tag: fc.constant('ChangeWeight' as const), question: fc.nat(), weight: weightArb }),
  fc.record({ _tag: fc.constant('ChangeChoiceRule' as const), question: fc.nat(), rule: fc.constantFrom(...CHOICE_RULES) }),
  fc.record({ _tag: fc.constant('ChangeText' as const), question: fc.nat(), suffix: fc.constantFrom('(new)', 'v2', 'again') }),
  fc.record({ _tag: fc.constant('MoveQuestion' as const), from: fc.nat(), to: fc.nat() }),
  fc.record({ _tag: fc.constant('ChangeThreshold' as const), threshold: fc.integer({ min: 0, max: 100 }) }),
)

const maxOf = (values: readonly number[]): number => values.reduce((a, b) => Math.max(a, b), 0)
const live = (q: DraftQuestion) => q.options.filter((o) => !o.retired)
const isScored = (q: DraftQuestion) => !q.retired && q.rule !== 'MentorOnly' && q.weight > 0

const withMaxOption = (q: DraftQuestion): DraftQuestion => {
  const max = q.kind !== 'choice' || q.rule === 'SingleFit' ? 1 : Math.max(1, live(q).length)
  const clamp = <S extends { maxOption: number }>(s: S): S => ({ ...s, maxOption: Math.min(s.maxOption, max) })
  return { ...q, mentee: q.mentee === null ? null : clamp(q.mentee), mentor: clamp(q.mentor) }
}

const replaceQuestion = (draft: QuestionnaireDraft, index: number, q: DraftQuestion): QuestionnaireDraft => ({
  ...draft,
  questions: draft.questions.map((old, i) => (i === index ? q : old)),
})

/** Applies one edit, never producing an invalid draft (so every rule of checkDraft must still pass). */
export const applyEdit = (draft: QuestionnaireDraft, edit: Edit): QuestionnaireDraft => {
  const n = draft.questions.length
  const pick = (i: number) => draft.questions[i % n] as DraftQuestion
  const nextOptionId = maxOf(draft.questions.flatMap((q) => q.options.map((o) => o.id))) + 1
  switch (edit._tag) {
    case 'AddOption': {
      const q = pick(edit.question)
      if (q.kind !== 'choice' || q.retired || live(q).length >= 32) return draft
      return replaceQuestion(draft, edit.question % n, { ...q, options: [...q.options, option(nextOptionId, `new ${nextOptionId}`)] })
    }
    case 'RetireOption': {
      const q = pick(edit.question)
      const target = q.options[edit.option % Math.max(1, q.options.length)]
      if (target === undefined || target.retired || live(q).length <= 1) return draft
      const options = q.options.map((o) => (o.id === target.id ? { ...o, retired: true } : o))
      return replaceQuestion(draft, edit.question % n, withMaxOption({ ...q, options }))
    }
    case 'AddQuestion': {
      const pairId = maxOf(draft.questions.map((q) => q.questionPairId)) + 1
      const q = draftQuestionOf(pairId, edit.spec)
      // Fresh option ids above every id used so far (ids are never reused).
      const options = q.options.map((o, k) => ({ ...o, id: nextOptionId + k }))
      return { ...draft, questions: [...draft.questions, { ...q, options }] }
    }
    case 'RetireQuestion': {
      const q = pick(edit.question)
      const othersScored = draft.questions.some((other) => other !== q && isScored(other))
      if (q.retired || !othersScored) return draft
      return replaceQuestion(draft, edit.question % n, { ...q, retired: true })
    }
    case 'ChangeWeight': {
      const q = pick(edit.question)
      if (q.rule === 'MentorOnly') return draft
      const changed = { ...q, weight: edit.weight }
      const stillScored = draft.questions.some((other) => (other === q ? isScored(changed) : isScored(other)))
      return stillScored ? replaceQuestion(draft, edit.question % n, changed) : draft
    }
    case 'ChangeChoiceRule': {
      const q = pick(edit.question)
      if (q.kind !== 'choice' || q.rule === 'MentorOnly') return draft
      return replaceQuestion(draft, edit.question % n, withMaxOption({ ...q, rule: edit.rule }))
    }
    case 'ChangeText': {
      const q = pick(edit.question)
      const text = { en: `${q.mentor.text.en} ${edit.suffix}`, de: `${q.mentor.text.de} ${edit.suffix}` }
      return replaceQuestion(draft, edit.question % n, { ...q, mentor: { ...q.mentor, text } })
    }
    case 'MoveQuestion': {
      const questions = [...draft.questions]
      const [moved] = questions.splice(edit.from % n, 1)
      if (moved !== undefined) questions.splice(edit.to % n, 0, moved)
      return { ...draft, questions }
    }
    case 'ChangeThreshold':
      return { ...draft, threshold: edit.threshold }
  }
}

/** One side's valid answers to the live questions of a draft: some questions left out, now and then. */
export const answersToDraftArb = (draft: QuestionnaireDraft, side: 'mentee' | 'mentor'): fc.Arbitrary<Answer[]> =>
  fc
    .tuple(
      ...draft.questions.map((q) => {
        const asked = q[side]
        if (q.retired || asked === null) return fc.constant(undefined)
        const ids = live(q).map((o) => o.id)
        const answer = fc
          .record({
            optionIds: q.kind === 'choice' ? fc.subarray(ids, { minLength: 1, maxLength: asked.maxOption }) : fc.constant<number[]>([]),
            year: q.kind === 'year' ? fc.integer({ min: 1960, max: 2025 }) : fc.constant(null),
            text: q.kind === 'text' ? fc.constant('Because.') : fc.constant(null),
          })
          .map((a): Answer => ({ questionPairId: q.questionPairId, optionIds: [...a.optionIds], year: a.year, text: a.text }))
        return fc.option(answer, { nil: undefined, freq: 4 })
      }),
    )
    .map((answers) => answers.filter((a): a is Answer => a !== undefined))
