import fc from 'fast-check'
import * as E from 'fp-ts/lib/Either.js'
import type * as t from 'io-ts'
import { describe, expect, it } from 'vitest'
import * as api from '../src/api/index.js'
import { Cluster } from '../src/clusters/cluster.js'
import { FieldError } from '../src/messages.js'
import { arbitraryOf, encodedArbitraryOf } from './arbitraries/api.arbitraries.js'

/** Incoming bodies and queries: exact codecs that strip unknown fields. */
const REQUESTS: Readonly<Record<string, t.Mixed>> = {
  SignUpPayload: api.SignUpPayload,
  SignInPayload: api.SignInPayload,
  ProfileUpdateRequest: api.ProfileUpdateRequest,
  SaveAnswersPayload: api.SaveAnswersPayload,
  StatusUpdatePayload: api.StatusUpdatePayload,
  AcceptDeclinePayload: api.AcceptDeclinePayload,
  GetProposalsRequest: api.GetProposalsRequest,
  StartMatchingRequest: api.StartMatchingRequest,
  MenteeStateSavePayload: api.MenteeStateSavePayload,
  ManualTandemCreatePayload: api.ManualTandemCreatePayload,
  MatchingTandemListRequest: api.MatchingTandemListRequest,
  AdminAcceptPayload: api.AdminAcceptPayload,
  AdminDeclinePayload: api.AdminDeclinePayload,
  CloseTandemPayload: api.CloseTandemPayload,
  StatusSelection: api.StatusSelection,
  ExportUserDataRequest: api.ExportUserDataRequest,
  ExportTandemDataRequest: api.ExportTandemDataRequest,
  LogErrorPayload: api.LogErrorPayload,
  NotifyUserPayload: api.NotifyUserPayload,
  UserDetailsQuery: api.UserDetailsQuery,
  DeleteUserQuery: api.DeleteUserQuery,
  UserProfileQuery: api.UserProfileQuery,
  ProposedProfileQuery: api.ProposedProfileQuery,
  QuestionAnswerPairsQuery: api.QuestionAnswerPairsQuery,
  DeclineReasonQuery: api.DeclineReasonQuery,
  AdminUserDetailQuery: api.AdminUserDetailQuery,
  MenteeStateChangeQuery: api.MenteeStateChangeQuery,
  MatchingTandemByIdQuery: api.MatchingTandemByIdQuery,
  CreateClusterQuery: api.CreateClusterQuery,
  CloseClusterQuery: api.CloseClusterQuery,
  ExportTandemDataQuery: api.ExportTandemDataQuery,
  ProfileImageForm: api.ProfileImageForm,
}

/** Responses, each inside the envelope. */
const RESPONSES: Readonly<Record<string, t.Mixed>> = {
  UserView: api.UserView,
  UserProfileResponse: api.UserProfileResponse,
  ProfileMasterData: api.ProfileMasterData,
  ProposedProfile: api.ProposedProfile,
  QuestionAnswerResponse: api.QuestionAnswerResponse,
  ProposalsResponse: api.ProposalsResponse,
  DeclineReasonItem: api.DeclineReasonItem,
  AdminUserDetail: api.AdminUserDetail,
  UserListRow: api.UserListRow,
  Cluster,
  StatusMasterItem: api.StatusMasterItem,
  MenteeStateChangeData: api.MenteeStateChangeData,
  ManualMatchingMasterData: api.ManualMatchingMasterData,
  MatchingTandemListRow: api.MatchingTandemListRow,
  TeamDetail: api.TeamDetail,
  NotificationEntry: api.NotificationEntry,
  FieldError,
}

const EXTRA = '__unexpected'
/** Adds an unknown field to every object of a JSON value, at any depth. */
const withExtraFields = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withExtraFields)
  if (value !== null && typeof value === 'object')
    return { ...Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withExtraFields(v)])), [EXTRA]: 'DROP TABLE users' }
  return value
}
const mentionsExtra = (value: unknown): boolean => JSON.stringify(value).includes(EXTRA)

describe('wire codecs round-trip', () => {
  for (const [name, codec] of Object.entries({ ...REQUESTS, ...RESPONSES })) {
    it(`${name}: encode(decode(x)) == x for valid wire values`, () => {
      fc.assert(
        fc.property(encodedArbitraryOf(codec), (wire) => {
          const decoded = codec.decode(wire)
          expect(E.isRight(decoded)).toBe(true)
          if (E.isRight(decoded)) expect(codec.encode(decoded.right)).toEqual(wire)
        }),
        { numRuns: 40 },
      )
    })
  }
  for (const [name, codec] of Object.entries(RESPONSES)) {
    it(`${name} inside the envelope round-trips, failures included`, () => {
      const envelope = api.Envelope(codec)
      fc.assert(
        fc.property(arbitraryOf(codec), fc.constantFrom(...api.ERROR_CODES), (value, code) => {
          for (const e of [api.ok(value), api.fail(code), api.fail(code, value)])
            expect(envelope.decode(JSON.parse(JSON.stringify(envelope.encode(e))))).toEqual(E.right(e))
        }),
        { numRuns: 20 },
      )
    })
  }
})

describe('incoming bodies are exact', () => {
  for (const [name, codec] of Object.entries(REQUESTS)) {
    it(`${name}: unknown fields at any depth are stripped and never reach the handler`, () => {
      fc.assert(
        fc.property(encodedArbitraryOf(codec), (wire) => {
          const decoded = codec.decode(withExtraFields(wire))
          expect(E.isRight(decoded)).toBe(true)
          if (E.isRight(decoded)) {
            expect(mentionsExtra(decoded.right)).toBe(false)
            expect(codec.encode(decoded.right)).toEqual(wire)
          }
        }),
        { numRuns: 30 },
      )
    })
  }
})
