// Account calls and the participant view of a user (docs/product.md#entities: User, sign-up,
// sign-in; docs/product.md#calls: Account). Incoming bodies are exact codecs: unknown fields are
// stripped before anything else sees them.
import * as t from 'io-ts'
import { Bilingual, Language } from '../shared/language.js'
import { ConsentDocument } from '../validation/consents.js'
import { RoleName, Side } from '../users/role.js'
import { StatusName } from '../users/status.js'
import { Gender } from '../users/gender.js'
import { ClusterId, TandemId } from '../shared/ids.js'
import { EmailAddress, Id, IsoDate, IsoDateTime, nullable, refined } from './wire.codec.js'

/**
 * A consent checkbox: only true passes; false is refused as a missing answer (requiredFieldError,
 * docs/product.md#validation), because nobody may be stored without having accepted.
 */
export const AcceptedConsent = refined('AcceptedConsent', t.boolean, (b) => b, 'requiredFieldError')

/** POST /api/account/signup; values come from the identity token claims. */
export const SignUpPayload = t.strict(
  {
    FirstName: t.string,
    LastName: t.string,
    DOB: nullable(IsoDate),
    Language: Language,
    Gender: Gender,
    Email: EmailAddress,
    IsAcceptedDataPrivacyPolicy: AcceptedConsent,
    IsAcceptedTermsConditions: AcceptedConsent,
    /** The register-as-mentee or register-as-mentor entry point the user came through. */
    Role: Side,
  },
  'SignUpPayload',
)
export type SignUpPayload = t.TypeOf<typeof SignUpPayload>

/** POST /api/Account/signin. */
export const SignInPayload = t.strict({ Email: EmailAddress, Role: nullable(RoleName) }, 'SignInPayload')
export type SignInPayload = t.TypeOf<typeof SignInPayload>

/** POST /api/Account/DeleteMyAccount: the account's own address and the address the person typed to confirm. */
export const DeleteOwnAccountPayload = t.strict({ email: EmailAddress, confirmEmail: t.string }, 'DeleteOwnAccountPayload')
export type DeleteOwnAccountPayload = t.TypeOf<typeof DeleteOwnAccountPayload>

/** The versions of both documents, as shown to the person or as in force. */
export const ConsentVersionsWire = t.strict({ privacyPolicy: t.string, termsAndConditions: t.string }, 'ConsentVersions')

/** POST /api/Account/AcceptConsents: the caller's address and the versions they were shown and accept. */
export const AcceptConsentsPayload = t.strict({ email: EmailAddress, versions: ConsentVersionsWire }, 'AcceptConsentsPayload')
export type AcceptConsentsPayload = t.TypeOf<typeof AcceptConsentsPayload>

export const UserRoleItem = t.type({ name: RoleName }, 'UserRoleItem')
export type UserRoleItem = t.TypeOf<typeof UserRoleItem>

/**
 * A must-fit question whose answer no available mentor offers (docs/matching.md#no-match): the
 * question as the mentee reads it and the mentee's own answer (the options chosen, or the year).
 */
export const UnmetMustFitWire = t.type({ questionPairId: t.number, question: Bilingual, answers: t.array(Bilingual) }, 'UnmetMustFit')
export type UnmetMustFitWire = t.TypeOf<typeof UnmetMustFitWire>

/** The status of one side of a user, with the questionnaire dates of that side. */
export const UserStatusEntry = t.intersection(
  [
    t.type({
      role: Side,
      userStatus: StatusName,
      userStatusId: Id,
      questionLastPublishDate: nullable(IsoDateTime),
      questionLastSavedDate: nullable(IsoDateTime),
    }),
    /**
     * Mentee entry only: `noMatch`, the last matching run found no suitable mentor (the no-proposals
     * panel survives a reload); `teamEnded`, the mentee's team was ended and put them on the
     * waitlist (core `endedTeamOf`: not for "goals reached", no run of theirs since);
     * `unmetMustFits`, with `noMatch` only, the must-fit answers of the mentee that no available
     * mentor offers now (core `unmetMustFitsOf`; empty when the threshold, not a must-fit, left nobody).
     */
    t.partial({ noMatch: t.boolean, teamEnded: t.boolean, unmetMustFits: t.array(UnmetMustFitWire) }),
  ],
  'UserStatusEntry',
)
export type UserStatusEntry = t.TypeOf<typeof UserStatusEntry>

