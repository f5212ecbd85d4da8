// The questionnaire editor's reducer (docs/admin.md "Questionnaire versions"): whatever questions,
// options, profile questions and rule changes an administrator makes, the draft keeps fresh, unique
// ids, never loses a question, option or profile question, and keeps each pair consistent with its
// rule, as the core's check (checkDraft) judges against the seed's version 1.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { RULE_NAMES, draftErrors, draftOfQuestionnaire, type PublishedQuestionnaire, type QuestionnaireDraft } from '@tandem/core'
import { profileQuestions, questionnaire } from '@tandem/fixtures'
import { editorReducer, type EditorAction, type EditorState } from '../src/features/admin/questionnaire/editor.state.js'

const seed: QuestionnaireDraft = draftOfQuestionnaire(questionnaire, profileQuestions, 30)
const version1: PublishedQuestionnaire = { version: 1, publishedBy: null, publishedAt: 0, draft: seed }

/** The check's reasons the editor's own actions must never cause (texts, limits and kind changes are the administrator's). */
const STRUCTURAL = new Set([
  'questionnaire-id-invalid',
  'questionnaire-duplicate-id',
  'questionnaire-id-reused',
  'questionnaire-question-deleted',
  'questionnaire-option-deleted',
  'questionnaire-profile-question-deleted',
  'questionnaire-kind-does-not-fit-rule',
  'questionnaire-mentor-only-scored',
  'questionnaire-mentor-only-mentee-question',
  'questionnaire-mentee-question-missing',
])

/** An action on the question at a position (taken modulo the questions there are then). */
type Step =
  | { readonly kind: 'addQuestion' }
  | { readonly kind: 'addProfileQuestion' }
  | { readonly kind: 'addOption'; readonly at: number }
  | { readonly kind: 'rule'; readonly at: number; readonly rule: (typeof RULE_NAMES)[number] }
  | { readonly kind: 'retireOption'; readonly at: number }

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.constant<Step>({ kind: 'addQuestion' }),
  fc.constant<Step>({ kind: 'addProfileQuestion' }),
  fc.record({ kind: fc.constant('addOption' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('rule' as const), at: fc.nat(), rule: fc.constantFrom(...RULE_NAMES) }),
  fc.record({ kind: fc.constant('retireOption' as const), at: fc.nat() }),
)

const actionOf = (state: EditorState, step: Step): EditorAction => {
  if (step.kind === 'addQuestion' || step.kind === 'addProfileQuestion') return { type: step.kind }
  const question = state.draft.questions[step.at % state.draft.questions.length]!
  const questionPairId = question.questionPairId
  if (step.kind === 'addOption') return { type: 'addOption', questionPairId }
  if (step.kind === 'rule') return { type: 'rule', questionPairId, rule: step.rule }
  return {
    type: 'question',
    questionPairId,
    change: (q) => ({ ...q, options: q.options.map((o, i) => (i === 0 ? { ...o, retired: true } : o)) }),
  }
}

const run = (steps: readonly Step[]): EditorState =>
  steps.reduce<EditorState>(
    (state, step) => editorReducer(state, actionOf(state, step)) ?? state,
    editorReducer(null, { type: 'load', draft: seed, revision: 0 })!,
  )

describe('the questionnaire editor reducer', () => {
  it('starts from the loaded draft, unchanged and with its first question open', () => {
    const state = run([])
    expect(state).toEqual({ draft: seed, revision: 0, dirty: false, selected: seed.questions[0]!.questionPairId })
    expect(draftErrors(state.draft, version1)).toEqual([])
  })

  it('never causes an id, deletion or rule-consistency finding, whatever is added, retired or re-ruled', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 25 }), (steps) => {
        const { draft } = run(steps)
        const structural = draftErrors(draft, version1).filter((e) => STRUCTURAL.has(e.key))
        expect(structural).toEqual([])
      }),
      { numRuns: 150 },
    )
  })

  it('changes only the question it touches, so the other questions keep their identity', () => {
    const before = run([])
    const touched = before.draft.questions[2]!.questionPairId
    const after = editorReducer(before, { type: 'question', questionPairId: touched, change: (q) => ({ ...q, weight: q.weight + 1 }) })!
    expect(after.dirty).toBe(true)
    after.draft.questions.forEach((q, i) => {
      if (q.questionPairId === touched) expect(q).not.toBe(before.draft.questions[i])
      else expect(q).toBe(before.draft.questions[i])
    })
    expect(after.draft.profileQuestions).toBe(before.draft.profileQuestions)
  })

  it('opens a question pair it adds, asked of both sides with ids no version used', () => {
    const state = run([{ kind: 'addQuestion' }])
    const added = state.draft.questions.at(-1)!
    expect(state.selected).toBe(added.questionPairId)
    expect(seed.questions.some((q) => q.questionPairId === added.questionPairId)).toBe(false)
    expect(added.mentee).not.toBeNull()
    expect(added).toMatchObject({ rule: 'SingleFit', kind: 'choice', weight: 0, mustFit: false, options: [], retired: false })
  })
})
