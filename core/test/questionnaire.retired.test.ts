import fc from 'fast-check'
import * as E from 'fp-ts/lib/Either.js'
import { describe, expect, it } from 'vitest'
import { scoreMentor } from '../src/matching/score.rules.js'
import type { Answer } from '../src/questionnaire/questionnaire.codec.js'
import type { DraftQuestion, PublishedQuestionnaire } from '../src/questionnaire/questionnaire.draft.js'
import {
  answerTextsUnder,
  answersKeepingRetiredOptions,
  questionnaireShownWith,
  readableQuestionnaireOf,
  retiredOptionIdsOf,
} from '../src/questionnaire/questionnaire.retired.js'
import { scoredQuestionnaireOf } from '../src/questionnaire/questionnaire.versions.js'
import { validDraftArb } from './arbitraries/questionnaire-draft.arbitraries.js'
import { userIdOf } from '../src/index.js'

const option = (id: number, en: string, de: string, retired = false) => ({
  id,
  text: { en, de },
  noPreference: false,
  noSuchBackground: false,
  retired,
})

const industry: DraftQuestion = {
  questionPairId: 1,
  rule: 'MultipleFit',
  kind: 'choice',
  weight: 10,
  mustFit: false,
  minYearsAhead: 0,
  topic: 'work',
  mentee: { questionId: 11, text: { en: 'Industry wanted?', de: 'Gewünschte Branche?' }, maxOption: 2 },
  mentor: { questionId: 12, text: { en: 'Your industry?', de: 'Ihre Branche?' }, maxOption: 2 },
  options: [option(100, 'Finance', 'Finanzen', true), option(101, 'Health', 'Gesundheit'), option(102, 'Retail', 'Handel', true)],
  retired: false,
}

const version2: PublishedQuestionnaire = {
  version: 2,
  publishedBy: userIdOf(7),
  publishedAt: 1000,
  draft: { questions: [industry], profileQuestions: [], threshold: 30 },
}

const answer = (optionIds: number[]): Answer => ({ questionPairId: 1, optionIds, year: null, text: null })

describe('retired options', () => {
  it('lists the retired options of each live question', () => {
    expect(retiredOptionIdsOf(version2)).toEqual(new Map([[1, new Set([100, 102])]]))
  })

  it('reads every option a question ever had, a retired one marked "no longer offered" in both languages', () => {
    const options = readableQuestionnaireOf(version2).pairs[0]?.options.map((o) => o.text)
    expect(options).toEqual([
      { en: 'Finance (no longer offered)', de: 'Finanzen (nicht mehr angeboten)' },
      { en: 'Health', de: 'Gesundheit' },
      { en: 'Retail (no longer offered)', de: 'Handel (nicht mehr angeboten)' },
    ])
  })

  it('shows a participant the live options plus the retired ones their answers hold, and no other retired one', () => {
    const shown = questionnaireShownWith(version2, [answer([100])]).pairs[0]?.options
    expect(shown?.map((o) => o.id)).toEqual([100, 101])
    expect(shown?.[0]?.text.de).toBe('Finanzen (nicht mehr angeboten)')
    expect(questionnaireShownWith(version2, []).pairs[0]?.options.map((o) => o.id)).toEqual([101])
  })

  it('keeps a held retired option when the participant saves again', () => {
    expect(answersKeepingRetiredOptions(version2, [answer([100])], [answer([100, 101])])).toEqual(E.right([answer([100, 101])]))
  })

  it('refuses a retired option chosen anew, naming the question and the option', () => {
    expect(answersKeepingRetiredOptions(version2, [answer([100])], [answer([100, 102])])).toEqual(
      E.left([{ field: 'answers.1', key: 'questionnaire-option-retired', params: { id: 102 } }]),
    )
    expect(answersKeepingRetiredOptions(version2, [], [answer([101, 100])])).toEqual(
      E.left([{ field: 'answers.1', key: 'questionnaire-option-retired', params: { id: 100 } }]),
    )
  })

  it('scores nothing for a kept retired option', () => {
    const scored = scoredQuestionnaireOf(version2)
    // both hold the retired Finance: it fits nothing, the question counts as unanswered
    expect(scoreMentor(scored, [answer([100])], [answer([100])])).toEqual(scoreMentor(scored, [], []))
    expect(scoreMentor(scored, [answer([100, 101])], [answer([100, 101])])).toEqual(scoreMentor(scored, [answer([101])], [answer([101])]))
  })

  it('shows every held option of any version: live or retired, never one the question does not have', () => {
    fc.assert(
      fc.property(validDraftArb, fc.array(fc.boolean()), (draft, retire) => {
        let k = 0
        const questions = draft.questions.map((q) => ({ ...q, options: q.options.map((o) => ({ ...o, retired: retire[k++] ?? false })) }))
        const published: PublishedQuestionnaire = { version: 2, publishedBy: userIdOf(1), publishedAt: 1, draft: { ...draft, questions } }
        const held = questions
          .filter((q) => !q.retired)
          .map((q) => answer(q.options.map((o) => o.id)))
          .map((a, i) => ({ ...a, questionPairId: questions.filter((q) => !q.retired)[i]!.questionPairId }))
        const shown = questionnaireShownWith(published, held)
        const readable = readableQuestionnaireOf(published)
        expect(shown).toEqual(readable)
        expect(E.isRight(answersKeepingRetiredOptions(published, held, held))).toBe(true)
        expect(E.isRight(answersKeepingRetiredOptions(published, [], held))).toBe(
          questions.every((q) => q.retired || q.options.every((o) => !o.retired)),
        )
      }),
    )
  })
})

describe('answer texts for the data download', () => {
  it("gives the side's question and each chosen option in both languages, a retired option marked", () => {
    expect(answerTextsUnder(version2, 'Mentor', [answer([101, 100])])).toEqual([
      {
        questionPairId: 1,
        question: { en: 'Your industry?', de: 'Ihre Branche?' },
        options: [
          { en: 'Health', de: 'Gesundheit' },
          { en: 'Finance (no longer offered)', de: 'Finanzen (nicht mehr angeboten)' },
        ],
        year: null,
        text: null,
      },
    ])
    expect(answerTextsUnder(version2, 'Mentee', [{ ...answer([999]), questionPairId: 5 }])).toEqual([])
  })
})
