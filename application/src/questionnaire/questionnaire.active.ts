// The published questionnaire version this process scores and asks with: read at start, switched
// when this process publishes, and read again when another process may have published (the
// database generation changed). Synchronous readers (the master data, the mentor pool) see the
// version of the last switch; each version's scored questionnaire is one object, so the packed
// pool's compiled layout is made once per version.
import {
  profileQuestionsOf,
  scoredQuestionnaireOf,
  type ProfileQuestion,
  type PublishedQuestionnaire,
  type Questionnaire,
} from '@tandem/core'
import type { QuestionnaireVersionsRepository } from '../ports/store/index.js'

export type ActiveQuestionnaire = {
  readonly published: () => PublishedQuestionnaire
  /** The version's live questions and options (what is asked and scored). */
  readonly questionnaire: () => Questionnaire
  readonly profileQuestions: () => readonly ProfileQuestion[]
  /**
   * The questions completeness requires (start matching, publishing, the pool): those of the first
   * version that are still asked. A question added later is asked until answered and counts from
   * then on, but nobody loses the right to match for not having answered it yet; an answer naming a
   * retired option still counts as given here (it scores nothing).
   */
  readonly requiredQuestionnaire: () => Questionnaire
  /** The lowest percentage a mentor may have to be proposed (the version's). */
  readonly threshold: () => number
  /** Switches to `published` unless a later version is active already. */
  readonly activate: (published: PublishedQuestionnaire) => void
  /** Reads the latest version again when the database changed since the last read (`generation`). */
  readonly refresh: (generation: string) => Promise<void>
}

type Active = {
  readonly published: PublishedQuestionnaire
  readonly questionnaire: Questionnaire
  readonly required: Questionnaire
  readonly profileQuestions: readonly ProfileQuestion[]
}

const activeOf = (published: PublishedQuestionnaire, first: PublishedQuestionnaire): Active => {
  const original = new Set(first.draft.questions.map((q) => q.questionPairId))
  const requiredQuestions = published.draft.questions
    .filter((q) => original.has(q.questionPairId))
    .map((q) => ({ ...q, options: q.options.map((o) => ({ ...o, retired: false })) }))
  return {
    published,
    questionnaire: scoredQuestionnaireOf(published),
    required: scoredQuestionnaireOf({ ...published, draft: { ...published.draft, questions: requiredQuestions } }),
    profileQuestions: profileQuestionsOf(published),
  }
}

export const createActiveQuestionnaire = (
  versions: Pick<QuestionnaireVersionsRepository, 'latest'>,
  initial: PublishedQuestionnaire,
  /** Version 1: its questions are the ones completeness requires. */
  first: PublishedQuestionnaire,
): ActiveQuestionnaire => {
  let active = activeOf(initial, first)
  let readAt: string | null = null
  let reading: Promise<void> | null = null
  const activate = (published: PublishedQuestionnaire): void => {
    if (published.version > active.published.version) active = activeOf(published, first)
  }
  return {
    published: () => active.published,
    questionnaire: () => active.questionnaire,
    profileQuestions: () => active.profileQuestions,
    requiredQuestionnaire: () => active.required,
    threshold: () => active.published.draft.threshold,
    activate,
    refresh: async (generation) => {
      if (readAt === generation) return
      // Requests arriving together share one read.
      reading ??= (async () => {
        try {
          const latest = await versions.latest()
          if (latest !== undefined) activate(latest)
          readAt = generation
        } finally {
          reading = null
        }
      })()
      await reading
    },
  }
}
