// The store's answers as the application needs it; @tandem/store implements it.
import type { Answers, Side, UserId } from '@tandem/core'

export type Candidate = {
  readonly id: UserId
  readonly answers: Answers
  readonly poolSince: number | null
}

export type AnswersRepository = {
  load: (
    userId: UserId,
    side: Side,
  ) => Promise<
    | {
        answers: Answers
        savedAt: number
      }
    | undefined
  >
  /**
   * Saves one side's answers and raises the user's version (so pools elsewhere see the change).
   * `complete` records whether they make a complete questionnaire (the statistics' funnel counts it).
   */
  save: (userId: UserId, side: Side, answers: Answers, now: number, complete: boolean) => Promise<void>
  /** Every published mentor whatever their status, with answers: the pool a run packs once and reuses. */
  publishedMentors: () => Promise<Candidate[]>
  /** The saved answers of one side with their time, for the person's own copy of their data. */
  answersOf: (
    userId: UserId,
    side: Side,
  ) => Promise<
    | {
        answers: Answers
        savedAt: number
      }
    | undefined
  >
  /** Whether any answers exist for the side (CreateAnswer vs UpdateAnswer). */
  exists: (userId: UserId, side: Side) => Promise<boolean>
}
