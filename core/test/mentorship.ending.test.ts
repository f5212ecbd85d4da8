// Ending a team: the reasons in both languages and the validation of an end request.
import * as E from 'fp-ts/lib/Either.js'
import { describe, expect, it } from 'vitest'
import { END_REASONS, EndReasonId, validateEndRequest } from '../src/index.js'

describe('END_REASONS', () => {
  it('lists every reason id once, with "other" last', () => {
    expect(END_REASONS.map((r) => r.id).toSorted()).toEqual(Object.keys(EndReasonId.keys).toSorted())
    expect(END_REASONS.at(-1)?.id).toBe('other')
  })

  it('labels each reason in English and German, never with the informal "du"', () => {
    for (const { label } of END_REASONS) {
      expect(label.en.trim()).not.toBe('')
      expect(label.de.trim()).not.toBe('')
      expect(label.de).not.toMatch(/\b([Dd]u|[Dd]ich|[Dd]ir|[Dd]ein\w*|[Ee]uch|[Ee]uer|[Ee]ure\w*)\b/)
    }
  })
})

describe('validateEndRequest', () => {
  it('accepts a known reason, with or without "do not pair us again"', () => {
    expect(validateEndRequest({ reasonId: 'goals-reached', otherText: null, doNotPairAgain: false })).toEqual(
      E.right({ reasonId: 'goals-reached', otherText: null, doNotPairAgain: false }),
    )
    expect(validateEndRequest({ reasonId: 'not-a-good-fit', otherText: null, doNotPairAgain: true })).toMatchObject({
      right: { doNotPairAgain: true },
    })
  })

  it('refuses an unknown reason', () => {
    expect(validateEndRequest({ reasonId: 'bored', otherText: null, doNotPairAgain: false })).toEqual(
      E.left({ _tag: 'ValidationFailed', errors: [{ field: 'reasonId', key: 'invalid-value' }] }),
    )
  })

  it('requires a text for "other", blank counting as none', () => {
    for (const otherText of [null, '', '   ']) {
      expect(validateEndRequest({ reasonId: 'other', otherText, doNotPairAgain: false })).toEqual(
        E.left({ _tag: 'ValidationFailed', errors: [{ field: 'otherText', key: 'requiredFieldError' }] }),
      )
    }
    expect(validateEndRequest({ reasonId: 'other', otherText: ' moved abroad ', doNotPairAgain: false })).toEqual(
      E.right({ reasonId: 'other', otherText: 'moved abroad', doNotPairAgain: false }),
    )
  })

  it('takes an "other" text of at most 1000 characters', () => {
    expect(E.isRight(validateEndRequest({ reasonId: 'other', otherText: 'ä'.repeat(1000), doNotPairAgain: false }))).toBe(true)
    expect(validateEndRequest({ reasonId: 'other', otherText: 'a'.repeat(1001), doNotPairAgain: false })).toEqual(
      E.left({
        _tag: 'ValidationFailed',
        errors: [{ field: 'otherText', key: 'max-characters-exceeded-error', params: { count: 1001, max: 1000 } }],
      }),
    )
  })

  it('drops a text sent with another reason', () => {
    expect(validateEndRequest({ reasonId: 'no-time', otherText: 'left over', doNotPairAgain: false })).toMatchObject({
      right: { otherText: null },
    })
  })
})
