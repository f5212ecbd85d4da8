// The names of a deleted user leave the subjects of their partners' mails, and nothing else does.
import { describe, expect, it } from 'vitest'
import { withoutNames } from '../../src/account/account.erasure.js'

describe('withoutNames (erasure of a deleted partner from mail subjects)', () => {
  it('replaces each name as a whole word, in any script', () => {
    expect(withoutNames("It's a match: you and Zoë Ångström are now a tandem", ['Zoë', 'Ångström'])).toBe(
      "It's a match: you and – – are now a tandem",
    )
  })

  it('leaves words that merely contain a name alone ("An" in "and", "Ann")', () => {
    expect(withoutNames('you and Ann and An', ['An'])).toBe('you and Ann and –')
  })

  it('treats names as text, not patterns, and ignores empty names', () => {
    expect(withoutNames('A.B and AxB', ['A.B', '', '  '])).toBe('– and AxB')
  })
})
