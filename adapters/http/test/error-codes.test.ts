// The envelope's typed error code: every DomainError maps to one code and status through the one
// table in status.map.ts, and the reply carries the code beside the message of docs/product.md#errors.
import { ErrorCode, errorMessageOf, type DomainError } from '@tandem/core'
import { describe, expect, it } from 'vitest'
import { EDGE_OF, errorCodeOf } from '../src/index.js'
import { fromDomainError } from '../src/route.js'

const examples: readonly DomainError[] = [
  { _tag: 'InvalidTransition', from: 'ACTIVE', event: 'accept' },
  { _tag: 'ValidationFailed', errors: [{ field: 'city', key: 'requiredFieldError' }] },
  { _tag: 'NotFound', entity: 'Tandem' },
  { _tag: 'ProfileIncomplete' },
  { _tag: 'NotAvailableForMatching', status: 'PROPOSED' },
  { _tag: 'MatchingAlreadyRunning' },
  { _tag: 'MatchingDisabled' },
  { _tag: 'AllPlacesTaken' },
  { _tag: 'ProposalExpired' },
  { _tag: 'TandemChanged' },
  { _tag: 'TandemAlreadyClosed', state: 'CLOSED' },
  { _tag: 'SameUser' },
  { _tag: 'ClusterEnded' },
  { _tag: 'ClusterIsDefault' },
  { _tag: 'ClusterTitleTaken' },
  { _tag: 'WrongRole', role: 'Mentor' },
  { _tag: 'NotTandemParticipant' },
  { _tag: 'CheckInNotOpen', state: 'Answered' },
  { _tag: 'CheckInLinkUsed' },
  { _tag: 'CheckInLinkExpired' },
  { _tag: 'WaitlistLinkUsed' },
  { _tag: 'WaitlistLinkExpired' },
  { _tag: 'ExternalIdentityProvider' },
  { _tag: 'AccountDeleted' },
  { _tag: 'ConsentsDue' },
  { _tag: 'MeetingNotOver' },
  { _tag: 'MeetingProposalsLimited' },
]

describe('error codes at the edge', () => {
  it('the examples cover every row of the table', () => {
    expect(examples.map((e) => e._tag).sort()).toEqual(Object.keys(EDGE_OF).sort())
  })
  it('each domain error answers its own tag as the code, a valid ErrorCode', () => {
    for (const error of examples) {
      expect(errorCodeOf(error)).toBe(error._tag)
      expect(ErrorCode.is(errorCodeOf(error))).toBe(true)
    }
  })
  it('the reply carries status, code and the message older clients read', () => {
    for (const error of examples) {
      const reply = fromDomainError(error)
      expect(reply).toMatchObject({ kind: 'json', status: EDGE_OF[error._tag].status })
      expect(reply.kind === 'json' ? reply.body : null).toMatchObject({
        isSuccess: false,
        isFailure: true,
        errorCode: error._tag,
        errorMessage: errorMessageOf(error._tag),
      })
    }
  })
  it('keeps the texts of docs/product.md#errors: start matching and manual creation still read their messages', () => {
    expect(fromDomainError({ _tag: 'ProfileIncomplete' })).toMatchObject({
      status: 400,
      body: { errorCode: 'ProfileIncomplete', errorMessage: 'InCompleteProfile' },
    })
    expect(fromDomainError({ _tag: 'NotAvailableForMatching', status: 'NONE' })).toMatchObject({
      status: 400,
      body: { errorCode: 'NotAvailableForMatching', errorMessage: 'User not available for matching' },
    })
    expect(fromDomainError({ _tag: 'SameUser' })).toMatchObject({
      status: 400,
      body: { errorCode: 'SameUser', errorMessage: 'admin-mentor-only-differnt-user-error' },
    })
  })
  it('field errors travel as the value of a ValidationFailed', () => {
    expect(fromDomainError(examples[1]!)).toMatchObject({
      status: 400,
      body: { errorCode: 'ValidationFailed', value: [{ field: 'city', key: 'requiredFieldError' }] },
    })
  })
})
