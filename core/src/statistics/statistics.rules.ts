// The rules of the administrators' program statistics: which counts may be shown (small groups are
// never shown as a number), the match rate, the median, the score buckets and the funnel's stages.
// The database counts; these functions decide what the counts become on the page and in the sheets.

/** Groups smaller than this are shown as "fewer than 5", never as a number that could identify people. */
export const SMALL_GROUP_LIMIT = 5

/** A count as it may be shown: the number, or "fewer than {limit}". */
export type ShownCount = { readonly _tag: 'Count'; readonly value: number } | { readonly _tag: 'FewerThan'; readonly limit: number }

/** The one place small counts are hidden: every count of the statistics passes through here. */
export const showCount = (count: number): ShownCount =>
  count < SMALL_GROUP_LIMIT ? { _tag: 'FewerThan', limit: SMALL_GROUP_LIMIT } : { _tag: 'Count', value: count }

/**
 * Counts of nested groups (each holds the next, as the funnel's stages do) as they may be shown:
 * two exact counts would give away the group between them by subtraction ("25 registered, 22
 * completed a profile": 3 people stopped there). So every count a number may be shown for is
 * rounded to the nearest multiple of SMALL_GROUP_LIMIT; any two shown numbers then differ by 0 or
 * by 5 or more, and a difference tells only a range of at least 5 possible group sizes. Counts below
 * the limit stay "fewer than 5" (`showCount`). See docs/privacy.md#statistics.
 */
export const showNestedCounts = (counts: readonly number[]): ShownCount[] =>
  counts.map((count) => {
    const shown = showCount(count)
    return shown._tag === 'Count' ? { _tag: 'Count', value: Math.round(count / SMALL_GROUP_LIMIT) * SMALL_GROUP_LIMIT } : shown
  })

/** Whether a difference between two shown counts could single out a group: 1 to 4 people (0 is no group). */
const smallDifference = (a: number, b: number): boolean => {
  const gap = Math.abs(a - b)
  return gap > 0 && gap < SMALL_GROUP_LIMIT
}

/**
 * Counts shown side by side in one chart, exactly, where one may be subtracted from another ("18
 * started, 17 matched": the one who was not matched). A count below the limit is "fewer than 5"; of
 * two counts that differ by 1 to 4, the smaller is "fewer than 5" too. Decided from the largest down,
 * so the larger figure (the whole) stays: any two numbers shown then differ by 0 or by 5 or more.
 * Unlike `showNestedCounts` the shown numbers are exact, which a pair or a few figures can afford; the
 * funnel's six stages would lose most of their numbers this way, so it rounds instead.
 */
export const showSideBySideCounts = (counts: readonly number[]): ShownCount[] => {
  const largestFirst = counts.map((count, index) => ({ count, index })).sort((a, b) => b.count - a.count)
  const shown: number[] = []
  const result: ShownCount[] = counts.map(() => ({ _tag: 'FewerThan', limit: SMALL_GROUP_LIMIT }))
  for (const { count, index } of largestFirst) {
    if (count < SMALL_GROUP_LIMIT || shown.some((other) => smallDifference(other, count))) continue
    shown.push(count)
    result[index] = { _tag: 'Count', value: count }
  }
  return result
}

/** A figure derived from a group (a rate, a median, a ratio): shown only when the groups behind it may be. */
export type ShownValue = { readonly _tag: 'Value'; readonly value: number } | { readonly _tag: 'Hidden'; readonly limit: number }

const hidden: ShownValue = { _tag: 'Hidden', limit: SMALL_GROUP_LIMIT }

/** Whether every group a derived figure rests on is large enough to be shown. */
const shownGroups = (...counts: readonly number[]): boolean => counts.every((c) => c >= SMALL_GROUP_LIMIT)

/** A part as a percentage (one decimal) of its whole. */
const percent = (part: number, whole: number): ShownValue => ({ _tag: 'Value', value: Math.round((1000 * part) / whole) / 10 })

