// Message keys of docs/product.md#validation and docs/product.md#errors. The browser translates
// them; the server returns them in 400s. Keys the specification gives only as English text got a
// kebab-case name here.
import * as t from 'io-ts'
import { QuestionnaireEditKey } from './questionnaire/questionnaire.draft.js'

export const MessageKey = t.keyof({
  /** Why a questionnaire draft, a questionnaire file or an old answer is refused (questionnaire.check). */
  ...QuestionnaireEditKey.keys,
  requiredFieldError: null,
  profileMissingFieldsError: null,
  'max-characters-exceeded-error': null,
  'invalid-profile-image': null,
  'questionnaire-text-too-long': null,
  'max-options-exceeded': null,
  'select-just-one-option': null,
  'exclusive-option-combined': null,
  'invalid-year': null,
  'questionnaire-fields-not-valid': null,
  'decline-reason-mandatory': null,
  'create-program-year-error1': null,
  'enter-a-valid-id': null,
  'admin-mentor-only-differnt-user-error': null,
  'export-option-required': null,
  'existing-name-required': null,
  'invalid-value': null,
  /** A profile question asked only of the other side (docs/product.md#profile-form). */
  'profile-question-other-side': null,
  /** An option id that does not belong to the question pair answered. */
  'unknown-option': null,
  /** A published mentor profile may be saved incomplete only while matching is paused. */
  'profile-incomplete-published': null,
  /** Publishing needs matching enabled (docs/product.md#publishing). */
  'matching-disabled': null,
  /** A cohort run's minimum percentage is a whole number from 0 to 100. */
  'cohort-threshold-range': null,
  /** A cohort run names a program year that does not exist or has ended. */
  'cohort-unknown-program-year': null,
  /** A cohort draft edit names a mentor who is not available for this mentee. */
  'cohort-mentor-not-available': null,
  /** A cohort draft edit names a mentee who is not part of the run. */
  'cohort-unknown-mentee': null,
  /** A page of a cohort draft's list: a whole number from 1. */
  'cohort-draft-page': null,
  /** Rows per page of a cohort draft: a whole number from 1 to 200. */
  'cohort-draft-page-size': null,
  /** Deleting one's account: the typed address is not the account's. */
  'confirmation-email-mismatch': null,
  /** A statistics date range that ends before it starts. */
  'statistics-date-range': null,
  /** "Try in a draft" of learning from outcomes when there is not enough to learn from (docs/learning.md). */
  'learning-not-enough': null,
  /** Accepting consents: the version the person was shown is no longer the one in force. */
  'consent-version-outdated': null,
  /** A JSON body nested deeper than JSON_DEPTH_MAX (objects and arrays within each other). */
  'json-too-deep': null,
  /** A mentor's capacity: a whole number from 1 to 5. */
  'mentor-capacity-range': null,
  /** A meeting proposal offers {{min}} to {{max}} slots (docs/mentorship.md#meetings). */
  'meeting-slot-count': null,
  /** A meeting or a session lasts {{min}} to {{max}} minutes. */
  'meeting-slot-length': null,
  /** A slot starts after now. */
  'meeting-slot-in-past': null,
  /** A slot starts within a year. */
  'meeting-slot-too-far': null,
  /** The slots of one proposal do not overlap. */
  'meeting-slots-overlap': null,
  /** A picked start that is not one of the offered slots. */
  'meeting-slot-unknown': null,
  /** An online meeting's link is an http or https address. */
  'meeting-link-http': null,
  /** A meeting is online (a link) or in person (a place): exactly one of them. */
  'meeting-link-or-place': null,
  /** Agenda, place and notes are plain text. */
  'meeting-text-markup': null,
  /** A time zone the program does not know. */
  'time-zone-unknown': null,
  /** A session logged by hand lies in the past. */
  'session-in-future': null,
  /** A session logged by hand lies within the past year. */
  'session-too-old': null,
})
export type MessageKey = t.TypeOf<typeof MessageKey>
/** Every key, so the web app can test that both languages translate each one. */
export const MESSAGE_KEYS = Object.keys(MessageKey.keys) as readonly MessageKey[]

/** One failed rule: the field it concerns, the message key and the values the message shows. */
export const FieldError = t.readonly(
  t.intersection([
    t.type({ field: t.string, key: MessageKey }),
    t.partial({ params: t.readonly(t.record(t.string, t.union([t.string, t.number]))) }),
  ]),
  'FieldError',
)
export type FieldError = t.TypeOf<typeof FieldError>

export const fieldError = (field: string, key: MessageKey, params?: Readonly<Record<string, string | number>>): FieldError =>
  params === undefined ? { field, key } : { field, key, params }
