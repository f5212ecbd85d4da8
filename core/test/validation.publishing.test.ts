import * as E from 'fp-ts/lib/Either.js'
import { describe, expect, it } from 'vitest'
import { STATUSES } from '../src/users/status.js'
import { canEnableMatching, canPublish, canSaveMentorAnswers } from '../src/validation/index.js'

const tagOf = (r: E.Either<{ _tag: string }, void>) => (E.isLeft(r) ? r.left._tag : 'allowed')

describe('mentor publishing rules', () => {
  it('publishing requires a complete profile', () => {
    expect(tagOf(canPublish({ status: 'NEW', complete: false }))).toBe('ProfileIncomplete')
    expect(tagOf(canPublish({ status: 'NEW', complete: true }))).toBe('allowed')
  })
  it('publishing requires matching enabled (not PAUSED)', () => {
    expect(tagOf(canPublish({ status: 'PAUSED', complete: true }))).toBe('MatchingDisabled')
    expect(tagOf(canPublish({ status: 'AVAILABLE', complete: true }))).toBe('allowed')
  })
  it('an unpublished mentor may save an incomplete profile', () => {
    for (const status of STATUSES) expect(tagOf(canSaveMentorAnswers({ published: false, status, complete: false }))).toBe('allowed')
  })
  it('once published, only a complete profile can be saved unless matching is paused', () => {
    for (const status of STATUSES.filter((s) => s !== 'PAUSED'))
      expect(tagOf(canSaveMentorAnswers({ published: true, status, complete: false }))).toBe('ProfileIncomplete')
    expect(tagOf(canSaveMentorAnswers({ published: true, status: 'PAUSED', complete: false }))).toBe('allowed')
    expect(tagOf(canSaveMentorAnswers({ published: true, status: 'AVAILABLE', complete: true }))).toBe('allowed')
  })
  it('enabling matching requires complete answers', () => {
    expect(tagOf(canEnableMatching(false))).toBe('ProfileIncomplete')
    expect(tagOf(canEnableMatching(true))).toBe('allowed')
  })
})
