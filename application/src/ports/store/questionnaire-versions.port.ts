// The questionnaire's published versions and its one draft, as the application needs them;
// @tandem/store implements it on SQLite and PostgreSQL.
import type { Instant, PublishedQuestionnaire, QuestionnaireDraft, UserId } from '@tandem/core'

/**
 * The draft as saved: its revision rises with each save and each publish, never restarting
 * (docs/admin.md, "Questionnaire versions"). After a publish the draft is a copy of the version
 * published (`publishedCopy`), saved by its publisher, until the next save.
 */
export type StoredQuestionnaireDraft = {
  readonly draft: QuestionnaireDraft
  readonly basedOn: number
  readonly revision: number
  readonly savedBy: UserId
  readonly savedAt: Instant
  /** Nobody saved since the publish of `basedOn`: the draft is that version's questionnaire. */
  readonly publishedCopy: boolean
}

export type QuestionnaireVersionsRepository = {
  /** Writes `first` as version 1 unless a version exists (several instances may start at once). */
  readonly seed: (first: PublishedQuestionnaire) => Promise<void>
  /** Every published version, oldest first. */
  readonly versions: () => Promise<readonly PublishedQuestionnaire[]>
  readonly latest: () => Promise<PublishedQuestionnaire | undefined>
  /** The draft, once one was saved (after a publish: the published copy, at the next revision). */
  readonly draft: () => Promise<StoredQuestionnaireDraft | undefined>
  /**
   * Saves the draft as revision `revision + 1` if the stored draft is still at `revision` (0: none
   * saved); false, and nothing written, when someone saved or published meanwhile.
   */
  readonly saveDraft: (draft: QuestionnaireDraft, basedOn: number, revision: number, by: UserId, at: Instant) => Promise<boolean>
  /**
   * In one transaction: writes `published` (its number must be the next) and makes the draft at
   * `revision` its copy at `revision + 1`, so that no save made before the publish is taken after
   * it; false, and nothing written, when another version or another save came first.
   */
  readonly publish: (published: PublishedQuestionnaire, revision: number) => Promise<boolean>
}
