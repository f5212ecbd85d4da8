// The mentor pool of the matching run, packed once (core packMentorPool) and reused while the
// published mentors and their answers stay the same; who is out of the pool right now is excluded
// per run. The run's second transaction re-checks every mentor, so a stale pool is never unsafe.
import {
  compileQuestionnaire,
  packMentorPool,
  rankPool,
  type Answer,
  type MentorPool,
  type Questionnaire,
  type RankedMentor,
  type UserId,
} from '@tandem/core'
import type { AnswersRepository, ListQueries } from '@tandem/sqlite'

export type MentorPoolCache = {
  readonly rank: (
    mentee: { readonly id: UserId; readonly answers: readonly Answer[] },
    declined: ReadonlySet<UserId>,
  ) => Promise<readonly RankedMentor[]>
}

export type MentorPoolSources = {
  readonly questionnaire: Questionnaire
  readonly answers: Pick<AnswersRepository, 'publishedMentors'>
  readonly lists: Pick<ListQueries, 'mentorPoolFingerprint' | 'unavailablePublishedMentorIds'>
  readonly matching: { readonly threshold: number; readonly limit: number }
}

export const createMentorPoolCache = (sources: MentorPoolSources): MentorPoolCache => {
  const compiled = compileQuestionnaire(sources.questionnaire)
  let packed: { readonly fingerprint: string; readonly pool: MentorPool } | null = null

  const current = async (): Promise<MentorPool> => {
    const fingerprint = await sources.lists.mentorPoolFingerprint()
    if (packed === null || packed.fingerprint !== fingerprint) {
      packed = { fingerprint, pool: packMentorPool(compiled, await sources.answers.publishedMentors()) }
    }
    return packed.pool
  }

  return {
    rank: async (mentee, declined) => {
      const exclude = new Set<UserId>(declined)
      for (const id of await sources.lists.unavailablePublishedMentorIds()) exclude.add(id)
      return rankPool(compiled, await current(), mentee, { threshold: sources.matching.threshold, limit: sources.matching.limit, exclude })
    },
  }
}
