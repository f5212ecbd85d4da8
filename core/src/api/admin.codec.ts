// Administrator calls (docs/product.md#entities: admin user detail, list rows, team detail,
// state-change data; docs/product.md#calls: Admin): lists, teams, manual matching, team edits, mentee edits and exports.
import * as t from 'io-ts'
import { Cluster } from '../clusters/cluster.js'
import { ClusterId, ProposalId, TandemId, UserId } from '../shared/ids.js'
import { ProposalState, TandemState } from '../tandem/tandem.codec.js'
import { Side } from '../users/role.js'
import { TEAM_ID_FILTER_MAX } from '../validation/limits.js'
import { StatusName } from '../users/status.js'
import { NotificationEntry, UserRoleItem, UserStatusEntry } from './account.codec.js'
import { QuestionTextAnswer, StatusMasterItem } from './profile.codec.js'
import { MentorPlaces } from './questionnaire.codec.js'
import { ProposalSaveModel } from './proposal.codec.js'
import { TeamEnding } from './ending.codec.js'
import { EmailAddress, FiniteNumber, Id, IsoDateTime, NonNegativeInt, nullable, refined } from './wire.codec.js'

/** ResendNotification body: the failed outbox row to queue again. */
export const ResendNotificationPayload = t.strict({ notificationId: Id }, 'ResendNotificationPayload')
export type ResendNotificationPayload = t.TypeOf<typeof ResendNotificationPayload>

/** A row of the mentee and mentor lists (GetMentees / GetMentors / GetAllUsers). */
export const UserListRow = t.intersection(
  [
    t.type({
      userId: UserId,
      firstName: t.string,
      lastName: t.string,
      email: t.string,
      registrationDate: IsoDateTime,
      /** Program year title; null for mentor-only users. */
      programYear: nullable(t.string),
      status: StatusName,
    }),
    /** A mentor's row also says "places taken / capacity". */
    t.partial({ mentorPlaces: MentorPlaces }),
  ],
  'UserListRow',
)
export type UserListRow = t.TypeOf<typeof UserListRow>

/** GetMentees / GetMentors body: the selected statuses. */
export const StatusSelection = t.array(StatusMasterItem, 'StatusSelection')
export type StatusSelection = t.TypeOf<typeof StatusSelection>

export const MatchingTandemRef = t.type({ matchingTandemId: TandemId })

const AdminUserDetailBase = t.type(
  {
    userRole: t.array(UserRoleItem),
    userStatuses: t.array(UserStatusEntry),
    notification: t.array(NotificationEntry),
    userCompleteProfile: t.type({
      firstName: t.string,
      lastName: t.string,
      email: t.string,
      city: nullable(t.string),
      federalState: nullable(t.string),
      country: nullable(t.string),
      language: nullable(t.string),
      gender: nullable(t.string),
      professionalPosition: nullable(t.string),
      company: nullable(t.string),
      cluster: nullable(t.string),
      registrationDate: IsoDateTime,
    }),
    allData: t.type({
      menteeAccountQuestions: t.array(QuestionTextAnswer),
      mentorAccountQuestions: t.array(QuestionTextAnswer),
      menteeProfileQuestions: t.array(QuestionTextAnswer),
      mentorProfileQuestions: t.array(QuestionTextAnswer),
      menteeMatchingTandem: t.array(MatchingTandemRef),
      mentorMatchingTandem: t.array(MatchingTandemRef),
      menteeLastStartedMatchingDate: nullable(IsoDateTime),
    }),
  },
  'AdminUserDetailBase',
)
/** The user information, with the mentor's places ("places taken / capacity") when the user is a mentor. */
export const AdminUserDetail = t.intersection([AdminUserDetailBase, t.partial({ mentorPlaces: MentorPlaces })], 'AdminUserDetail')
export type AdminUserDetail = t.TypeOf<typeof AdminUserDetail>

/** GetMasterDataForMenteeStateChange value. */
export const MenteeStateChangeData = t.type(
  {
    clusterMaster: t.array(Cluster),
    statusMaster: t.array(StatusMasterItem),
    menteeClusterAndStatusData: t.type({
      clusterModel: t.type({ clusterId: nullable(ClusterId) }),
      statusModel: StatusMasterItem,
    }),
  },
  'MenteeStateChangeData',
)
export type MenteeStateChangeData = t.TypeOf<typeof MenteeStateChangeData>

