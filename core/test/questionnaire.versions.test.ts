import fc from 'fast-check'
import * as E from 'fp-ts/lib/Either.js'
import { describe, expect, it } from 'vitest'
import { compileQuestionnaire } from '../src/matching/questionnaire.compiled.js'
import { checkDraft, type CheckedDraft } from '../src/questionnaire/questionnaire.check.js'
import { Questionnaire } from '../src/questionnaire/questionnaire.codec.js'
import type { PublishedQuestionnaire, QuestionnaireDraft } from '../src/questionnaire/questionnaire.draft.js'
import {
  answersReadableUnder,
  editDraftFrom,
  publish,
  scoredQuestionnaireOf,
  type QuestionnaireVersions,
} from '../src/questionnaire/questionnaire.versions.js'
import { answersToDraftArb, applyEdit, editArb, validDraftArb, type Edit } from './arbitraries/questionnaire-draft.arbitraries.js'
import { userIdOf } from '../src/index.js'

const rightOf = <A>(either: E.Either<unknown, A>): A => {
  if (E.isLeft(either)) throw new Error(`expected Right, got ${JSON.stringify(either.left)}`)
  return either.right
}

const checked = (draft: QuestionnaireDraft, versions: QuestionnaireVersions): CheckedDraft =>
  rightOf(checkDraft(draft, versions[versions.length - 1]))

/** Publishes the draft, then each batch of edits as the next version. */
const publishAll = (draft: QuestionnaireDraft, batches: readonly (readonly Edit[])[]): QuestionnaireVersions => {
  let versions: QuestionnaireVersions = rightOf(publish(checked(draft, []), userIdOf(7), 1000, [])).versions
  batches.forEach((edits, i) => {
    const latest = versions[versions.length - 1] as PublishedQuestionnaire
    const next = edits.reduce(applyEdit, editDraftFrom(latest))
    versions = rightOf(publish(checked(next, versions), userIdOf(7), 2000 + i, versions)).versions
  })
  return versions
}

const deepFrozen = <T>(value: T): T => {
  if (typeof value === 'object' && value !== null) {
    Object.values(value).forEach(deepFrozen)
    Object.freeze(value)
  }
  return value
}

describe('publish', () => {
  it('numbers versions 1, 2, 3 and records who published and when', () => {
    fc.assert(
      fc.property(validDraftArb, fc.array(fc.array(editArb, { maxLength: 5 }), { maxLength: 3 }), (draft, batches) => {
        const versions = publishAll(draft, batches)
        expect(versions.map((v) => v.version)).toEqual(versions.map((_, i) => i + 1))
        expect(versions[0]?.publishedBy).toBe(7)
        expect(versions.map((v) => v.publishedAt)).toEqual([1000, ...batches.map((_, i) => 2000 + i)])
      }),
    )
  })

  it('refuses a draft checked against another version than the latest', () => {
    fc.assert(
      fc.property(validDraftArb, (draft) => {
        const versions = publishAll(draft, [[]])
        const stale = checked(draft, versions.slice(0, 1))
        const result = publish(stale, userIdOf(7), 3000, versions)
        expect(result).toEqual(E.left([{ field: 'version', key: 'questionnaire-draft-stale', params: { latest: 2 } }]))
      }),
    )
  })

  it('refuses a draft that was never checked, even when it claims to be', () => {
    fc.assert(
      fc.property(validDraftArb, (draft) => {
        const broken: QuestionnaireDraft = { ...draft, threshold: 101 }
        const forged: CheckedDraft = { _tag: 'CheckedDraft', draft: broken, basedOn: null }
        expect(E.isLeft(publish(forged, userIdOf(7), 1000, []))).toBe(true)
      }),
    )
  })

  it('never changes a published version: editing the next draft leaves it as it was', () => {
    fc.assert(
      fc.property(validDraftArb, fc.array(editArb, { maxLength: 8 }), (draft, edits) => {
        const versions = deepFrozen(publishAll(draft, []))
        const first = versions[0] as PublishedQuestionnaire
        const before = structuredClone(first)
        const next = editDraftFrom(first)
        // The new draft is the editor's to mutate in place; the version must not see it.
        for (const q of next.questions) {
          q.weight = 99
          q.mentor.text.en = 'changed'
          for (const o of q.options) o.retired = true
        }
        next.profileQuestions.forEach((p) => (p.text.de = 'geändert'))
        const published = rightOf(publish(checked(edits.reduce(applyEdit, editDraftFrom(first)), versions), userIdOf(7), 5, versions))
        expect(first).toEqual(before)
        expect(published.versions[0]).toBe(first)
      }),
    )
  })

  it('does not let the draft it was given reach into the published version', () => {
    fc.assert(
      fc.property(validDraftArb, (draft) => {
        const { published } = rightOf(publish(checked(draft, []), userIdOf(7), 1000, []))
        const before = structuredClone(published)
        draft.questions.forEach((q) => (q.weight = 42))
        expect(published).toEqual(before)
      }),
    )
  })
})

