import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  funnelCounts,
  matchRate,
  medianOf,
  medianRows,
  poolRatio,
  SCORE_BUCKETS,
  scoreBucketOf,
  showCount,
  showNestedCounts,
  shownFunnel,
  SMALL_GROUP_LIMIT,
  validateStatisticsFilter,
} from '../src/index.js'

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const { offset, take } = medianRows(sorted.length)
  return medianOf(sorted.slice(offset, offset + take), sorted.length)
}

describe('small groups', () => {
  it('shows a group of 5 or more as its number and anything smaller as fewer than 5', () => {
    expect(SMALL_GROUP_LIMIT).toBe(5)
    expect(showCount(5)).toEqual({ _tag: 'Count', value: 5 })
    expect(showCount(4)).toEqual({ _tag: 'FewerThan', limit: 5 })
    expect(showCount(1)).toEqual({ _tag: 'FewerThan', limit: 5 })
    expect(showCount(0)).toEqual({ _tag: 'FewerThan', limit: 5 })
  })

  it('never lets a count below 5 through as a number', () => {
    fc.assert(fc.property(fc.nat(1000), (n) => (n < 5 ? showCount(n)._tag === 'FewerThan' : showCount(n)._tag === 'Count')))
  })
})

describe('match rate', () => {
  it('is the matched share of started mentees in percent, one decimal', () => {
    expect(matchRate(7, 18)).toEqual({ _tag: 'Value', value: 38.9 })
    expect(matchRate(10, 10)).toEqual({ _tag: 'Value', value: 100 })
  })

  it('is hidden when the matched or the started group is smaller than 5', () => {
    expect(matchRate(3, 40)).toEqual({ _tag: 'Hidden', limit: 5 })
    expect(matchRate(0, 4)).toEqual({ _tag: 'Hidden', limit: 5 })
  })
})

describe('median', () => {
  it('reads the middle row of an odd group and the mean of the two middle rows of an even one', () => {
    expect(medianRows(7)).toEqual({ offset: 3, take: 1 })
    expect(medianRows(6)).toEqual({ offset: 2, take: 2 })
    expect(medianRows(0)).toEqual({ offset: 0, take: 0 })
    expect(median([5, 1, 3, 2, 4])).toEqual({ _tag: 'Value', value: 3 })
    expect(median([1, 2, 3, 4, 5, 10])).toEqual({ _tag: 'Value', value: 3.5 })
  })

  it('is hidden for fewer than 5 values', () => {
    expect(median([1, 2, 3, 4])).toEqual({ _tag: 'Hidden', limit: 5 })
  })

  it('has as many values at or below it as at or above it', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 5, maxLength: 60 }), (values) => {
        const m = median(values)
        if (m._tag !== 'Value') return false
        return (
          values.filter((v) => v <= m.value).length >= values.length / 2 && values.filter((v) => v >= m.value).length >= values.length / 2
        )
      }),
    )
  })
})

describe('pool balance and score buckets', () => {
  it('gives available mentors per waiting mentee with two decimals, hidden for small groups', () => {
    expect(poolRatio(13, 11)).toEqual({ _tag: 'Value', value: 1.18 })
    expect(poolRatio(20, 4)).toEqual({ _tag: 'Hidden', limit: 5 })
  })

  it('puts a percentage into its ten-point bucket, 100 into the last', () => {
    expect(SCORE_BUCKETS).toHaveLength(10)
    expect(scoreBucketOf(0)).toBe(0)
    expect(scoreBucketOf(9.9)).toBe(0)
    expect(scoreBucketOf(85)).toBe(80)
    expect(scoreBucketOf(100)).toBe(90)
  })
})

describe('funnel', () => {
  it('counts everyone at every stage up to the furthest one they reached', () => {
    expect(funnelCounts([2, 3, 4, 6, 5, 7])).toEqual([27, 25, 22, 18, 12, 7])
  })

  const numbers = (shown: readonly ReturnType<typeof showCount>[]) => shown.flatMap((c) => (c._tag === 'Count' ? [c.value] : []))
  // how many people stopped at each of six stages: often small, so that adjacent stages differ by 1–4
  const stopped = fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 6, maxLength: 6 })

  it('shows the stages rounded to the nearest 5, so no two differ by a group below 5', () => {
    expect(shownFunnel([2, 3, 4, 6, 5, 7])).toEqual([25, 25, 20, 20, 10, 5].map((value) => ({ _tag: 'Count', value })))
    expect(shownFunnel([1, 0, 0, 0, 0, 3])).toEqual(Array.from({ length: 6 }, () => ({ _tag: 'FewerThan', limit: 5 })))
    fc.assert(
      fc.property(stopped, (furthest) => {
        const shown = numbers(shownFunnel(furthest))
        for (const a of shown)
          for (const b of shown) {
            const gap = Math.abs(a - b)
            expect(gap === 0 || gap >= SMALL_GROUP_LIMIT).toBe(true)
          }
      }),
    )
  })

  it('keeps each shown stage within half a group of its count, in order, and small stages as "fewer than 5"', () => {
    fc.assert(
      fc.property(stopped, (furthest) => {
        const exact = funnelCounts(furthest)
        const shown = shownFunnel(furthest)
        shown.forEach((c, i) => {
          const n = exact[i] ?? 0
          if (n < SMALL_GROUP_LIMIT) expect(c).toEqual({ _tag: 'FewerThan', limit: SMALL_GROUP_LIMIT })
          else expect(c._tag === 'Count' && Math.abs(c.value - n) <= SMALL_GROUP_LIMIT / 2).toBe(true)
        })
        const values = numbers(shown)
        expect(values).toEqual(values.toSorted((a, b) => b - a))
      }),
    )
  })

  it('applies to any nested counts, not only the funnel', () => {
    expect(showNestedCounts([18, 7, 3])).toEqual([
      { _tag: 'Count', value: 20 },
      { _tag: 'Count', value: 5 },
      { _tag: 'FewerThan', limit: 5 },
    ])
  })
})

describe('statistics filter', () => {
  it('refuses a date range that ends before it starts and accepts open or ordered ones', () => {
    expect(validateStatisticsFilter({ clusterIds: [], from: '2026-03-05', to: '2026-03-01' })).toEqual([
      { field: 'to', key: 'statistics-date-range' },
    ])
    expect(validateStatisticsFilter({ clusterIds: [], from: '2026-03-01', to: '2026-03-01' })).toEqual([])
    expect(validateStatisticsFilter({ clusterIds: [], from: null, to: '2026-03-01' })).toEqual([])
  })
})
