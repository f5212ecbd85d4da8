// The mentor pool of the matching run, packed once (core packMentorPool) and reused while the
// published mentors and their answers stay the same (checked in the same read that asks who of the
// ranked is out of the pool right now). The run's second transaction re-checks every mentor, so a
// stale pool is never unsafe. A newly published questionnaire version is a new layout: the pool is
// packed again for it.
import {
  compileQuestionnaire,
  packMentorPool,
  poolRanker,
  type Answer,
  type CompiledQuestionnaire,
  type MentorPool,
  type Questionnaire,
  type RankedMentor,
  type UserId,
} from '@tandem/core'
import type { AnswersRepository, ListQueries } from '../ports/store/index.js'

export type MentorPoolCache = {
  readonly rank: (
    mentee: { readonly id: UserId; readonly answers: readonly Answer[] },
    declined: ReadonlySet<UserId>,
  ) => Promise<readonly RankedMentor[]>
}

export type MentorPoolSources = {
  /** Read at every run: the published version in use (the same object while it stays in use). */
  readonly questionnaire: Questionnaire
  readonly answers: Pick<AnswersRepository, 'publishedMentors'>
  readonly lists: Pick<ListQueries, 'rankedMentorsNow'>
  readonly matching: { readonly threshold: number; readonly limit: number }
}

/** How many mentors a run ranks per proposal it makes, and by what factor it ranks further when they were taken. */
const RANKED_PER_PROPOSAL = 4
const RANKED_AT_FIRST = 12

export const createMentorPoolCache = (sources: MentorPoolSources): MentorPoolCache => {
  type Packed = { readonly fingerprint: string; readonly compiled: CompiledQuestionnaire; readonly pool: MentorPool }
  let packed: Packed | null = null
  /**
   * The packing under way, if any: the runs that find the pool unpacked or stale at once (an
   * instance's first requests, all runs after a publication) wait for one packing of that
   * fingerprint instead of each packing every published mentor again.
   */
  let packing: { readonly fingerprint: string; readonly compiled: CompiledQuestionnaire; readonly done: Promise<Packed> } | null = null
  const repack = (fingerprint: string, compiled: CompiledQuestionnaire): Promise<Packed> => {
    if (packed?.fingerprint === fingerprint && packed.compiled === compiled) return Promise.resolve(packed)
    if (packing?.fingerprint === fingerprint && packing.compiled === compiled) return packing.done
    const done = (async () => ({ fingerprint, compiled, pool: packMentorPool(compiled, await sources.answers.publishedMentors()) }))()
    const mine = { fingerprint, compiled, done }
    packing = mine
    // Kept only while no later packing started: a slower, older one never replaces a newer pool.
    done.then(
      (result) => {
        if (packing === mine) {
          packed = result
          packing = null
        }
      },
      () => {
        if (packing === mine) packing = null
      },
    )
    return done
  }

  return {
    /**
     * The best `limit` mentors of the pool not declined and in the pool right now. Only the mentors
     * ranked are asked about (a few more than needed), not every mentor out of the pool: the ranked
     * ones found taken are excluded and the pool ranked again, further (scored once), until enough
     * are free or none is left. The top of what remains is the same as ranking with everyone taken
     * excluded: whoever was not ranked ranks below every mentor that was. The same read tells
     * whether the packed pool is still the pool; if not, it is packed again and the run ranks anew.
     */
    rank: async (mentee, declined) => {
      const { threshold, limit } = sources.matching
      const compiled = compileQuestionnaire(sources.questionnaire)
      let current =
        packed !== null && packed.compiled === compiled
          ? packed
          : await repack((await sources.lists.rankedMentorsNow([])).fingerprint, compiled)
      for (;;) {
        const ranker = poolRanker(compiled, current.pool, mentee)
        const exclude = new Set<UserId>(declined)
        let stale: string | undefined
        for (let wanted = Math.max(RANKED_AT_FIRST, RANKED_PER_PROPOSAL * limit); ; wanted *= RANKED_PER_PROPOSAL) {
          const ranked = ranker.ids({ threshold, limit: wanted, exclude })
          const now = await sources.lists.rankedMentorsNow(ranked)
          if (now.fingerprint !== current.fingerprint) {
            stale = now.fingerprint
            break
          }
          for (const id of now.unavailable) exclude.add(id)
          if (ranked.length - now.unavailable.length >= limit || ranked.length < wanted) return ranker.rank({ threshold, limit, exclude })
        }
        current = await repack(stale, compiled)
      }
    },
  }
}
