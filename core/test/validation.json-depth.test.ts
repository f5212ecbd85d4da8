import { describe, expect, it } from 'vitest'
import { jsonDepthErrors, nestsDeeperThan } from '../src/validation/json.depth.js'

/** `levels` arrays within each other, as JSON.parse makes them (built without recursion). */
const nested = (levels: number): unknown => JSON.parse(`${'['.repeat(levels)}${']'.repeat(levels)}`)

describe('the depth of a JSON body', () => {
  it('counts each object and array as one level, a scalar as none', () => {
    expect(nestsDeeperThan(7, 0)).toBe(false)
    expect(nestsDeeperThan({}, 0)).toBe(true)
    expect(nestsDeeperThan({ a: [{ b: 1 }] }, 3)).toBe(false)
    expect(nestsDeeperThan({ a: [{ b: 1 }] }, 2)).toBe(true)
    // the deepest branch counts, wherever it is
    expect(nestsDeeperThan([1, 2, { a: [[[]]] }], 4)).toBe(true)
  })

  it('refuses a body deeper than 32 levels on the whole body, and measures 10,000 levels without overflowing', () => {
    expect(jsonDepthErrors(nested(32))).toEqual([])
    expect(jsonDepthErrors(nested(33))).toEqual([{ field: '$', key: 'json-too-deep', params: { max: 32 } }])
    expect(jsonDepthErrors(nested(10_000))).toEqual([{ field: '$', key: 'json-too-deep', params: { max: 32 } }])
  })
})
