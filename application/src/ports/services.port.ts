// What the HTTP adapter needs from the application: one function per call of docs/product.md#calls, taking the
// decoded input and/or the caller (only what it reads), answering a value or a DomainError. The
// server implements it.
import type {
  Side,
  AttentionRowView,
  MyTimelineWire,
  TimelineWire,
  CheckInOccasion,
  TandemId,
  AcceptConsentsPayload,
  AcceptDeclinePayload,
  AdminEndTandemPayload,
  EndTandemPayload,
  SetWaitlistPayload,
  WaitlistView,
  WaitlistStopLinkView,
  WaitlistOverviewView,
  AdminAcceptPayload,
  AdminDeclinePayload,
  AdminUserDetail,
  AdminUserDetailQuery,
  CloseTandemPayload,
  Cluster,
  DeclineReasonItem,
  DeclineReasonQuery,
  DeleteUserQuery,
  DeleteOwnAccountPayload,
  DomainError,
  LogErrorPayload,
  ManualMatchingMasterData,
  ManualTandemCreatePayload,
  MatchingTandemListRequest,
  MatchingTandemListRow,
  MenteeStateChangeData,
  MenteeStateSavePayload,
  NotifyUserPayload,
  ProfileUpdateRequest,
  ProposalsResponse,
  ProposedProfile,
  ProposedProfileQuery,
  QuestionAnswerPairsQuery,
  QuestionAnswerResponse,
  SaveAnswersPayload,
  SignInPayload,
  SignUpPayload,
  StatusMasterItem,
  StatusSelection,
  StatusUpdatePayload,
  MentorCapacityPayload,
  TeamDetail,
  UserListRow,
  UserProfileQuery,
  UserProfileResponse,
  UserView,
  VerifiedIdentity,
  RoleName,
  UserId,
  ExportTandemDataRequest,
  ExportUserDataRequest,
  Language,
  ResendNotificationPayload,
  CohortChoicesQuery,
  CohortDraftEdit,
  CohortDraftQuery,
  CohortDraftView,
  CohortMentorChoice,
  CohortPublishResult,
  CohortRunQuery,
  CohortRunRequest,
  CohortRunView,
  LatestCohortRunQuery,
  AuditRecordsRequest,
  AuditRecordsPage,
  RetentionDueRow,
  StatisticsChart,
  StatisticsFilter,
  StatisticsReport,
  QuestionnaireCheckView,
  QuestionnaireDraftSave,
  QuestionnaireDraftView,
  QuestionnairePublishRequest,
  QuestionnaireVersionSummary,
  QuestionnaireExportQuery,
  QuestionnaireFile,
  QuestionnaireImportRequest,
  QuestionnairePreviewQuery,
  QuestionnairePreviewRequest,
  QuestionnairePreviewView,
  AnswerTookPlacePayload,
  LogSessionPayload,
  MeetingNotePayload,
  MoveMeetingPayload,
  MyMeetingsWire,
  PickSlotPayload,
  ProposeMeetingPayload,
  ClusterId,
  LearningTryInDraftRequest,
  LearningView,
} from '@tandem/core'
import type { Either } from 'fp-ts/lib/Either.js'

/** A signed-in caller, resolved once per request from the verified token and our user table. `userId` is null until they have signed up. */
export type Actor = {
  readonly identity: VerifiedIdentity
  readonly userId: UserId | null
  /** The account's e-mail (ours when signed up, else the token's): the only one they may name. */
  readonly email: string
  readonly roles: readonly RoleName[]
  readonly isAdmin: boolean
  /** A newer version of a legal text waits for acceptance: only the routes that allow it answer (403 ConsentsDue). */
  readonly consentsDue: boolean
  /**
   * The database generation read when the caller was resolved: the request's cached answers are
   * checked against it instead of reading it again. Absent, a service reads it itself.
   */
  readonly generation?: string
}

/** A personal-data download in preparation: its state and how far it got (0–100). */
export type PersonalDataJob = { readonly state: 'preparing' | 'ready' | 'failed'; readonly progress: number }

export type Outcome<T> = Promise<Either<DomainError, T>>

