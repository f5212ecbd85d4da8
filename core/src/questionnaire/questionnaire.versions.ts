// Published questionnaire versions (docs/matching.md): numbered 1, 2, …, never changed once published;
// the scored questionnaire of a version holds its live questions and options only.
import * as E from 'fp-ts/lib/Either.js'
import type { UserId } from '../shared/ids.js'
import type { Bilingual } from '../shared/language.js'
import type { Instant } from '../shared/time.js'
import { type CheckedDraft, draftErrors } from './questionnaire.check.js'
import type { Answer, AnswerOption, ProfileQuestion, QuestionPair, Questionnaire } from './questionnaire.codec.js'
import {
  questionnaireFieldError as fieldError,
  type DraftQuestion,
  type PublishedQuestionnaire,
  type QuestionnaireDraft,
  type QuestionnaireFieldError,
} from './questionnaire.draft.js'

/** Every published version, oldest first (version n at index n − 1). */
export type QuestionnaireVersions = readonly PublishedQuestionnaire[]

export const latestQuestionnaireVersion = (versions: QuestionnaireVersions): PublishedQuestionnaire | undefined =>
  versions[versions.length - 1]

/**
 * Publishes a checked draft as the next version. Refused when the draft was checked against another
 * version than the latest (someone published meanwhile) or does not pass the check now.
 */
export const publish = (
  checked: CheckedDraft,
  by: UserId,
  at: Instant,
  versions: QuestionnaireVersions,
): E.Either<
  readonly QuestionnaireFieldError[],
  { readonly published: PublishedQuestionnaire; readonly versions: QuestionnaireVersions }
> => {
  const previous = latestQuestionnaireVersion(versions)
  if (checked._tag !== 'CheckedDraft' || checked.basedOn !== (previous?.version ?? null))
    return E.left([fieldError('version', 'questionnaire-draft-stale', { latest: previous?.version ?? 0 })])
  // A CheckedDraft is a plain object: check again rather than trust that nobody built one by hand.
  const errors = draftErrors(checked.draft, previous)
  if (errors.length > 0) return E.left(errors)
  const published: PublishedQuestionnaire = {
    version: (previous?.version ?? 0) + 1,
    publishedBy: by,
    publishedAt: at,
    draft: copyDraft(checked.draft),
  }
  return E.right({ published, versions: [...versions, published] })
}

const copyQuestion = (q: DraftQuestion): DraftQuestion => ({
  ...q,
  mentee: q.mentee === null ? null : { ...q.mentee, text: { ...q.mentee.text } },
  mentor: { ...q.mentor, text: { ...q.mentor.text } },
  options: q.options.map((o) => ({ ...o, text: { ...o.text } })),
})

/** A deep copy, so that editing a draft can never reach into a published version. */
const copyDraft = (draft: QuestionnaireDraft): QuestionnaireDraft => ({
  questions: draft.questions.map(copyQuestion),
  profileQuestions: draft.profileQuestions.map((p) => ({ ...p, text: { ...p.text } })),
  threshold: draft.threshold,
})

/** A new draft starting from a published version; the version itself stays as it was. */
export const editDraftFrom = (published: PublishedQuestionnaire): QuestionnaireDraft => copyDraft(published.draft)

/** The questionnaire a version scores and asks: live questions with their live options, in order. */
export const scoredQuestionnaireOf = (published: PublishedQuestionnaire): Questionnaire => ({
  version: published.version,
  pairs: published.draft.questions
    .filter((q) => !q.retired)
    .map((q) =>
      pairOf(
        q,
        q.options
          .filter((o) => !o.retired)
          .map((o) => ({ id: o.id, text: { ...o.text }, noPreference: o.noPreference, noSuchBackground: o.noSuchBackground })),
      ),
    ),
})