/**
 * A part of a group as a percentage (one decimal) of the group. Hidden when the part, the group or the
 * rest is a small group: "3 of 40" names the three, and "37 of 40" the three others just as well.
 * All of a group (the rest is 0) is a share like any other.
 */
export const shareOf = (part: number, whole: number): ShownValue =>
  shownGroups(part, whole) && !smallDifference(part, whole) ? percent(part, whole) : hidden

/**
 * Matched mentees as a percentage (one decimal) of the mentees who started matching: a share, hidden
 * when the matched, the started or the unmatched mentees are a small group (`shareOf`).
 */
export const matchRate = (matched: number, started: number): ShownValue => shareOf(matched, started)

/**
 * The matching chart's counts and rate: the matched mentees are a part of those who started, shown
 * beside them, so both go through the side-by-side rule (`showSideBySideCounts`) and the rate is a
 * share (`matchRate`).
 */
export const shownMatching = (
  started: number,
  matched: number,
): { readonly started: ShownCount; readonly matched: ShownCount; readonly rate: ShownValue } => {
  const [shownStarted, shownMatched] = showSideBySideCounts([started, matched])
  return { started: shownStarted!, matched: shownMatched!, rate: matchRate(matched, started) }
}

/** Which rows of an ascending list of `count` values the median needs: skip `offset`, read `take`. */
export const medianRows = (count: number): { readonly offset: number; readonly take: number } =>
  count === 0 ? { offset: 0, take: 0 } : { offset: Math.floor((count - 1) / 2), take: count % 2 === 1 ? 1 : 2 }

/**
 * The median of a group of `count` values, given only its middle row(s) (`medianRows`), so the
 * database sorts and the process reads one or two numbers. Hidden for a group smaller than 5.
 */
export const medianOf = (middle: readonly number[], count: number): ShownValue => {
  if (!shownGroups(count) || middle.length === 0) return hidden
  const sum = middle.reduce((a, b) => a + b, 0)
  return { _tag: 'Value', value: sum / middle.length }
}

/** Available mentors per waiting mentee (two decimals); hidden when either group is small. */
export const poolRatio = (availableMentors: number, waitingMentees: number): ShownValue =>
  shownGroups(availableMentors, waitingMentees)
    ? { _tag: 'Value', value: Math.round((100 * availableMentors) / waitingMentees) / 100 }
    : hidden

/**
 * The score distribution's buckets by matching percentage: [0, 10), [10, 20), … [90, 100]. A bucket
 * is named by its lower bound; the last one holds 100.
 */
export const SCORE_BUCKET_WIDTH = 10
export const SCORE_BUCKETS: readonly number[] = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90]
export const scoreBucketOf = (percentage: number): number => SCORE_BUCKETS.findLast((lower) => percentage >= lower) ?? 0

/** The funnel's stages per side, in order; a person counts at every stage up to the furthest one reached. */
export const MENTEE_FUNNEL = ['registered', 'profileComplete', 'questionnaireComplete', 'startedMatching', 'proposed', 'matched'] as const
export const MENTOR_FUNNEL = ['registered', 'profileComplete', 'questionnaireComplete', 'published', 'proposed', 'matched'] as const
export type FunnelStage = (typeof MENTEE_FUNNEL)[number] | (typeof MENTOR_FUNNEL)[number]

/**
 * Cumulative funnel counts from how many people stopped at each stage (`furthest[i]` people reached
 * stage i and no further): stage i counts everyone who reached it or a later one.
 */
export const funnelCounts = (furthest: readonly number[]): number[] => furthest.map((_, i) => furthest.slice(i).reduce((a, b) => a + b, 0))

/** The funnel as it may be shown: its cumulative counts through the nested-groups rule. */
export const shownFunnel = (furthest: readonly number[]): ShownCount[] => showNestedCounts(funnelCounts(furthest))
