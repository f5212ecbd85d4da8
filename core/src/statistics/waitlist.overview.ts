// What administrators see of the waitlist (docs/admin.md#waitlist): how many mentees wait, for how
// long, and which answers of waiting mentees no available mentor offers (the "supply gaps"), so the
// program knows whom to recruit. Figures pass the statistics' small-group rule: a group below 5 is
// never shown, and no shown figure differs from the number of waiting mentees by a group below 5.
import { choseNoPreference, chosenOptionIds, answersByPair } from '../matching/answer.sets.js'
import type { Answer, Questionnaire } from '../questionnaire/questionnaire.codec.js'
import { DAY, type Instant } from '../shared/time.js'
import { medianOf, medianRows, showCount, SMALL_GROUP_LIMIT, type ShownCount, type ShownValue } from './statistics.rules.js'

/** How long mentees have waited, by lower bound in days: under a week, under a month, a month or more. */
export const WAITING_BUCKETS = [0, 7, 30] as const
export type WaitingBucket = (typeof WAITING_BUCKETS)[number]

/** One answer option of waiting mentees that no available mentor offers, with how many chose it. */
export type SupplyGap = { readonly questionPairId: number; readonly optionId: number; readonly mentees: number }

/**
 * The options waiting mentees chose that no available mentor offers, per question pair, most asked
 * first (ties: pair order, then option order). Only choice questions the mentee answers count; "no
 * preference" fits everyone and is never a gap, and a mentor who chose it on a pair offers every
 * option of that pair. A mentor who has not answered a pair offers nothing there.
 */
export const supplyGapsOf = (
  questionnaire: Pick<Questionnaire, 'pairs'>,
  waiting: readonly (readonly Answer[])[],
  availableMentors: readonly (readonly Answer[])[],
): readonly SupplyGap[] => {
  const mentorAnswers = availableMentors.map((answers) => answersByPair([...answers]))
  const menteeAnswers = waiting.map((answers) => answersByPair([...answers]))
  const gaps: (SupplyGap & { readonly order: number })[] = []
  questionnaire.pairs.forEach((pair, pairIndex) => {
    if (pair.mentee === null || pair.kind !== 'choice') return
    if (pair.rule !== 'SingleFit' && pair.rule !== 'MultipleFit' && pair.rule !== 'MultipleMatchesFit') return
    const offered = new Set<number>()
    let offersEverything = false
    for (const answers of mentorAnswers) {
      const ids = chosenOptionIds(pair, answers.get(pair.questionPairId))
      if (choseNoPreference(pair, ids)) offersEverything = true
      for (const id of ids) offered.add(id)
    }
    if (offersEverything) return
    const asked = new Map<number, number>()
    for (const answers of menteeAnswers) {
      const ids = chosenOptionIds(pair, answers.get(pair.questionPairId))
      if (choseNoPreference(pair, ids)) continue
      for (const id of ids) if (!offered.has(id)) asked.set(id, (asked.get(id) ?? 0) + 1)
    }
    pair.options.forEach((option, optionIndex) => {
      const mentees = asked.get(option.id)
      if (mentees !== undefined)
        gaps.push({ questionPairId: pair.questionPairId, optionId: option.id, mentees, order: pairIndex * 10_000 + optionIndex })
    })
  })
  return gaps
    .sort((a, b) => b.mentees - a.mentees || a.order - b.order)
    .map(({ questionPairId, optionId, mentees }) => ({ questionPairId, optionId, mentees }))
}

/**
 * Whether a part of a group may be shown beside the group's total: the part is not small, and
 * neither is the rest (the total minus the part), unless there is no rest. "8 wait, 6 of them chose
 * French" would tell that 2 did not.
 */
export const partShownBeside = (part: number, total: number): boolean =>
  part >= SMALL_GROUP_LIMIT && (total - part === 0 || total - part >= SMALL_GROUP_LIMIT)

export type WaitlistOverview = {
  readonly waiting: ShownCount
  /** The median number of whole days waited. */
  readonly medianDaysWaiting: ShownValue
  /** Shown only when every bucket may be: otherwise one bucket could be worked out from the others. */
  readonly byWaitingTime: readonly { readonly fromDays: WaitingBucket; readonly count: ShownCount }[] | null
  readonly supplyGaps: readonly SupplyGap[]
}

/** The shown overview of the waiting mentees (since when each waits) and the gaps in supply. */
export const waitlistOverviewOf = (waitingSince: readonly Instant[], now: Instant, gaps: readonly SupplyGap[]): WaitlistOverview => {
  const total = waitingSince.length
  const days = waitingSince.map((since) => Math.max(0, Math.floor((now - since) / DAY))).sort((a, b) => a - b)
  const { offset, take } = medianRows(total)
  const middle = days.slice(offset, offset + take)
  const counts = WAITING_BUCKETS.map((fromDays, i) => {
    const until = WAITING_BUCKETS[i + 1] ?? Number.POSITIVE_INFINITY
    return { fromDays, n: days.filter((d) => d >= fromDays && d < until).length }
  })
  const everyBucketShown = counts.every(({ n }) => n === 0 || n >= SMALL_GROUP_LIMIT) && total >= SMALL_GROUP_LIMIT
  return {
    waiting: showCount(total),
    medianDaysWaiting: medianOf(middle, total),
    byWaitingTime: everyBucketShown ? counts.map(({ fromDays, n }) => ({ fromDays, count: showCount(n) })) : null,
    supplyGaps: gaps.filter((g) => partShownBeside(g.mentees, total)),
  }
}