/** POST /api/Admin/UpdateMenteeInformation. */
export const MenteeStateSavePayload = t.strict(
  {
    statusId: Id,
    clusterId: ClusterId,
    email: EmailAddress,
    previousStatus: StatusName,
    newStatus: StatusName,
  },
  'MenteeStateSavePayload',
)
export type MenteeStateSavePayload = t.TypeOf<typeof MenteeStateSavePayload>

/** A user in the searchable pickers: label full name, sublabel e-mail. */
export const PickerUser = t.type({ userId: UserId, firstName: t.string, lastName: t.string, email: t.string }, 'PickerUser')
export type PickerUser = t.TypeOf<typeof PickerUser>

/** GetManualMatchingMasterData value. */
export const ManualMatchingMasterData = t.type(
  {
    tandemStates: t.array(TandemState),
    proposalStates: t.array(ProposalState),
    mentees: t.array(PickerUser),
    mentors: t.array(PickerUser),
    allUsers: t.array(PickerUser),
    clusters: t.array(Cluster),
  },
  'ManualMatchingMasterData',
)
export type ManualMatchingMasterData = t.TypeOf<typeof ManualMatchingMasterData>

const PickedUser = t.strict({ userId: UserId, email: EmailAddress })

/** POST /api/Admin/CreateMatchingTandemManual: the picked mentee and mentor. */
export const ManualTandemCreatePayload = t.strict({ mentees: PickedUser, mentors: PickedUser }, 'ManualTandemCreatePayload')
export type ManualTandemCreatePayload = t.TypeOf<typeof ManualTandemCreatePayload>

/** The largest team id the filter takes: at most TEAM_ID_FILTER_MAX (10) digits (docs/product.md#admin-forms). */
export const TANDEM_ID_FILTER_MAX = 10 ** TEAM_ID_FILTER_MAX - 1

/** The team id filter: digits only, at most 10 of them, 0 when empty; else 'enter-a-valid-id'. */
export const TandemIdFilter = refined(
  'TandemIdFilter',
  t.number,
  (n) => Number.isSafeInteger(n) && n >= 0 && n <= TANDEM_ID_FILTER_MAX,
  'enter-a-valid-id',
)

/** POST /api/Admin/GetMatchingTandemList. */
export const MatchingTandemListRequest = t.strict(
  {
    tandemStates: t.array(TandemState),
    /** 0 when the id filter is empty. */
    tandemId: TandemIdFilter,
    /** User search; empty string for everyone. */
    email: t.string,
    filterCluster: t.array(ClusterId),
  },
  'MatchingTandemListRequest',
)
export type MatchingTandemListRequest = t.TypeOf<typeof MatchingTandemListRequest>

export const MatchingTandemListRow = t.type(
  {
    id: Id,
    createdDate: IsoDateTime,
    programYear: nullable(t.string),
    menteeLastName: t.string,
    mentorLastName: t.string,
    tandemStatus: TandemState,
    menteeProposalStatus: ProposalState,
    mentorProposalStatus: ProposalState,
    baseMatchRuleScore: FiniteNumber,
    maxScore: FiniteNumber,
    /** 0 for manual tandems ('Manual Matching'). */
    percentage: FiniteNumber,
  },
  'MatchingTandemListRow',
)
export type MatchingTandemListRow = t.TypeOf<typeof MatchingTandemListRow>

export const TeamProposalDetail = t.type(
  {
    status: ProposalState,
    proposalId: ProposalId,
    email: t.string,
    firstName: t.string,
    lastName: t.string,
    createdDate: IsoDateTime,
    comment: nullable(t.string),
    declineReasonText: nullable(t.string),
    /** The information text a declining mentor leaves for the mentee. */
    declineInformationText: nullable(t.string),
  },
  'TeamProposalDetail',
)
export type TeamProposalDetail = t.TypeOf<typeof TeamProposalDetail>

/** Sessions so far, the last one's start and the next agreed meeting's (UTC), of one team. */
export const TeamMeetingFigures = t.strict(
  { sessions: NonNegativeInt, lastSessionAt: nullable(IsoDateTime), nextMeetingAt: nullable(IsoDateTime) },
  'TeamMeetingFigures',
)
export type TeamMeetingFigures = t.TypeOf<typeof TeamMeetingFigures>

