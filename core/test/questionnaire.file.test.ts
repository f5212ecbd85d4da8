import fc from 'fast-check'
import * as E from 'fp-ts/lib/Either.js'
import { describe, expect, it } from 'vitest'
import { OPTION_TEXT_MAX, type QuestionnaireDraft } from '../src/questionnaire/questionnaire.draft.js'
import {
  QUESTIONNAIRE_FILE_MAX_BYTES,
  exportQuestionnaireFile,
  importQuestionnaireFile,
  utf8Length,
} from '../src/questionnaire/questionnaire.file.js'
import { applyEdit, editArb, validDraftArb } from './arbitraries/questionnaire-draft.arbitraries.js'

const sample = (): QuestionnaireDraft =>
  fc.sample(
    validDraftArb.filter((d) => d.questions.length >= 2 && d.questions.some((q) => q.options.length > 0)),
    { numRuns: 1, seed: 7 },
  )[0] as QuestionnaireDraft

/** The sample's file as JSON, changed by `change`. */
const fileWith = (change: (file: { questionnaire: Record<string, unknown> } & Record<string, unknown>) => void): string => {
  const file = JSON.parse(exportQuestionnaireFile(sample())) as { questionnaire: Record<string, unknown> } & Record<string, unknown>
  change(file)
  return JSON.stringify(file)
}

const errorsOf = (text: string) =>
  E.match(
    (errors: readonly { field: string; key: string }[]) => errors.map(({ field, key }) => ({ field, key })),
    () => [],
  )(importQuestionnaireFile(text))

const firstQuestion = (file: { questionnaire: Record<string, unknown> }): Record<string, unknown> =>
  (file.questionnaire['questions'] as Record<string, unknown>[])[0] as Record<string, unknown>

describe('questionnaire file', () => {
  it('reads back every exported draft as it was', () => {
    fc.assert(
      fc.property(validDraftArb, fc.array(editArb, { maxLength: 8 }), (draft, edits) => {
        const edited = edits.reduce(applyEdit, draft)
        const imported = importQuestionnaireFile(exportQuestionnaireFile(edited))
        expect(imported).toEqual(E.right({ _tag: 'CheckedDraft', draft: edited, basedOn: null }))
      }),
    )
  })

  it('refuses a file larger than the limit before reading it', () => {
    const text = ' '.repeat(QUESTIONNAIRE_FILE_MAX_BYTES - 10) + 'ééééééé' + exportQuestionnaireFile(sample())
    expect(errorsOf(text)).toEqual([{ field: '$', key: 'questionnaire-file-too-large' }])
  })

  it('counts the limit in UTF-8 bytes', () => {
    expect(utf8Length('aé€😀')).toBe(1 + 2 + 3 + 4)
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        expect(utf8Length(text)).toBe(new TextEncoder().encode(text).length)
      }),
    )
  })

  it('refuses what is not JSON', () => {
    expect(errorsOf('{"format": "tandem-questionnaire",')).toEqual([{ field: '$', key: 'questionnaire-file-not-json' }])
  })

  it('refuses a file of another format', () => {
    expect(errorsOf(fileWith((f) => (f['format'] = 'other')))).toEqual([{ field: 'format', key: 'invalid-value' }])
  })

  it('refuses a file without questions, naming the missing field', () => {
    expect(errorsOf(fileWith((f) => delete f.questionnaire['questions']))).toEqual([
      { field: 'questionnaire.questions', key: 'requiredFieldError' },
    ])
  })

  it('refuses an unknown rule kind', () => {
    expect(errorsOf(fileWith((f) => (firstQuestion(f)['rule'] = 'BestFit')))).toEqual([
      { field: 'questionnaire.questions.0.rule', key: 'invalid-value' },
    ])
  })

  it('refuses a weight given as text', () => {
    expect(errorsOf(fileWith((f) => (firstQuestion(f)['weight'] = '3')))).toEqual([
      { field: 'questionnaire.questions.0.weight', key: 'invalid-value' },
    ])
  })

  it("names the field inside a question's side, not the union member", () => {
    const text = fileWith((f) => {
      const question = (f.questionnaire['questions'] as { mentor: { questionId: unknown } }[])[0]
      if (question !== undefined) question.mentor.questionId = 'twelve'
    })
    expect(errorsOf(text)).toEqual([{ field: 'questionnaire.questions.0.mentor.questionId', key: 'invalid-value' }])
    const mentee = fileWith((f) => {
      const question = (f.questionnaire['questions'] as { mentee: unknown }[])[0]
      if (question !== undefined) question.mentee = { questionId: 11, text: { en: 'Q' }, maxOption: 1 }
    })
    expect(errorsOf(mentee)).toEqual([{ field: 'questionnaire.questions.0.mentee.text.de', key: 'requiredFieldError' }])
  })

  it('refuses duplicate question ids', () => {
    const text = fileWith((f) => {
      const questions = f.questionnaire['questions'] as Record<string, unknown>[]
      questions.push({ ...(questions[0] as Record<string, unknown>) })
    })
    const copy = sample().questions.length
    expect(errorsOf(text)).toContainEqual({ field: `questionnaire.questions.${copy}.questionPairId`, key: 'questionnaire-duplicate-id' })
  })

  it('refuses an over-long option text', () => {
    const at = sample().questions.findIndex((q) => q.options.length > 0)
    const text = fileWith((f) => {
      const question = (f.questionnaire['questions'] as { options: { text: { en: string } }[] }[])[at]
      const option = question?.options[0]
      if (option !== undefined) option.text.en = 'x'.repeat(OPTION_TEXT_MAX + 1)
    })
    expect(at).toBeGreaterThanOrEqual(0)
    expect(errorsOf(text)).toContainEqual({
      field: `questionnaire.questions.${at}.options.0.text.en`,
      key: 'max-characters-exceeded-error',
    })
  })

  it('drops keys it does not know, prototype keys included', () => {
    const text = fileWith((f) => {
      f['extra'] = true
      firstQuestion(f)['script'] = '<script>'
    }).replace('"questionnaire":{', '"questionnaire":{"__proto__":{"polluted":true},')
    const imported = importQuestionnaireFile(text)
    expect(E.isRight(imported)).toBe(true)
    if (E.isRight(imported)) {
      expect(imported.right.draft).toEqual(sample())
      expect(Object.keys(imported.right.draft)).toEqual(['questions', 'profileQuestions', 'threshold'])
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
    }
  })
})
