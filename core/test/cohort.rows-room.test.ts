// The solver's rows move together over the stretches widened rows left behind, and grow only when
// the rows in use need it: every row keeps its pairs, in order, wherever it ends up.
import { describe, expect, it } from 'vitest'
import { CohortRows } from '../src/matching/cohort.edges.js'

/** Writes row i anew at the end (as a widening does), with `length` pairs made from i and a round. */
const writeRow = (rows: CohortRows, i: number, length: number, round: number): void => {
  rows.reserve(length)
  rows.start[i] = rows.size
  for (let e = 0; e < length; e++) {
    rows.mentor[rows.size] = i * 1000 + e
    rows.weight[rows.size] = round * 100 + e
    rows.key[rows.size++] = -e
  }
  rows.end[i] = rows.size
}

const rowOf = (rows: CohortRows, i: number): number[][] => {
  const pairs: number[][] = []
  for (let e = rows.start[i]!; e < rows.end[i]!; e++) pairs.push([rows.mentor[e]!, rows.weight[e]!, rows.key[e]!])
  return pairs
}

const expected = (i: number, length: number, round: number): number[][] =>
  Array.from({ length }, (_, e) => [i * 1000 + e, round * 100 + e, -e])

describe('CohortRows.reserve', () => {
  it('moves the rows over unused stretches in place when they fit, keeping every row whole', () => {
    const rows = new CohortRows(4, 0, 40)
    for (let i = 0; i < 4; i++) writeRow(rows, i, 3, 0)
    // Row 1 widened three times: its old stretches are left unused (12 + 3 · 8 = 36 pairs written).
    for (let round = 1; round <= 3; round++) writeRow(rows, 1, 8, round)
    const columns = rows.mentor
    // 36 + 8 would not fit; the 17 pairs in use and the new 8 fill less than three quarters of 40.
    writeRow(rows, 1, 8, 4)
    expect(rows.mentor).toBe(columns)
    expect(rows.size).toBe(3 + 8 + 3 + 3 + 8)
    expect(rowOf(rows, 0)).toEqual(expected(0, 3, 0))
    expect(rowOf(rows, 1)).toEqual(expected(1, 8, 4))
    expect(rowOf(rows, 2)).toEqual(expected(2, 3, 0))
    expect(rowOf(rows, 3)).toEqual(expected(3, 3, 0))
  })

  it('grows the columns when the rows in use would fill more than three quarters of them', () => {
    const rows = new CohortRows(3, 0, 16)
    for (let i = 0; i < 3; i++) writeRow(rows, i, 4, 0)
    writeRow(rows, 2, 9, 1)
    expect(rows.mentor.length).toBeGreaterThanOrEqual(17)
    expect(rowOf(rows, 0)).toEqual(expected(0, 4, 0))
    expect(rowOf(rows, 1)).toEqual(expected(1, 4, 0))
    expect(rowOf(rows, 2)).toEqual(expected(2, 9, 1))
    // Only the rows in use were kept: the old stretch of row 2 is gone.
    expect(rows.size).toBe(4 + 4 + 4 + 9)
  })
})