/** A spreadsheet written while it is sent (routes.exports.ts): its download name and its writer. */
export type Spreadsheet = { readonly filename: string; readonly write: (out: NodeJS.WritableStream) => Promise<void> }

/** The account our user table holds for a verified identity, if any. */
export type KnownAccount = {
  readonly userId: UserId
  readonly email: string
  readonly roles: readonly RoleName[]
  /** A newer version of a legal text waits for the person's acceptance (core's `consentsDue`). */
  readonly consentsDue: boolean
}

/**
 * A request's caller as our tables know them: the account (null when none, `'deleted'` when the
 * account the token names was deleted after the token was issued), and the database generation
 * that answer holds for (read at the start of the request).
 */
export type CallerAccount = { readonly account: KnownAccount | null | 'deleted'; readonly generation: string }

// Check-ins (docs/api.md#check-ins).
export type OpenCheckInView = {
  readonly matchingTandemId: TandemId
  readonly role: Side
  readonly occasion: CheckInOccasion
  readonly askedAt: string
}

/** What a check-in link's page shows; `closedBecause` names the refusal a click would get (null while open). */
export type CheckInLinkView = {
  readonly role: Side
  readonly occasion: CheckInOccasion
  readonly open: boolean
  readonly closedBecause: 'CheckInLinkUsed' | 'CheckInLinkExpired' | 'CheckInNotOpen' | null
}

export type AttentionRow = AttentionRowView & { readonly matchingTandemId: TandemId }

export type MentorshipService = {
  readonly openCheckIns: (actor: Actor) => Promise<Either<DomainError, readonly OpenCheckInView[]>>
  readonly answer: (
    actor: Actor,
    body: { readonly matchingTandemId: TandemId; readonly occasion: CheckInOccasion; readonly answer: unknown },
  ) => Promise<Either<DomainError, boolean>>
  readonly linkCheckIn: (token: string) => Promise<Either<DomainError, CheckInLinkView>>
  readonly answerByLink: (body: { readonly token: string; readonly answer: unknown }) => Promise<Either<DomainError, boolean>>
  /** Administrators only; recorded in the audit trail as `attention.list`, naming both sides of every listed team. */
  readonly attention: (actor: Actor, clusterId: number | null) => Promise<Either<DomainError, readonly AttentionRow[]>>
  /**
   * Administrators only: one team's whole timeline, both sides' answers and notes (null for a team
   * that never matched); recorded as `team-timeline.read`, naming both sides.
   */
  readonly teamTimeline: (actor: Actor, tandemId: TandemId) => Promise<Either<DomainError, TimelineWire | null>>
  /** The caller's timelines of their running (and recently ended) teams: their own side only. */
  readonly myTimelines: (actor: Actor) => Promise<Either<DomainError, readonly MyTimelineWire[]>>
}

/** Meetings of matched teams (docs/api.md#meetings); every call acts as the caller's side of their own team. */
export type MeetingsService = {
  readonly propose: (actor: Actor, body: ProposeMeetingPayload) => Promise<Either<DomainError, MyMeetingsWire>>
  readonly pickSlot: (actor: Actor, body: PickSlotPayload) => Promise<Either<DomainError, MyMeetingsWire>>
  readonly askOtherTimes: (actor: Actor, body: MeetingNotePayload) => Promise<Either<DomainError, MyMeetingsWire>>
  readonly move: (actor: Actor, body: MoveMeetingPayload) => Promise<Either<DomainError, MyMeetingsWire>>
  readonly cancel: (actor: Actor, body: MeetingNotePayload) => Promise<Either<DomainError, MyMeetingsWire>>
  readonly answerTookPlace: (actor: Actor, body: AnswerTookPlacePayload) => Promise<Either<DomainError, MyMeetingsWire>>
  readonly logSession: (actor: Actor, body: LogSessionPayload) => Promise<Either<DomainError, MyMeetingsWire>>
  readonly mine: (actor: Actor) => Promise<Either<DomainError, MyMeetingsWire>>
  readonly setTimeZone: (actor: Actor, timeZone: string) => Promise<Either<DomainError, MyMeetingsWire>>
  /** A new secret feed address, answered once; the previous one stops answering. */
  readonly renewCalendarFeed: (actor: Actor) => Promise<Either<DomainError, { readonly url: string }>>
  /** The feed of a secret address as text/calendar; NotFound when unknown or renewed. */
  readonly calendarFeed: (token: string) => Promise<Either<DomainError, string>>
}

