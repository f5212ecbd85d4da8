// Questionnaire calls (docs/product.md#entities: questionnaire question and answers; docs/product.md#calls: Questionnaire).
// Field names keep the specification's mixed case: the save payload is PascalCase, the rest camelCase.
import * as t from 'io-ts'
import { AnswerKind, RuleName } from '../questionnaire/questionnaire.codec.js'
import { Language } from '../shared/language.js'
import { Side } from '../users/role.js'
import { StatusName } from '../users/status.js'
import { EmailAddress, Id, NonNegativeInt, ZeroOrOne, nullable } from './wire.codec.js'

export const PossibleAnswer = t.type(
  {
    originalPossibleAnswerId: Id,
    optionText: t.string,
    languageName: Language,
    /** "No preference": fits all, exclusive. Sent so the browser validates with the same rules. */
    isNoPreference: t.boolean,
    /** "No such background": exclusive. */
    isNoSuchBackground: t.boolean,
  },
  'PossibleAnswer',
)
export type PossibleAnswer = t.TypeOf<typeof PossibleAnswer>

/** One stored answer row: a chosen option, or the year / free text in `directFieldAnswer`. */
export const UserSelectedAnswer = t.type(
  {
    originalQuestionId: Id,
    originalPossibleAnswerId: nullable(Id),
    directFieldAnswer: nullable(t.string),
  },
  'UserSelectedAnswer',
)
export type UserSelectedAnswer = t.TypeOf<typeof UserSelectedAnswer>

export const QuestionnaireQuestion = t.type(
  {
    originalQuestionId: Id,
    questionPairId: Id,
    questionText: t.string,
    ruleName: RuleName,
    /** choice, year or text: how the question is answered (not derivable from the rule alone). */
    answerKind: AnswerKind,
    maxOption: NonNegativeInt,
    topic: t.string,
    possibleAnswers: t.array(PossibleAnswer),
    userSelectedAnswers: t.array(UserSelectedAnswer),
  },
  'QuestionnaireQuestion',
)
export type QuestionnaireQuestion = t.TypeOf<typeof QuestionnaireQuestion>

/** GetQuestionAnswerPairs value. */
/** A mentor's places (docs/matching.md#places): how many their live tandems take, of how many. */
export const MentorPlaces = t.type({ taken: NonNegativeInt, capacity: NonNegativeInt }, 'MentorPlaces')
export type MentorPlaces = t.TypeOf<typeof MentorPlaces>

export const QuestionAnswerResponse = t.intersection(
  [
    t.type({
      questionAnswerModel: t.array(QuestionnaireQuestion),
      isProfilePublished: t.boolean,
      statusByRole: StatusName,
    }),
    /** The mentor's places, on the mentor side. */
    t.partial({ mentorPlaces: MentorPlaces }),
  ],
  'QuestionAnswerResponse',
)
export type QuestionAnswerResponse = t.TypeOf<typeof QuestionAnswerResponse>

export const SavedPossibleAnswer = t.strict({ originalPossibleAnswerId: Id, isSetOptionThatFitsAll: ZeroOrOne }, 'SavedPossibleAnswer')
export type SavedPossibleAnswer = t.TypeOf<typeof SavedPossibleAnswer>

export const SaveAnswerItem = t.strict(
  {
    OriginalQuestionId: Id,
    QuestionPairId: Id,
    /** The year (4 digits) or the free text; null for choice questions. */
    DirectFieldAnswer: nullable(t.string),
    RuleName: RuleName,
    MaxOption: NonNegativeInt,
    PossibleAnswer: t.array(SavedPossibleAnswer),
  },
  'SaveAnswerItem',
)
export type SaveAnswerItem = t.TypeOf<typeof SaveAnswerItem>

/** CreateAnswer / UpdateAnswer body. `isSavePublish` is publish (mentor) or start matching (mentee). */
export const SaveAnswersPayload = t.strict(
  {
    email: EmailAddress,
    roleName: Side,
    isSavePublish: t.boolean,
    userSelectedAnswerSaveModel: t.array(SaveAnswerItem),
  },
  'SaveAnswersPayload',
)
export type SaveAnswersPayload = t.TypeOf<typeof SaveAnswersPayload>

/** UpdateUserStatus body (participant and admin): disable or enable a mentor's matching. */
export const StatusUpdatePayload = t.strict({ email: EmailAddress, roleName: Side, disableMatching: t.boolean }, 'StatusUpdatePayload')
export type StatusUpdatePayload = t.TypeOf<typeof StatusUpdatePayload>

/**
 * UpdateMentorCapacity body (participant and admin): how many mentees the mentor takes at once.
 * Any number decodes; the rule (a whole number from 1 to 5) answers 'mentor-capacity-range'.
 */
export const MentorCapacityPayload = t.strict({ email: EmailAddress, capacity: t.number }, 'MentorCapacityPayload')
export type MentorCapacityPayload = t.TypeOf<typeof MentorCapacityPayload>
