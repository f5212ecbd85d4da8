// docs/product.md#constants table paging and the score cell: 25 rows a page, page buttons five at a time; the score
// as 'base / max percent%', or 'Manual Matching' when no percentage was computed.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { PAGE_SIZE, pageCount, pageOf, pageWindow } from '../src/features/admin/pagination.js'
import { scoreText } from '../src/features/admin/MatchingTeamsPage.js'

describe('paging', () => {
  it('shows 25 rows a page', () => {
    const rows = Array.from({ length: 60 }, (_, i) => i)
    expect(PAGE_SIZE).toBe(25)
    expect(pageCount(60)).toBe(3)
    expect(pageOf(rows, 3)).toEqual([50, 51, 52, 53, 54, 55, 56, 57, 58, 59])
  })

  it('shows the page buttons five at a time: the block of the current page', () => {
    expect(pageWindow(1, 12)).toEqual([1, 2, 3, 4, 5])
    expect(pageWindow(7, 12)).toEqual([6, 7, 8, 9, 10])
    expect(pageWindow(12, 12)).toEqual([11, 12])
    expect(pageWindow(2, 3)).toEqual([1, 2, 3])
  })

  it('always contains the current page and never more than five', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 500 }), (count, raw) => {
        const page = ((raw - 1) % count) + 1
        const window = pageWindow(page, count)
        expect(window).toContain(page)
        expect(window.length).toBeLessThanOrEqual(5)
        expect(window.every((p) => p >= 1 && p <= count)).toBe(true)
      }),
    )
  })
})

describe('score cell', () => {
  it('reads base / max percent% when a percentage was computed, else Manual Matching', () => {
    expect(scoreText({ baseMatchRuleScore: 12, maxScore: 20, percentage: 60 }, 'Manual Matching')).toBe('12 / 20 60%')
    expect(scoreText({ baseMatchRuleScore: 0, maxScore: 0, percentage: 0 }, 'Manual Matching')).toBe('Manual Matching')
  })
})