export type Services = {
  /** The account our user table holds for a verified identity, with the generation it was read at. */
  readonly accountOf: (identity: VerifiedIdentity) => Promise<CallerAccount>
  readonly health: () => Promise<{ readonly status: 'ok'; readonly database: 'ok' }>
  readonly account: {
    readonly signUp: (actor: Actor, body: SignUpPayload) => Outcome<UserView>
    readonly signIn: (actor: Actor, body: SignInPayload) => Outcome<UserView>
    /** The caller's own view (the route has checked that the query names them). */
    readonly userDetails: (actor: Actor) => Outcome<UserView>
    readonly deleteUser: (actor: Actor, query: DeleteUserQuery) => Outcome<boolean>
    /** Deletes the caller's own account for good (the body's typed address must be theirs). */
    readonly deleteOwnAccount: (actor: Actor, body: DeleteOwnAccountPayload) => Outcome<boolean>
    /** Records the caller's acceptance of the documents' versions in force (the body names the versions shown). */
    readonly acceptConsents: (actor: Actor, body: AcceptConsentsPayload) => Outcome<UserView>
    readonly logError: (actor: Actor | null, body: LogErrorPayload) => Outcome<boolean>
    readonly notifyUser: (actor: Actor, body: NotifyUserPayload) => Outcome<boolean>
  }
  readonly user: {
    readonly profile: (actor: Actor, query: UserProfileQuery) => Outcome<UserProfileResponse>
    readonly updateProfile: (actor: Actor, body: ProfileUpdateRequest) => Outcome<boolean>
    /** The caller's photo: `image` is already sniffed and re-encoded; null deletes it. */
    readonly updateImage: (actor: Actor, image: { readonly mime: string; readonly bytes: Buffer } | null) => Outcome<boolean>
    /** The photo of `userId`, for the user, an administrator, or someone sharing a tandem with them. */
    readonly image: (actor: Actor, userId: UserId) => Outcome<{ readonly mime: string; readonly bytes: Buffer } | null>
    readonly proposedProfile: (
      actor: Actor,
      query: ProposedProfileQuery,
    ) => Outcome<ProposedProfile & { readonly matchingTandemId: number }>
    readonly allStatuses: () => Outcome<readonly StatusMasterItem[]>
  }
  readonly questionnaire: {
    readonly questionAnswerPairs: (actor: Actor, query: QuestionAnswerPairsQuery) => Outcome<QuestionAnswerResponse>
    readonly saveAnswers: (actor: Actor, body: SaveAnswersPayload) => Outcome<boolean>
    readonly updateUserStatus: (actor: Actor, body: StatusUpdatePayload) => Outcome<boolean>
    readonly updateMentorCapacity: (actor: Actor, body: MentorCapacityPayload) => Outcome<boolean>
  }
  readonly matching: {
    readonly proposals: (actor: Actor) => Outcome<ProposalsResponse>
    readonly accept: (actor: Actor, body: AcceptDeclinePayload) => Outcome<boolean>
    readonly decline: (actor: Actor, body: AcceptDeclinePayload) => Outcome<boolean>
    readonly declineReasons: (query: DeclineReasonQuery) => Outcome<readonly DeclineReasonItem[]>
    readonly startMatching: (actor: Actor) => Outcome<boolean>
    /** The caller ends their own MATCHED team with a reason. */
    readonly endTandem: (actor: Actor, body: EndTandemPayload) => Outcome<boolean>
    /** The caller's waitlist (docs/matching.md#waitlist): on or off, and since when they wait. */
    readonly waitlist: (actor: Actor) => Outcome<WaitlistView>
    /** The caller turns the waitlist on or off (a mentee only). */
    readonly setWaitlist: (actor: Actor, body: SetWaitlistPayload) => Outcome<boolean>
    /** The waitlist mail's stop page before the click (no sign-in): never changes anything. */
    readonly waitlistStopByLink: (token: string) => Outcome<WaitlistStopLinkView>
    /** The click on that page (no sign-in): uses the one-time link and turns the waitlist off. */
    readonly stopWaitlistByLink: (token: string) => Outcome<boolean>
  }
  readonly admin: {
    readonly allUsers: (actor: Actor) => Outcome<readonly UserListRow[]>
    readonly userDetail: (actor: Actor, query: AdminUserDetailQuery) => Outcome<AdminUserDetail>
    readonly menteeStateChangeData: (actor: Actor, email: string) => Outcome<MenteeStateChangeData>
    readonly updateMenteeInformation: (actor: Actor, body: MenteeStateSavePayload) => Outcome<boolean>
    readonly manualMatchingMasterData: (actor: Actor) => Outcome<ManualMatchingMasterData>
    readonly createManualTandem: (actor: Actor, body: ManualTandemCreatePayload) => Outcome<number>
    readonly updateUserStatus: (actor: Actor, body: StatusUpdatePayload) => Outcome<boolean>
    readonly updateMentorCapacity: (actor: Actor, body: MentorCapacityPayload) => Outcome<boolean>
    readonly tandemList: (actor: Actor, body: MatchingTandemListRequest) => Outcome<readonly MatchingTandemListRow[]>
    readonly statusMaster: (actor: Actor) => Outcome<readonly StatusMasterItem[]>
    readonly usersByStatus: (actor: Actor, side: 'Mentee' | 'Mentor', selection: StatusSelection) => Outcome<readonly UserListRow[]>
    readonly tandemById: (actor: Actor, tandemId: TandemId) => Outcome<TeamDetail>
    readonly closeTandem: (actor: Actor, body: CloseTandemPayload) => Outcome<boolean>
    /** Ends a MATCHED team with a reason (a release takes none). */
    readonly endTandem: (actor: Actor, body: AdminEndTandemPayload) => Outcome<boolean>
    readonly clusters: (actor: Actor) => Outcome<readonly Cluster[]>
    readonly createCluster: (actor: Actor, title: string) => Outcome<Cluster>
    readonly closeCluster: (actor: Actor, clusterId: ClusterId) => Outcome<boolean>
    readonly syncFromIdp: (actor: Actor) => Outcome<number>
    readonly accept: (actor: Actor, body: AdminAcceptPayload) => Outcome<boolean>
    readonly decline: (actor: Actor, body: AdminDeclinePayload) => Outcome<boolean>
    /** Queues a failed notification again (InvalidTransition when it is not failed). */
    readonly resendNotification: (actor: Actor, body: ResendNotificationPayload) => Outcome<boolean>
    /** The administrators' audit trail, filtered, one page. */
    readonly auditRecords: (actor: Actor, body: AuditRecordsRequest) => Outcome<AuditRecordsPage>
    /** The people the retention sweep will erase, with their notice's state. */
    readonly retentionDue: (actor: Actor) => Outcome<readonly RetentionDueRow[]>
  }
  /** The admin's cohort page: whole-cohort runs in a worker thread, their drafts, the publish. */
  readonly cohort: {
    readonly start: (actor: Actor, body: CohortRunRequest) => Outcome<CohortRunView>
    /** The run named, or the latest run (null when there was none). */
    readonly progress: (query: LatestCohortRunQuery) => Outcome<CohortRunView | null>
    readonly cancel: (query: CohortRunQuery) => Outcome<CohortRunView>
    readonly draft: (query: CohortDraftQuery) => Outcome<CohortDraftView | null>
    readonly choices: (query: CohortChoicesQuery) => Outcome<readonly CohortMentorChoice[]>
    readonly edit: (body: CohortDraftEdit) => Outcome<CohortDraftView>
    readonly publish: (actor: Actor, query: CohortRunQuery) => Outcome<CohortPublishResult>
  }
  /** What the outcomes say about the questionnaire's questions (docs/learning.md); administrators only. */
  readonly learning: {
    /** The report of one program year (null: all years); audited as `learning.read`. */
    readonly report: (actor: Actor, clusterId: ClusterId | null) => Outcome<LearningView>
    /**
     * The report's suggested weights saved into the questionnaire draft edited at `revision` (the draft
     * save's rules and its 409); ValidationFailed when there is not enough to learn from. Audited as
     * `learning.adopt`.
     */
    readonly tryInDraft: (actor: Actor, body: LearningTryInDraftRequest) => Outcome<QuestionnaireDraftView>
  }
  /** The administrator's questionnaire: its draft, the check, the publish, the published versions. */
  readonly questionnaireVersions: {
    readonly draft: (actor: Actor) => Outcome<QuestionnaireDraftView>
    /** InvalidTransition (409) when the draft moved since the revision edited; nothing is saved. */
    readonly saveDraft: (actor: Actor, body: QuestionnaireDraftSave) => Outcome<QuestionnaireDraftView>
    readonly check: (actor: Actor) => Outcome<QuestionnaireCheckView>
    /** ValidationFailed with the check's findings, InvalidTransition when the draft moved; else the new version. */
    readonly publish: (actor: Actor, body: QuestionnairePublishRequest) => Outcome<QuestionnaireVersionSummary>
    readonly versions: (actor: Actor) => Outcome<readonly QuestionnaireVersionSummary[]>
    /** A published version as a questionnaire file; NotFound for a version never published. */
    readonly exportFile: (actor: Actor, query: QuestionnaireExportQuery) => Outcome<QuestionnaireFile>
    /** The file, decoded and checked, as the draft (ValidationFailed with the fields under `file.`, InvalidTransition when the draft moved). */
    readonly importFile: (actor: Actor, body: QuestionnaireImportRequest) => Outcome<QuestionnaireDraftView>
    /** Starts the saved draft's impact preview in a worker (ValidationFailed with the check's findings when it cannot be scored). */
    readonly startPreview: (actor: Actor, body: QuestionnairePreviewRequest) => Outcome<QuestionnairePreviewView>
    /** A preview's progress or result, from any instance; NotFound for none by that id (or one forgotten). */
    readonly preview: (actor: Actor, query: QuestionnairePreviewQuery) => Outcome<QuestionnairePreviewView>
    /** Cancels a Running preview (its worker stops); NotFound for none by that id, InvalidTransition for a finished one. */
    readonly cancelPreview: (actor: Actor, query: QuestionnairePreviewQuery) => Outcome<QuestionnairePreviewView>
  }
  /** The person's own copy of their data (GDPR Art. 15/20), prepared off the request. */
  readonly personalData: {
    readonly start: (actor: Actor) => Outcome<PersonalDataJob>
    /** NotFound when no preparation was started (or it expired). */
    readonly status: (actor: Actor) => Outcome<PersonalDataJob>
    /** The ready zip, once; NotFound when none is ready. */
    readonly download: (actor: Actor) => Outcome<{ readonly filename: string; readonly bytes: Buffer }>
  }
  readonly exports: {
    readonly userData: (actor: Actor, body: ExportUserDataRequest, language: Language) => Outcome<Spreadsheet>
    readonly tandemData: (actor: Actor, query: ExportTandemDataRequest, language: Language) => Outcome<Spreadsheet>
    /** The teams needing attention (optionally of one program year) with their reasons in the admin's language. */
    readonly attention: (actor: Actor, clusterId: number | null, language: Language) => Outcome<Spreadsheet>
  }
  /** Check-ins of matched teams (docs/api.md#check-ins). */
  readonly mentorship: MentorshipService
  /** Meetings and sessions of matched teams (docs/api.md#meetings). */
  readonly meetings: MeetingsService
  readonly statistics: {
    /** The program statistics of the filter (ValidationFailed for a range that ends before it starts). */
    readonly report: (filter: StatisticsFilter, language: Language) => Outcome<StatisticsReport>
    /** One chart's table as a spreadsheet; the workbook names the administrator who made it. */
    readonly spreadsheet: (actor: Actor, chart: StatisticsChart, filter: StatisticsFilter, language: Language) => Outcome<Spreadsheet>
    /** The waitlist as administrators see it (docs/admin.md#waitlist): who waits, counts, waiting time, supply gaps; audited (`waitlist.list`). */
    readonly waitlist: (actor: Actor, clusterId: number | null, language: Language) => Outcome<WaitlistOverviewView>
  }
}
