// The questionnaire editor's state (docs/admin.md "Questionnaire versions"): the draft being edited,
// the revision it was read at, whether it has unsaved changes and which question is open. Every
// change replaces only the question it touches, so the other questions keep their identity and
// their memoised editors do not re-render.
import type { DraftOption, DraftProfileQuestion, DraftQuestion, QuestionnaireDraft, RuleName } from '@tandem/core'

export type EditorState = {
  readonly draft: QuestionnaireDraft
  readonly revision: number
  readonly dirty: boolean
  /** The questionPairId of the question shown, null when the draft has none. */
  readonly selected: number | null
}

export type EditorAction =
  | { readonly type: 'load'; readonly draft: QuestionnaireDraft; readonly revision: number }
  | { readonly type: 'saved'; readonly revision: number }
  | { readonly type: 'select'; readonly questionPairId: number }
  | { readonly type: 'threshold'; readonly value: number }
  | { readonly type: 'question'; readonly questionPairId: number; readonly change: (q: DraftQuestion) => DraftQuestion }
  | { readonly type: 'rule'; readonly questionPairId: number; readonly rule: RuleName }
  | { readonly type: 'addQuestion' }
  | { readonly type: 'addOption'; readonly questionPairId: number }
  | { readonly type: 'profile'; readonly id: number; readonly change: (p: DraftProfileQuestion) => DraftProfileQuestion }
  | { readonly type: 'addProfileQuestion' }

const maxOf = (values: readonly number[]): number => Math.max(0, ...values)

const sideIds = (draft: QuestionnaireDraft): number[] =>
  draft.questions.flatMap((q) => [q.mentor.questionId, ...(q.mentee === null ? [] : [q.mentee.questionId])])

/** A fresh option id: ids are unique over the whole questionnaire, retired options included. */
export const nextOptionId = (draft: QuestionnaireDraft): number => maxOf(draft.questions.flatMap((q) => q.options.map((o) => o.id))) + 1

const emptyText = { en: '', de: '' }

export const newOption = (id: number): DraftOption => ({
  id,
  text: emptyText,
  noPreference: false,
  noSuchBackground: false,
  retired: false,
})

/** A new question pair: a SingleFit choice asked of both sides, unscored until given a weight. */
export const newQuestion = (draft: QuestionnaireDraft): DraftQuestion => {
  const side = maxOf(sideIds(draft))
  return {
    questionPairId: maxOf(draft.questions.map((q) => q.questionPairId)) + 1,
    rule: 'SingleFit',
    kind: 'choice',
    weight: 0,
    mustFit: false,
    minYearsAhead: 0,
    topic: draft.questions.at(-1)?.topic ?? '',
    mentee: { questionId: side + 1, text: emptyText, maxOption: 1 },
    mentor: { questionId: side + 2, text: emptyText, maxOption: 1 },
    options: [],
    retired: false,
  }
}

/** A rule change keeps the pair consistent: a MentorOnly question asks no mentee and scores nothing. */
const withRule = (draft: QuestionnaireDraft, q: DraftQuestion, rule: RuleName): DraftQuestion => {
  if (rule === 'MentorOnly') return { ...q, rule, kind: q.kind === 'year' ? 'choice' : q.kind, mentee: null, weight: 0, mustFit: false }
  const mentee = q.mentee ?? { questionId: maxOf(sideIds(draft)) + 1, text: emptyText, maxOption: 1 }
  const kind = rule === 'YearsFit' ? 'year' : q.kind === 'year' || q.kind === 'text' ? 'choice' : q.kind
  return { ...q, rule, kind, mentee }
}

const changeQuestion = (state: EditorState, questionPairId: number, change: (q: DraftQuestion) => DraftQuestion): EditorState => ({
  ...state,
  dirty: true,
  draft: { ...state.draft, questions: state.draft.questions.map((q) => (q.questionPairId === questionPairId ? change(q) : q)) },
})

export const editorReducer = (state: EditorState | null, action: EditorAction): EditorState | null => {
  if (action.type === 'load')
    return {
      draft: action.draft,
      revision: action.revision,
      dirty: false,
      selected:
        state !== null && action.draft.questions.some((q) => q.questionPairId === state.selected)
          ? state.selected
          : (action.draft.questions[0]?.questionPairId ?? null),
    }
  if (state === null) return state
  switch (action.type) {
    case 'saved':
      return { ...state, revision: action.revision, dirty: false }
    case 'select':
      return { ...state, selected: action.questionPairId }
    case 'threshold':
      return { ...state, dirty: true, draft: { ...state.draft, threshold: action.value } }
    case 'question':
      return changeQuestion(state, action.questionPairId, action.change)
    case 'rule':
      return changeQuestion(state, action.questionPairId, (q) => withRule(state.draft, q, action.rule))
    case 'addOption': {
      const id = nextOptionId(state.draft)
      return changeQuestion(state, action.questionPairId, (q) => ({ ...q, options: [...q.options, newOption(id)] }))
    }
    case 'addQuestion': {
      const question = newQuestion(state.draft)
      return {
        ...state,
        dirty: true,
        selected: question.questionPairId,
        draft: { ...state.draft, questions: [...state.draft.questions, question] },
      }
    }
    case 'profile':
      return {
        ...state,
        dirty: true,
        draft: {
          ...state.draft,
          profileQuestions: state.draft.profileQuestions.map((p) => (p.userQuestionOriginalId === action.id ? action.change(p) : p)),
        },
      }
    case 'addProfileQuestion': {
      const id = maxOf(state.draft.profileQuestions.map((p) => p.userQuestionOriginalId)) + 1
      const question: DraftProfileQuestion = { userQuestionOriginalId: id, text: emptyText, side: 'All', retired: false }
      return { ...state, dirty: true, draft: { ...state.draft, profileQuestions: [...state.draft.profileQuestions, question] } }
    }
  }
}
