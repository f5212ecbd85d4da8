import * as E from 'fp-ts/lib/Either.js'
import { describe, expect, it } from 'vitest'
import * as api from '../src/api/index.js'

const signUp = {
  FirstName: 'Ada',
  LastName: 'Lovelace',
  DOB: '1990-12-10',
  Language: 'de',
  Gender: 'Female',
  Email: 'ada@example.org',
  IsAcceptedDataPrivacyPolicy: true,
  IsAcceptedTermsConditions: true,
  Role: 'Mentee',
}
const saveAnswers = {
  email: 'ada@example.org',
  roleName: 'Mentor',
  isSavePublish: true,
  userSelectedAnswerSaveModel: [
    {
      OriginalQuestionId: 11,
      QuestionPairId: 3,
      DirectFieldAnswer: null,
      RuleName: 'MultipleFit',
      MaxOption: 3,
      PossibleAnswer: [{ originalPossibleAnswerId: 7, isSetOptionThatFitsAll: 0 }],
    },
  ],
}
const fieldsOf = (r: E.Either<readonly { field: string; key: string }[], unknown>) =>
  E.isLeft(r) ? r.left.map((e) => [e.field, e.key]) : 'valid'

describe('decodeOrFieldErrors', () => {
  it("accepts the sign-up payload with the specification's PascalCase field names", () => {
    expect(api.decodeOrFieldErrors(api.SignUpPayload, signUp)).toEqual(E.right(signUp))
  })

  it('refuses camelCase spellings of PascalCase fields, naming each missing field as required', () => {
    const { FirstName, IsAcceptedDataPrivacyPolicy, ...rest } = signUp
    const result = api.decodeOrFieldErrors(api.SignUpPayload, {
      ...rest,
      firstName: FirstName,
      isAcceptedDataPrivacyPolicy: IsAcceptedDataPrivacyPolicy,
    })
    expect(fieldsOf(result)).toEqual([
      ['FirstName', 'requiredFieldError'],
      ['IsAcceptedDataPrivacyPolicy', 'requiredFieldError'],
    ])
  })

  it('names a field of the wrong type with invalid-value, once even when its codec is a union', () => {
    const result = api.decodeOrFieldErrors(api.SignUpPayload, {
      ...signUp,
      DOB: '10.12.1990',
      Gender: 'Other',
      IsAcceptedTermsConditions: 'yes',
    })
    expect(fieldsOf(result)).toEqual([
      ['DOB', 'invalid-value'],
      ['Gender', 'invalid-value'],
      ['IsAcceptedTermsConditions', 'invalid-value'],
    ])
  })

  it('gives nested fields their full path through arrays', () => {
    const bad = structuredClone(saveAnswers)
    const item = bad.userSelectedAnswerSaveModel[0]!
    item.PossibleAnswer[0]!.isSetOptionThatFitsAll = 2
    item.MaxOption = -1
    expect(fieldsOf(api.decodeOrFieldErrors(api.SaveAnswersPayload, bad))).toEqual([
      ['userSelectedAnswerSaveModel.0.MaxOption', 'invalid-value'],
      ['userSelectedAnswerSaveModel.0.PossibleAnswer.0.isSetOptionThatFitsAll', 'invalid-value'],
    ])
  })

  it('paths through optional (partial) members of intersections skip the member index', () => {
    const payload = {
      email: 'a@b.c',
      role: 'Mentee',
      pairedUserEmail: 'm@b.c',
      proposalSaveModel: { proposalId: 5, proposalState: 'DECLINED', declineReasonId: 'two' },
      matchingTandemSaveModel: { matchingTandemId: 3, tandemState: 'DECLINED' },
    }
    expect(fieldsOf(api.decodeOrFieldErrors(api.AcceptDeclinePayload, payload))).toEqual([
      ['proposalSaveModel.declineReasonId', 'invalid-value'],
    ])
  })

  it('reports a payload that is not an object at the root field', () => {
    expect(fieldsOf(api.decodeOrFieldErrors(api.SignInPayload, 'ada@example.org'))).toEqual([[api.ROOT_FIELD, 'invalid-value']])
    expect(fieldsOf(api.decodeOrFieldErrors(api.SignInPayload, undefined))).toEqual([[api.ROOT_FIELD, 'requiredFieldError']])
  })

  it('strips unknown fields from incoming bodies, nested ones included', () => {
    const result = api.decodeOrFieldErrors(api.SaveAnswersPayload, {
      ...saveAnswers,
      isAdmin: true,
      userSelectedAnswerSaveModel: saveAnswers.userSelectedAnswerSaveModel.map((i) => ({ ...i, userId: 1 })),
    })
    expect(result).toEqual(E.right(saveAnswers))
  })

  it('refuses ids that are not positive integers and e-mails without @', () => {
    expect(
      fieldsOf(
        api.decodeOrFieldErrors(api.ManualTandemCreatePayload, {
          mentees: { userId: 0, email: 'a@b' },
          mentors: { userId: 1.5, email: 'nobody' },
        }),
      ),
    ).toEqual([
      ['mentees.userId', 'invalid-value'],
      ['mentors.userId', 'invalid-value'],
      ['mentors.email', 'invalid-value'],
    ])
  })

  it('accepts only the five tandem export date ranges', () => {
    const base = { includeUserAccountInformation: true, includeMatchingTandemInformation: false, includeProposalInformation: true }
    for (const days of [7, 30, 90, 180, 365])
      expect(E.isRight(api.ExportTandemDataRequest.decode({ ...base, tandemDateRange: days }))).toBe(true)
    for (const days of [0, 14, 60, 366])
      expect(fieldsOf(api.decodeOrFieldErrors(api.ExportTandemDataRequest, { ...base, tandemDateRange: days }))).toEqual([
        ['tandemDateRange', 'invalid-value'],
      ])
  })
})