/** One free-text profile answer (at most 1000 characters, docs/product.md#profile-form). */
export const ProfileQuestionAnswer = t.strict({ userQuestionOriginalId: Id, userAnswer: t.string }, 'ProfileQuestionAnswer')
export type ProfileQuestionAnswer = t.TypeOf<typeof ProfileQuestionAnswer>

/** The participant view of a user (GetUserDetails value, GetUserProfile `userProfile`). */
export const UserView = t.type(
  {
    email: t.string,
    firstName: t.string,
    lastName: t.string,
    gender: Gender,
    dateOfBirth: nullable(IsoDate),
    /** URL of the photo; null shows the default icon. */
    profileImage: nullable(t.string),
    /** Account language id (LANGUAGE_IDS). */
    defaultLanguage: Id,
    countryCodeId: nullable(Id),
    stateOriginalId: nullable(Id),
    city: nullable(t.string),
    professionalPosition: nullable(t.string),
    company: nullable(t.string),
    clusterId: nullable(ClusterId),
    userProfileQuestionAnswers: t.array(ProfileQuestionAnswer),
    userRole: t.array(UserRoleItem),
    userStatuses: t.array(UserStatusEntry),
    language: Language,
    /** The documents to accept again before anything else (a newer version than the accepted one). */
    consentsDue: t.array(ConsentDocument),
    /** The versions in force (what AcceptConsents accepts). */
    consentVersions: ConsentVersionsWire,
  },
  'UserView',
)
export type UserView = t.TypeOf<typeof UserView>

/** POST /api/Logger/LogError. */
export const LogErrorPayload = t.strict({ ErrorMessage: t.string }, 'LogErrorPayload')
export type LogErrorPayload = t.TypeOf<typeof LogErrorPayload>

/** Notification template types (docs/product.md#notifications), plus ADMIN_MESSAGE: an administrator's own words. */
export const NotificationType = t.keyof(
  {
    NEW_TANDEM: null,
    APPROVE_TANDEM: null,
    DECLINE_TANDEM: null,
    ACTIVATE_USER_PROFILE: null,
    DEACTIVATE_USER_PROFILE: null,
    REMINDER_ACTIVE_TANDEM: null,
    REMINDER_UNPUBLISHED_USER_PROFILE: null,
    ADMIN_MESSAGE: null,
  },
  'NotificationType',
)
export type NotificationType = t.TypeOf<typeof NotificationType>

/** POST /api/Notification/NotifyUser: the specification leaves the body open; this is ours.
 *  `subject` and `body` carry an ADMIN_MESSAGE; the template types ignore them. */
export const NotifyUserPayload = t.exact(
  t.intersection([
    t.type({
      email: EmailAddress,
      notificationType: NotificationType,
      matchingTandemId: nullable(TandemId),
    }),
    t.partial({ subject: t.string, body: t.string }),
  ]),
  'NotifyUserPayload',
)
export type NotifyUserPayload = t.TypeOf<typeof NotifyUserPayload>

/** Where a mail stands: waiting or being sent, delivered, or given up (docs/notifications.md). */
export const NotificationState = t.keyof({ queued: null, sent: null, failed: null }, 'NotificationState')
export type NotificationState = t.TypeOf<typeof NotificationState>

/**
 * A notification history entry (the outbox, docs/product.md#notifications), with its id and state so the admin sees
 * what happened to it (`failureReason` only for a failed one) and can send a failed one again.
 */
export const NotificationEntry = t.type(
  {
    notificationId: Id,
    mailSubject: t.string,
    createdDate: IsoDateTime,
    mentorship: nullable(t.string),
    state: NotificationState,
    failureReason: nullable(t.string),
  },
  'NotificationEntry',
)
export type NotificationEntry = t.TypeOf<typeof NotificationEntry>
