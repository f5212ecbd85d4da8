// The questionnaire as the program edits it (docs/admin.md#questionnaire-versions): every question and option ever published,
// the retired ones flagged, with the profile questions and the matching threshold. Checked, then published.
import * as t from 'io-ts'
import { UserId } from '../shared/ids.js'
import { Instant } from '../shared/time.js'
import { AnswerKind, RuleName } from './questionnaire.codec.js'

/** Longest question text (either language, in characters). */
export const QUESTION_TEXT_MAX = 500
/** Longest option text (either language, in characters). */
export const OPTION_TEXT_MAX = 200
/** Longest profile question text (either language, in characters). */
export const PROFILE_QUESTION_TEXT_MAX = 500
/** Longest topic key (questions sharing a topic are shown together). */
export const TOPIC_MAX = 50
export const TOPIC_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/
export const WEIGHT_MIN = 0
export const WEIGHT_MAX = 100
export const YEARS_AHEAD_MAX = 50
/** Live options per question: one 32-bit mask each in the packed scoring path (MAX_OPTIONS_PER_PAIR). */
export const LIVE_OPTIONS_MAX = 32
/** Options per question, retired ones included (they are kept forever). */
export const OPTIONS_MAX = 200
export const QUESTIONS_MAX = 200
export const PROFILE_QUESTIONS_MAX = 50
export const THRESHOLD_MIN = 0
export const THRESHOLD_MAX = 100

export const DraftOption = t.strict({
  id: t.number,
  text: t.strict({ en: t.string, de: t.string }),
  /** "No preference": fits every answer of the other side; cannot be combined with others. */
  noPreference: t.boolean,
  /** "No such background": cannot be combined with others. */
  noSuchBackground: t.boolean,
  /** Retired: no longer offered nor scored; answers that chose it stay readable. */
  retired: t.boolean,
})
export type DraftOption = t.TypeOf<typeof DraftOption>

const DraftSide = t.strict({ questionId: t.number, text: t.strict({ en: t.string, de: t.string }), maxOption: t.number })

export const DraftQuestion = t.strict({
  questionPairId: t.number,
  rule: RuleName,
  kind: AnswerKind,
  weight: t.number,
  mustFit: t.boolean,
  minYearsAhead: t.number,
  topic: t.string,
  /** Null for MentorOnly questions, which only mentors answer. */
  mentee: t.union([DraftSide, t.null]),
  mentor: DraftSide,
  /** In the order shown. */
  options: t.array(DraftOption),
  retired: t.boolean,
})
export type DraftQuestion = t.TypeOf<typeof DraftQuestion>

export const DraftProfileQuestion = t.strict({
  userQuestionOriginalId: t.number,
  text: t.strict({ en: t.string, de: t.string }),
  side: t.keyof({ Mentee: null, Mentor: null, All: null }),
  retired: t.boolean,
})
export type DraftProfileQuestion = t.TypeOf<typeof DraftProfileQuestion>

/** An editable questionnaire: questions in the order shown, grouped by `topic`. */
export const QuestionnaireDraft = t.strict({
  questions: t.array(DraftQuestion),
  profileQuestions: t.array(DraftProfileQuestion),
  /** The lowest percentage a mentor may have to be proposed, 0–100. */
  threshold: t.number,
})
export type QuestionnaireDraft = t.TypeOf<typeof QuestionnaireDraft>

/** Why a draft, a file or an old answer is refused; the web translates each key. */
export const QuestionnaireEditKey = t.keyof({
  requiredFieldError: null,
  'max-characters-exceeded-error': null,
  'invalid-value': null,
  'questionnaire-text-untrimmed': null,
  /** A text carrying markup (`<script`, `<img onerror=…>`): texts are plain text (shared/plain-text.ts). */
  'questionnaire-text-markup': null,
  'questionnaire-topic-format': null,
  'questionnaire-weight-range': null,
  'questionnaire-max-options-range': null,
  'questionnaire-years-ahead-range': null,
  'questionnaire-threshold-range': null,
  'questionnaire-id-invalid': null,
  'questionnaire-kind-does-not-fit-rule': null,
  'questionnaire-options-not-allowed': null,
  'questionnaire-too-many-options': null,
  'questionnaire-too-many-questions': null,
  'questionnaire-exclusive-flags-combined': null,
  'questionnaire-no-preference-twice': null,
  'questionnaire-mentor-only-mentee-question': null,
  'questionnaire-mentor-only-scored': null,
  'questionnaire-mentee-question-missing': null,
  'questionnaire-no-scored-question': null,
  'questionnaire-duplicate-id': null,
  'questionnaire-duplicate-option-text': null,
  'questionnaire-question-deleted': null,
  'questionnaire-option-deleted': null,
  'questionnaire-profile-question-deleted': null,
  'questionnaire-id-reused': null,
  'questionnaire-kind-changed': null,
  'questionnaire-option-meaning-changed': null,
  'questionnaire-draft-stale': null,
  'questionnaire-file-too-large': null,
  'questionnaire-file-not-json': null,
  'questionnaire-answer-unknown-question': null,
  'questionnaire-answer-unknown-option': null,
  /** A retired option chosen anew when saving answers (one held before may be kept); participants meet it. */
  'questionnaire-option-retired': null,
})
export type QuestionnaireEditKey = t.TypeOf<typeof QuestionnaireEditKey>
export const QUESTIONNAIRE_EDIT_KEYS = Object.keys(QuestionnaireEditKey.keys) as readonly QuestionnaireEditKey[]

/** The shape of validation's FieldError (field path, reason key, values the message shows). */
export type QuestionnaireFieldError = {
  readonly field: string
  readonly key: QuestionnaireEditKey
  readonly params?: Readonly<Record<string, string | number>>
}

export const questionnaireFieldError = (
  field: string,
  key: QuestionnaireEditKey,
  params?: Readonly<Record<string, string | number>>,
): QuestionnaireFieldError => (params === undefined ? { field, key } : { field, key, params })

/** A published version: never changed; the next edit starts from a copy (editDraftFrom). */
export const PublishedQuestionnaire = t.strict({
  version: t.number,
  /** Null for the version the installation seeded: nobody published it. */
  publishedBy: t.union([UserId, t.null]),
  publishedAt: Instant,
  draft: QuestionnaireDraft,
})
export type PublishedQuestionnaire = t.TypeOf<typeof PublishedQuestionnaire>