/** A draft question as the scorers read it, with the options given (live ones, or those a reader still holds). */
export const pairOf = (q: DraftQuestion, options: readonly AnswerOption[]): QuestionPair => ({
  questionPairId: q.questionPairId,
  rule: q.rule,
  kind: q.kind,
  weight: q.weight,
  mustFit: q.mustFit,
  minYearsAhead: q.minYearsAhead,
  topic: q.topic,
  mentee: q.mentee === null ? null : { questionId: q.mentee.questionId, text: { ...q.mentee.text }, maxOption: q.mentee.maxOption },
  mentor: { questionId: q.mentor.questionId, text: { ...q.mentor.text }, maxOption: q.mentor.maxOption },
  options: [...options],
})

/** The profile questions a version asks (live ones). */
export const profileQuestionsOf = (published: PublishedQuestionnaire): readonly ProfileQuestion[] =>
  published.draft.profileQuestions
    .filter((p) => !p.retired)
    .map((p) => ({ userQuestionOriginalId: p.userQuestionOriginalId, text: { ...p.text }, side: p.side }))

/** An answer as a later version reads it: texts of the question and options, each labelled retired or not. */
export type ReadableAnswer = {
  readonly questionPairId: number
  readonly question: { readonly mentee: Bilingual | null; readonly mentor: Bilingual; readonly retired: boolean }
  readonly options: readonly { readonly id: number; readonly text: Bilingual; readonly retired: boolean }[]
  readonly year: number | null
  readonly text: string | null
}

/**
 * Reads answers given under this or an earlier version. Versions only retire, so every such answer
 * reads; an answer naming a question or option this version never had is refused with its field.
 */
export const answersReadableUnder = (
  answers: readonly Answer[],
  version: PublishedQuestionnaire,
): E.Either<readonly QuestionnaireFieldError[], readonly ReadableAnswer[]> => {
  const byId = new Map(version.draft.questions.map((q) => [q.questionPairId, q]))
  const errors: QuestionnaireFieldError[] = []
  const readable: ReadableAnswer[] = []
  answers.forEach((answer, i) => {
    const question = byId.get(answer.questionPairId)
    if (question === undefined) {
      errors.push(fieldError(`answers.${i}.questionPairId`, 'questionnaire-answer-unknown-question', { id: answer.questionPairId }))
      return
    }
    const options = answer.optionIds.flatMap((id, j) => {
      const option = question.options.find((o) => o.id === id)
      if (option === undefined) errors.push(fieldError(`answers.${i}.optionIds.${j}`, 'questionnaire-answer-unknown-option', { id }))
      return option === undefined ? [] : [{ id, text: option.text, retired: option.retired }]
    })
    readable.push({
      questionPairId: answer.questionPairId,
      question: { mentee: question.mentee?.text ?? null, mentor: question.mentor.text, retired: question.retired },
      options,
      year: answer.year,
      text: answer.text,
    })
  })
  return errors.length > 0 ? E.left(errors) : E.right(readable)
}

/**
 * The draft of a questionnaire that was kept as data (the seed's, today's installations'): every
 * question and option live, with its profile questions and matching threshold. Version 1 of a new
 * installation is this draft of the seed.
 */
export const draftOfQuestionnaire = (
  questionnaire: { readonly pairs: readonly QuestionPair[] },
  profileQuestions: readonly ProfileQuestion[],
  threshold: number,
): QuestionnaireDraft => ({
  questions: questionnaire.pairs.map((p): DraftQuestion => ({
    questionPairId: p.questionPairId,
    rule: p.rule,
    kind: p.kind,
    weight: p.weight,
    mustFit: p.mustFit,
    minYearsAhead: p.minYearsAhead,
    topic: p.topic,
    mentee: p.mentee === null ? null : { questionId: p.mentee.questionId, text: { ...p.mentee.text }, maxOption: p.mentee.maxOption },
    mentor: { questionId: p.mentor.questionId, text: { ...p.mentor.text }, maxOption: p.mentor.maxOption },
    options: p.options.map((o) => ({ ...o, text: { ...o.text }, retired: false })),
    retired: false,
  })),
  profileQuestions: profileQuestions.map((q) => ({ ...q, text: { ...q.text }, retired: false })),
  threshold,
})