describe('scoredQuestionnaireOf', () => {
  it('is a Questionnaire that compiles, without retired questions or options', () => {
    fc.assert(
      fc.property(validDraftArb, fc.array(fc.array(editArb, { maxLength: 6 }), { maxLength: 3 }), (draft, batches) => {
        const versions = publishAll(draft, batches)
        for (const version of versions) {
          const scored = scoredQuestionnaireOf(version)
          expect(Questionnaire.is(scored)).toBe(true)
          expect(scored.version).toBe(version.version)
          expect(() => compileQuestionnaire(scored)).not.toThrow()
          const retiredQuestions = version.draft.questions.filter((q) => q.retired).map((q) => q.questionPairId)
          const retiredOptions = version.draft.questions.flatMap((q) => q.options.filter((o) => o.retired).map((o) => o.id))
          expect(scored.pairs.some((p) => retiredQuestions.includes(p.questionPairId))).toBe(false)
          expect(scored.pairs.flatMap((p) => p.options).some((o) => retiredOptions.includes(o.id))).toBe(false)
          expect(scored.pairs.length).toBe(version.draft.questions.length - retiredQuestions.length)
        }
      }),
    )
  })
})

describe('answersReadableUnder', () => {
  it('reads every answer given under an earlier version, retired options labelled as retired', () => {
    fc.assert(
      fc.property(
        validDraftArb.chain((draft) =>
          fc.record({
            draft: fc.constant(draft),
            answers: answersToDraftArb(draft, 'mentee'),
            mentorAnswers: answersToDraftArb(draft, 'mentor'),
            batches: fc.array(fc.array(editArb, { maxLength: 6 }), { minLength: 1, maxLength: 3 }),
          }),
        ),
        ({ draft, answers, mentorAnswers, batches }) => {
          const versions = publishAll(draft, batches)
          for (const version of versions.slice(1)) {
            for (const given of [answers, mentorAnswers]) {
              const readable = rightOf(answersReadableUnder(given, version))
              expect(readable.map((r) => r.questionPairId)).toEqual(given.map((a) => a.questionPairId))
              readable.forEach((r, i) => {
                const question = version.draft.questions.find((q) => q.questionPairId === r.questionPairId)
                expect(r.question.retired).toBe(question?.retired)
                expect(r.options.map((o) => o.id)).toEqual(given[i]?.optionIds)
                for (const o of r.options) expect(o.retired).toBe(question?.options.find((x) => x.id === o.id)?.retired)
                expect(r.year).toBe(given[i]?.year)
              })
            }
          }
        },
      ),
    )
  })

  it('labels an answer with a retired option as retired', () => {
    const draft = validDraft()
    const v1 = publishAll(draft, [])
    const edited = editDraftFrom(v1[0] as PublishedQuestionnaire)
    const q = edited.questions[0]
    if (q === undefined || q.options[0] === undefined) throw new Error('base draft changed')
    q.options.push({ id: 999, text: { en: 'New', de: 'Neu' }, noPreference: false, noSuchBackground: false, retired: false })
    q.options[0].retired = true
    const v2 = rightOf(publish(checked(edited, v1), userIdOf(7), 1, v1)).published
    const readable = rightOf(
      answersReadableUnder([{ questionPairId: q.questionPairId, optionIds: [q.options[0].id], year: null, text: null }], v2),
    )
    expect(readable[0]?.options).toEqual([{ id: q.options[0].id, text: q.options[0].text, retired: true }])
    expect(readable[0]?.question.retired).toBe(false)
  })

  it('refuses an answer naming a question the version never had', () => {
    const version = publishAll(validDraft(), [])[0] as PublishedQuestionnaire
    const result = answersReadableUnder([{ questionPairId: 77, optionIds: [], year: null, text: null }], version)
    expect(result).toEqual(
      E.left([{ field: 'answers.0.questionPairId', key: 'questionnaire-answer-unknown-question', params: { id: 77 } }]),
    )
  })

  it('refuses an answer naming an option the question never had', () => {
    const version = publishAll(validDraft(), [])[0] as PublishedQuestionnaire
    const result = answersReadableUnder([{ questionPairId: 1, optionIds: [101, 555], year: null, text: null }], version)
    expect(result).toEqual(E.left([{ field: 'answers.0.optionIds.1', key: 'questionnaire-answer-unknown-option', params: { id: 555 } }]))
  })
})

/** A fixed valid draft whose first question is a choice question with option 101. */
const validDraft = (): QuestionnaireDraft =>
  fc.sample(
    validDraftArb.filter(
      (d) => d.questions[0]?.kind === 'choice' && d.questions[0].rule !== 'SingleFit' && d.questions[0].options.length >= 2,
    ),
    { numRuns: 1, seed: 42 },
  )[0] as QuestionnaireDraft
