import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { draftChanges } from '../src/questionnaire/questionnaire.changes.js'
import { validDraftArb } from './arbitraries/questionnaire-draft.arbitraries.js'

describe('where two drafts differ', () => {
  it('names each changed value by its field, and nothing for equal drafts', () => {
    fc.assert(
      fc.property(validDraftArb, (draft) => {
        expect(draftChanges(draft, structuredClone(draft))).toEqual([])
        const raised = {
          ...draft,
          threshold: draft.threshold + 1,
          questions: draft.questions.map((q, i) => (i === 0 ? { ...q, weight: q.weight + 2 } : q)),
        }
        expect(draftChanges(draft, raised)).toEqual(['questions.0.weight', 'threshold'])
      }),
    )
  })

  it('names a question added or removed by its place in the list', () => {
    fc.assert(
      fc.property(validDraftArb, (draft) => {
        const [first] = draft.questions
        if (first === undefined) return
        const added = { ...draft, questions: [...draft.questions, first] }
        expect(draftChanges(draft, added)).toEqual([`questions.${draft.questions.length}`])
        expect(draftChanges(added, draft)).toEqual([`questions.${draft.questions.length}`])
      }),
    )
  })

  it('lists at most 100 fields', () => {
    const draft = fc.sample(validDraftArb, { numRuns: 1, seed: 1 })[0]
    if (draft === undefined) throw new Error('a draft')
    const many = {
      ...draft,
      profileQuestions: Array.from({ length: 150 }, (_, i) => ({
        userQuestionOriginalId: i + 1,
        text: { en: 'A?', de: 'B?' },
        side: 'All' as const,
        retired: false,
      })),
    }
    expect(draftChanges(draft, many)).toHaveLength(100)
  })
})