/** GetMatchingTandemById value. `version` comes back with every edit (TandemChanged otherwise). */
export const TeamDetail = t.intersection(
  [
    t.type({
      tandemId: TandemId,
      version: NonNegativeInt,
      tandemStatus: TandemState,
      matchingTandemMenteeProposal: TeamProposalDetail,
      matchingTandemMentorProposal: TeamProposalDetail,
    }),
    /** Set once a participant or an administrator ended the MATCHED team. */
    t.partial({ ending: TeamEnding }),
    /**
     * The team's meetings as administrators see them (docs/mentorship.md#meetings): counts and dates,
     * never a link, place or agenda, which belong to the pair.
     */
    t.partial({ meetings: TeamMeetingFigures }),
  ],
  'TeamDetail',
)
export type TeamDetail = t.TypeOf<typeof TeamDetail>

/** The tandem an admin edit applies to, with the version the admin loaded. */
export const AdminTandemSaveModel = t.strict(
  { matchingTandemId: TandemId, tandemState: TandemState, version: NonNegativeInt },
  'AdminTandemSaveModel',
)
export type AdminTandemSaveModel = t.TypeOf<typeof AdminTandemSaveModel>

/** POST /api/Admin/AcceptProposal: a list of accepts done on behalf of participants. */
export const AdminAcceptPayload = t.array(
  t.strict({
    email: EmailAddress,
    role: Side,
    pairedUserEmail: EmailAddress,
    proposalSaveModel: t.array(ProposalSaveModel),
    matchingTandemSaveModel: t.array(AdminTandemSaveModel),
  }),
  'AdminAcceptPayload',
)
export type AdminAcceptPayload = t.TypeOf<typeof AdminAcceptPayload>

/** POST /api/Admin/DeclineProposal. */
export const AdminDeclinePayload = t.strict(
  {
    declineProposal: t.strict({
      proposalId: ProposalId,
      proposalState: ProposalState,
      comment: nullable(t.string),
      declineMatchingTandem: AdminTandemSaveModel,
    }),
    menteeEmail: EmailAddress,
    mentorEmail: EmailAddress,
    role: Side,
  },
  'AdminDeclinePayload',
)
export type AdminDeclinePayload = t.TypeOf<typeof AdminDeclinePayload>

/** POST /api/Admin/CloseMatchingTandem (release): the team's two proposals. */
export const CloseTandemPayload = t.array(
  t.strict({ proposalId: ProposalId, proposalState: ProposalState, comment: nullable(t.string) }),
  'CloseTandemPayload',
)
export type CloseTandemPayload = t.TypeOf<typeof CloseTandemPayload>

/** Export of a side's user data; at least one include flag must be set. */
export const ExportUserDataRequest = t.strict(
  {
    role: Side,
    includeBasicAccountInformation: t.boolean,
    includeExtededAccountInformation: t.boolean,
    includeProfileInformation: t.boolean,
    /** clusterIds filter mentees, statuses filter mentors. */
    filterData: t.exact(t.partial({ clusterIds: t.array(ClusterId), statuses: t.array(StatusName) })),
  },
  'ExportUserDataRequest',
)
export type ExportUserDataRequest = t.TypeOf<typeof ExportUserDataRequest>

export const TANDEM_DATE_RANGES = [7, 30, 90, 180, 365] as const
export const TandemDateRange = t.union([t.literal(7), t.literal(30), t.literal(90), t.literal(180), t.literal(365)], 'TandemDateRange')
export type TandemDateRange = t.TypeOf<typeof TandemDateRange>

/** Export of matching teams of the last `tandemDateRange` days. */
export const ExportTandemDataRequest = t.strict(
  {
    includeUserAccountInformation: t.boolean,
    includeMatchingTandemInformation: t.boolean,
    includeProposalInformation: t.boolean,
    tandemDateRange: TandemDateRange,
  },
  'ExportTandemDataRequest',
)
export type ExportTandemDataRequest = t.TypeOf<typeof ExportTandemDataRequest>

/** GET /api/Admin/GetClusters value item. */
export const ClusterView = Cluster
export type ClusterView = Cluster
