// The mentor pool of the matching run, packed once (core packMentorPool) and reused while the
// published mentors and their answers stay the same; who is out of the pool right now is excluded
// per run. The run's second transaction re-checks every mentor, so a stale pool is never unsafe.
import { compileQuestionnaire, packMentorPool, rankPool, type Answer, type MentorPool, type RankedMentor, type UserId } from '@tandem/core'
import type { ServiceContext } from './context.js'

export type MentorPoolCache = {
  readonly rank: (mentee: { readonly id: UserId; readonly answers: readonly Answer[] }, declined: ReadonlySet<UserId>) => readonly RankedMentor[]
}

export const createMentorPoolCache = (ctx: ServiceContext): MentorPoolCache => {
  const compiled = compileQuestionnaire(ctx.master.questionnaire)
  let packed: { readonly fingerprint: string; readonly pool: MentorPool } | null = null

  const current = (): MentorPool => {
    const fingerprint = ctx.lists.mentorPoolFingerprint()
    if (packed === null || packed.fingerprint !== fingerprint) {
      packed = { fingerprint, pool: packMentorPool(compiled, ctx.answers.publishedMentors()) }
    }
    return packed.pool
  }

  return {
    rank: (mentee, declined) => {
      const exclude = new Set<UserId>(declined)
      for (const id of ctx.lists.unavailablePublishedMentorIds()) exclude.add(id)
      return rankPool(compiled, current(), mentee, { threshold: ctx.matching.threshold, limit: ctx.matching.limit, exclude })
    },
  }
}