describe('query codecs', () => {
  it('decode numbers and flags from their text form', () => {
    expect(
      api.ExportTandemDataQuery.decode({
        includeUserAccountInformation: 'true',
        includeMatchingTandemInformation: 'false',
        includeProposalInformation: 'true',
        tandemDateRange: '90',
      }),
    ).toEqual(
      E.right({
        includeUserAccountInformation: true,
        includeMatchingTandemInformation: false,
        includeProposalInformation: true,
        tandemDateRange: 90,
      }),
    )
    expect(api.MatchingTandemByIdQuery.decode({ matchingTandemId: '42' })).toEqual(E.right({ matchingTandemId: 42 }))
  })

  it('refuse ids with signs, fractions or leading zeros and flags other than true/false', () => {
    for (const id of ['-1', '1.5', '007', '', '1e3']) expect(E.isLeft(api.CloseClusterQuery.decode({ clusterId: id }))).toBe(true)
    expect(fieldsOf(api.decodeOrFieldErrors(api.DeleteUserQuery, { emailId: 'a@b', deletefromDB: '1' }))).toEqual([
      ['deletefromDB', 'invalid-value'],
    ])
  })
})

describe('envelope', () => {
  it('ok carries the value and no error message', () => {
    expect(api.ok([1, 2])).toEqual({ isSuccess: true, isFailure: false, value: [1, 2], errorMessage: null, errorCode: null })
  })
  it('fail carries the error message and, when given, a value such as the field errors', () => {
    expect(api.fail('ProfileIncomplete')).toEqual({
      isSuccess: false,
      isFailure: true,
      value: null,
      errorMessage: 'InCompleteProfile',
      errorCode: 'ProfileIncomplete',
    })
    expect(api.fail('ValidationFailed', [{ field: 'city', key: 'requiredFieldError' }]).value).toEqual([
      { field: 'city', key: 'requiredFieldError' },
    ])
  })
  it('the start-matching response also carries a status code', () => {
    const response = { ...api.fail('NotAvailableForMatching', false), statusCode: 400 }
    expect(api.StartMatchingResponse.decode(response)).toEqual(E.right(response))
    expect(E.isLeft(api.StartMatchingResponse.decode(api.fail('Unexpected', false)))).toBe(true)
  })
})
