import fc from 'fast-check'
import * as E from 'fp-ts/lib/Either.js'
import { describe, expect, it } from 'vitest'
import { containsMarkup } from '../src/shared/plain-text.js'
import { checkDraft, draftMarkupErrors } from '../src/questionnaire/questionnaire.check.js'
import type { QuestionnaireDraft } from '../src/questionnaire/questionnaire.draft.js'
import { validDraftArb } from './arbitraries/questionnaire-draft.arbitraries.js'

describe('texts are plain text', () => {
  it('takes a "<" followed by a letter, "/", "!" or "?" for markup', () => {
    for (const text of [
      '<script>alert(1)</script>',
      'x <img src=x onerror=alert(1)>',
      'end</b>',
      '<!-- note -->',
      '<?xml?>',
      '<svg/onload=1>',
    ])
      expect([text, containsMarkup(text)]).toEqual([text, true])
  })

  it('keeps a "<" before a blank, a digit or "=", and an onerror= without a tag, as plain text', () => {
    for (const text of ['Fewer than 5 years (< 5)', 'I <3 mentoring', 'a <= b', 'onerror=alert(1)', '5 > 3', ''])
      expect([text, containsMarkup(text)]).toEqual([text, false])
  })

  const withOptionText = (draft: QuestionnaireDraft, text: string): QuestionnaireDraft => ({
    ...draft,
    questions: draft.questions.map((q, i) =>
      i === 0 && q.options[0] !== undefined
        ? { ...q, options: [{ ...q.options[0], text: { ...q.options[0].text, de: text } }, ...q.options.slice(1)] }
        : q,
    ),
  })

  it('refuses a draft text with markup on its field, in the save rule and in the check alike', () => {
    fc.assert(
      fc.property(validDraftArb, (draft) => {
        expect(draftMarkupErrors(draft)).toEqual([])
        const [first] = draft.questions
        if (first?.options[0] === undefined) return
        const hostile = withOptionText(draft, 'Ja <img src=x onerror=alert(1)>')
        const refusal = { field: 'questions.0.options.0.text.de', key: 'questionnaire-text-markup' }
        expect(draftMarkupErrors(hostile)).toEqual([refusal])
        const checked = checkDraft(hostile)
        expect(E.isLeft(checked) && checked.left).toEqual(expect.arrayContaining([refusal]))
      }),
    )
  })
})
