// Query strings of the GET calls (docs/product.md#calls). Query values arrive as strings, so numbers and flags are
// decoded from their text form here and encoded back to it.
import { isLeft } from 'fp-ts/lib/Either.js'
import * as t from 'io-ts'
import { ClusterId, CohortRunId, TandemId, UserId } from '../shared/ids.js'
import { Language } from '../shared/language.js'
import { Side } from '../users/role.js'
import { TandemDateRange } from './admin.codec.js'
import { EmailAddress } from './wire.codec.js'

/** A positive integer id written in decimal digits ('42'). */
export const IdFromString = new t.Type<number, string, unknown>(
  'IdFromString',
  (u): u is number => typeof u === 'number' && Number.isSafeInteger(u) && u > 0,
  (u, c) => {
    if (typeof u !== 'string' || !/^[1-9]\d{0,14}$/.test(u)) return t.failure(u, c)
    return t.success(Number(u))
  },
  String,
)

/** A branded id written in decimal digits: the digits as IdFromString reads them, then the brand's check. */
const brandedIdFromString = <A extends number>(name: string, id: t.Type<A, number, unknown>): t.Type<A, string, unknown> =>
  new t.Type<A, string, unknown>(
    name,
    id.is,
    (u, c) => {
      const n = IdFromString.validate(u, c)
      return isLeft(n) ? n : id.validate(n.right, c)
    },
    String,
  )

/** A program year's id written in decimal digits. */
export const ClusterIdFromString = brandedIdFromString('ClusterIdFromString', ClusterId)
/** A cohort run's id written in decimal digits. */
export const CohortRunIdFromString = brandedIdFromString('CohortRunIdFromString', CohortRunId)
/** A tandem's id written in decimal digits. */
export const TandemIdFromString = brandedIdFromString('TandemIdFromString', TandemId)
/** A person's id written in decimal digits. */
export const UserIdFromString = brandedIdFromString('UserIdFromString', UserId)

/** 'true' or 'false'. */
export const BooleanFromString = new t.Type<boolean, string, unknown>(
  'BooleanFromString',
  (u): u is boolean => typeof u === 'boolean',
  (u, c) => (u === 'true' ? t.success(true) : u === 'false' ? t.success(false) : t.failure(u, c)),
  String,
)

export const TandemDateRangeFromString = new t.Type<TandemDateRange, string, unknown>(
  'TandemDateRangeFromString',
  TandemDateRange.is,
  (u, c) => {
    const n = typeof u === 'string' && /^\d{1,3}$/.test(u) ? Number(u) : Number.NaN
    return TandemDateRange.is(n) ? t.success(n) : t.failure(u, c)
  },
  String,
)

/** GET /api/Account/GetUserDetails?emailId */
export const UserDetailsQuery = t.strict({ emailId: EmailAddress }, 'UserDetailsQuery')
export type UserDetailsQuery = t.TypeOf<typeof UserDetailsQuery>

/** GET /api/Account/DeleteUserFromIdp?emailId&deletefromDB=true */
export const DeleteUserQuery = t.strict({ emailId: EmailAddress, deletefromDB: BooleanFromString }, 'DeleteUserQuery')
export type DeleteUserQuery = t.TypeOf<typeof DeleteUserQuery>

/** GET /api/User/GetUserProfile?email&language[&role][&viewProfileType] */
export const UserProfileQuery = t.exact(
  t.intersection([t.type({ email: EmailAddress, language: Language }), t.partial({ role: Side, viewProfileType: t.string })]),
  'UserProfileQuery',
)
export type UserProfileQuery = t.TypeOf<typeof UserProfileQuery>

/**
 * GET /api/User/GetProposedUserProfile?email&role&language[&matchingTandemId]: the other side of the
 * named tandem, or of the best current proposal when none is named (a mentor with several places
 * has several proposals, each with its own profile).
 */
export const ProposedProfileQuery = t.exact(
  t.intersection([t.type({ email: EmailAddress, role: Side, language: Language }), t.partial({ matchingTandemId: TandemIdFromString })]),
  'ProposedProfileQuery',
)
export type ProposedProfileQuery = t.TypeOf<typeof ProposedProfileQuery>

/** GET GetQuestionAnswerPairs?language&role&emailId */
export const QuestionAnswerPairsQuery = t.strict({ language: Language, role: Side, emailId: EmailAddress }, 'QuestionAnswerPairsQuery')
export type QuestionAnswerPairsQuery = t.TypeOf<typeof QuestionAnswerPairsQuery>

/** GET GetDeclineReason?email&role&language */
export const DeclineReasonQuery = t.strict({ email: EmailAddress, role: Side, language: Language }, 'DeclineReasonQuery')
export type DeclineReasonQuery = t.TypeOf<typeof DeclineReasonQuery>

/** GET /api/Admin/GetUserDetail?email&language */
export const AdminUserDetailQuery = t.strict({ email: EmailAddress, language: Language }, 'AdminUserDetailQuery')
export type AdminUserDetailQuery = t.TypeOf<typeof AdminUserDetailQuery>

/** GET /api/Admin/GetMasterDataForMenteeStateChange?email */
export const MenteeStateChangeQuery = t.strict({ email: EmailAddress }, 'MenteeStateChangeQuery')
export type MenteeStateChangeQuery = t.TypeOf<typeof MenteeStateChangeQuery>

/** POST /api/Admin/GetMatchingTandemById?matchingTandemId */
export const MatchingTandemByIdQuery = t.strict({ matchingTandemId: TandemIdFromString }, 'MatchingTandemByIdQuery')
export type MatchingTandemByIdQuery = t.TypeOf<typeof MatchingTandemByIdQuery>

/** POST /api/Admin/CreateCluster?yearText (validated further by validateClusterTitle). */
export const CreateClusterQuery = t.strict({ yearText: t.string }, 'CreateClusterQuery')
export type CreateClusterQuery = t.TypeOf<typeof CreateClusterQuery>

/** GET /api/Admin/CloseCluster?clusterId */
export const CloseClusterQuery = t.strict({ clusterId: ClusterIdFromString }, 'CloseClusterQuery')
export type CloseClusterQuery = t.TypeOf<typeof CloseClusterQuery>

/** GET /api/Admin/ExportMatchingTandemData?includeUserAccountInformation&…&tandemDateRange */
export const ExportTandemDataQuery = t.strict(
  {
    includeUserAccountInformation: BooleanFromString,
    includeMatchingTandemInformation: BooleanFromString,
    includeProposalInformation: BooleanFromString,
    tandemDateRange: TandemDateRangeFromString,
  },
  'ExportTandemDataQuery',
)
export type ExportTandemDataQuery = t.TypeOf<typeof ExportTandemDataQuery>

/** The text fields of POST /api/user/UpdateProfileImage (multipart; the file part is `imageFile`). */
export const ProfileImageForm = t.strict({ email: EmailAddress, IsDeleted: BooleanFromString }, 'ProfileImageForm')
export type ProfileImageForm = t.TypeOf<typeof ProfileImageForm>
