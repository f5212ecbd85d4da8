import * as E from 'fp-ts/lib/Either.js'
import { describe, expect, it } from 'vitest'
import * as api from '../src/api/index.js'
import type { DomainErrorTag } from '../src/errors.js'

// Every tag of DomainError, written out: the type below fails to compile when the union gains one.
const TAGS = {
  InvalidTransition: true,
  ValidationFailed: true,
  NotFound: true,
  ProfileIncomplete: true,
  NotAvailableForMatching: true,
  MatchingAlreadyRunning: true,
  MatchingDisabled: true,
  AllPlacesTaken: true,
  ProposalExpired: true,
  TandemChanged: true,
  TandemAlreadyClosed: true,
  SameUser: true,
  ClusterEnded: true,
  ClusterIsDefault: true,
  ClusterTitleTaken: true,
  WrongRole: true,
  NotTandemParticipant: true,
  CheckInNotOpen: true,
  CheckInLinkUsed: true,
  CheckInLinkExpired: true,
  WaitlistLinkUsed: true,
  WaitlistLinkExpired: true,
  ExternalIdentityProvider: true,
  AccountDeleted: true,
  ConsentsDue: true,
  MeetingNotOver: true,
  MeetingProposalsLimited: true,
} satisfies Record<DomainErrorTag, true>

describe('error codes', () => {
  it('every domain error tag is an error code of the envelope', () => {
    for (const tag of Object.keys(TAGS)) expect(api.ErrorCode.is(tag)).toBe(true)
  })
  it('the edge refusals are codes too, and nothing else is', () => {
    expect(api.ERROR_CODES.filter((code) => !(code in TAGS)).sort()).toEqual([
      'Forbidden',
      'InvalidProfileImage',
      'PayloadTooLarge',
      'TooManyRequests',
      'Unauthorized',
      'Unexpected',
      'UnsupportedMediaType',
    ])
    expect(E.isLeft(api.ErrorCode.decode('InCompleteProfile'))).toBe(true)
  })
  it('keeps the messages older clients read (docs/product.md#errors), and the code itself elsewhere', () => {
    expect(api.errorMessageOf('ProfileIncomplete')).toBe('InCompleteProfile')
    expect(api.errorMessageOf('NotAvailableForMatching')).toBe('User not available for matching')
    expect(api.errorMessageOf('SameUser')).toBe('admin-mentor-only-differnt-user-error')
    expect(api.errorMessageOf('ExternalIdentityProvider')).toBe('synchronize-external-provider-message')
    expect(api.errorMessageOf('Unexpected')).toBe('unexpected-error')
    expect(api.errorMessageOf('InvalidProfileImage')).toBe('invalid-profile-image')
    expect(api.errorMessageOf('TandemChanged')).toBe('TandemChanged')
  })
  it('a failed envelope carries its code beside its message; a success carries neither', () => {
    expect(api.fail('NotAvailableForMatching', false)).toMatchObject({
      errorCode: 'NotAvailableForMatching',
      errorMessage: 'User not available for matching',
      value: false,
    })
    expect(api.ok(1)).toMatchObject({ errorCode: null, errorMessage: null })
  })
  it('an envelope with an unknown code does not decode', () => {
    expect(E.isLeft(api.Envelope(api.Id).decode({ ...api.fail('NotFound'), errorCode: 'Teapot' }))).toBe(true)
  })
})
