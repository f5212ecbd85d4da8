// The questionnaire is data: question pairs asked of both sides, each scored by one rule
// (docs/product.md#questionnaire). Definitions live in @tandem/fixtures; answers are stored per user and side.
import * as t from 'io-ts'
import { Bilingual } from '../shared/language.js'

export const RuleName = t.keyof({ SingleFit: null, YearsFit: null, MultipleFit: null, MultipleMatchesFit: null, MentorOnly: null })
export type RuleName = t.TypeOf<typeof RuleName>
export const RULE_NAMES: readonly RuleName[] = ['SingleFit', 'YearsFit', 'MultipleFit', 'MultipleMatchesFit', 'MentorOnly']

export const CommandType = t.keyof({
  SaveAndPublish: null,
  StartMatching: null,
  Save: null,
  PublishProfile: null,
  SeeProfile: null,
  AdjustProfile: null,
  CreateMentor: null,
  CreateMentee: null,
  Accept: null,
  Decline: null,
})
export type CommandType = t.TypeOf<typeof CommandType>

export const AnswerOption = t.type({
  id: t.number,
  text: Bilingual,
  /** "No preference": fits every answer of the other side; cannot be combined with others. */
  noPreference: t.boolean,
  /** "No such background": cannot be combined with others. */
  noSuchBackground: t.boolean,
})
export type AnswerOption = t.TypeOf<typeof AnswerOption>

/** How one side answers: by choosing options, by a 4-digit year, or by a short free text (200). */
export const AnswerKind = t.keyof({ choice: null, year: null, text: null })
export type AnswerKind = t.TypeOf<typeof AnswerKind>

export const QuestionSide = t.type({
  /** The original question id of this side's question (the wire's `originalQuestionId`). */
  questionId: t.number,
  text: Bilingual,
  maxOption: t.number,
})
export type QuestionSide = t.TypeOf<typeof QuestionSide>

export const QuestionPair = t.type({
  questionPairId: t.number,
  rule: RuleName,
  kind: AnswerKind,
  weight: t.number,
  /** Knock-out: a pair that does not fit excludes the mentor. */
  mustFit: t.boolean,
  /** YearsFit: how many years earlier the mentor's year must be than the mentee's. */
  minYearsAhead: t.number,
  /** Topic the question belongs to, for grouping on the questionnaire page. */
  topic: t.string,
  /** Null for MentorOnly questions, which only mentors answer. */
  mentee: t.union([QuestionSide, t.null]),
  mentor: QuestionSide,
  options: t.array(AnswerOption),
})
export type QuestionPair = t.TypeOf<typeof QuestionPair>

export const Questionnaire = t.type({
  version: t.number,
  pairs: t.array(QuestionPair),
})
export type Questionnaire = t.TypeOf<typeof Questionnaire>

/** One side's answer to one question pair. */
export const Answer = t.type({
  questionPairId: t.number,
  optionIds: t.array(t.number),
  year: t.union([t.number, t.null]),
  text: t.union([t.string, t.null]),
})
export type Answer = t.TypeOf<typeof Answer>
export const Answers = t.array(Answer)
export type Answers = t.TypeOf<typeof Answers>

/** A free-text profile question (1000 characters), part of the profile master data. */
export const ProfileQuestion = t.type({
  userQuestionOriginalId: t.number,
  text: Bilingual,
  side: t.keyof({ Mentee: null, Mentor: null, All: null }),
})
export type ProfileQuestion = t.TypeOf<typeof ProfileQuestion>

export const DeclineReason = t.type({ id: t.number, side: t.keyof({ Mentee: null, Mentor: null }), text: Bilingual })
export type DeclineReason = t.TypeOf<typeof DeclineReason>
