// Which tokens a deletion refuses: those issued before it (iat counts whole seconds, so the
// deletion's own second too) or not saying when; a later token starts afresh.
import { describe, expect, it } from 'vitest'
import { issuedBeforeDeletion } from '../src/index.js'

const deletedAt = Date.UTC(2026, 2, 2, 9, 0, 0, 500)

describe('issuedBeforeDeletion', () => {
  it('refuses a token issued before the deletion', () => {
    expect(issuedBeforeDeletion(deletedAt - 60_000, deletedAt)).toBe(true)
  })
  it("refuses a token of the deletion's own second, which iat cannot tell apart", () => {
    expect(issuedBeforeDeletion(Date.UTC(2026, 2, 2, 9, 0, 0), deletedAt)).toBe(true)
  })
  it('refuses a token that does not say when it was issued', () => {
    expect(issuedBeforeDeletion(null, deletedAt)).toBe(true)
  })
  it('accepts a token issued in a later second', () => {
    expect(issuedBeforeDeletion(Date.UTC(2026, 2, 2, 9, 0, 1), deletedAt)).toBe(false)
  })
})
