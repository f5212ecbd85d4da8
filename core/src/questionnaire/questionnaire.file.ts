// A whole questionnaire as a JSON file, to export and import (docs/admin.md#questionnaire-versions). Import trusts nothing:
// size, JSON, shape (unknown keys dropped), then every rule of checkDraft, each refusal with its field.
import * as E from 'fp-ts/lib/Either.js'
import * as t from 'io-ts'
import { type CheckedDraft, checkDraft } from './questionnaire.check.js'
import {
  QuestionnaireDraft,
  questionnaireFieldError as fieldError,
  type PublishedQuestionnaire,
  type QuestionnaireFieldError,
} from './questionnaire.draft.js'

/** The largest file accepted, in bytes of UTF-8; the caller refuses a larger body before reading it all. */
export const QUESTIONNAIRE_FILE_MAX_BYTES = 1_000_000

export const QUESTIONNAIRE_FILE_FORMAT = 'tandem-questionnaire'

export const QuestionnaireFile = t.strict({
  format: t.literal(QUESTIONNAIRE_FILE_FORMAT),
  formatVersion: t.literal(1),
  questionnaire: QuestionnaireDraft,
})
export type QuestionnaireFile = t.TypeOf<typeof QuestionnaireFile>

/** The field of errors about the file as a whole. */
export const QUESTIONNAIRE_FILE_FIELD = '$'

/** Bytes of `text` in UTF-8, counted without encoding it. */
export const utf8Length = (text: string): number => {
  let bytes = 0
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4
  }
  return bytes
}

// Union members appear in the context under their index; exact wrappers repeat their key.
const pathOf = (context: t.Context): string => {
  const keys: string[] = []
  for (let i = 1; i < context.length; i++) {
    const parent = context[i - 1]
    const entry = context[i]
    if (parent === undefined || entry === undefined || parent.type instanceof t.UnionType) continue
    keys.push(entry.key)
  }
  return keys.length === 0 ? QUESTIONNAIRE_FILE_FIELD : keys.join('.')
}

const shapeErrors = (errors: t.Errors): readonly QuestionnaireFieldError[] => {
  const byField = new Map<string, QuestionnaireFieldError>()
  for (const error of errors) {
    const field = pathOf(error.context)
    const key = error.value === undefined || error.value === null ? 'requiredFieldError' : 'invalid-value'
    if (!byField.has(field)) byField.set(field, fieldError(field, key))
  }
  // A union (a side or null) fails in each member: the deeper field says what is wrong, keep that one.
  const fields = [...byField.keys()]
  return [...byField.values()].filter((e) => !fields.some((f) => f.startsWith(`${e.field}.`)))
}

/** The file of a draft or of a published version's questionnaire, as pretty-printed JSON. */
export const exportQuestionnaireFile = (draft: QuestionnaireDraft): string =>
  JSON.stringify({ format: QUESTIONNAIRE_FILE_FORMAT, formatVersion: 1, questionnaire: draft } satisfies QuestionnaireFile, null, 2)

/**
 * Reads a questionnaire file as a checked draft (against `previous`, the latest published version,
 * when given); refused with the field and the reason when it is too large, not JSON, of the wrong
 * shape, or breaks a rule of the questionnaire. Field paths of the draft start with `questionnaire.`.
 */
export const importQuestionnaireFile = (
  text: string,
  previous?: PublishedQuestionnaire,
): E.Either<readonly QuestionnaireFieldError[], CheckedDraft> => {
  // A long string cannot be short in UTF-8: count exactly only when it might fit.
  if (text.length > QUESTIONNAIRE_FILE_MAX_BYTES || utf8Length(text) > QUESTIONNAIRE_FILE_MAX_BYTES)
    return E.left([fieldError(QUESTIONNAIRE_FILE_FIELD, 'questionnaire-file-too-large', { max: QUESTIONNAIRE_FILE_MAX_BYTES })])
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return E.left([fieldError(QUESTIONNAIRE_FILE_FIELD, 'questionnaire-file-not-json')])
  }
  const decoded = QuestionnaireFile.decode(json)
  if (E.isLeft(decoded)) return E.left(shapeErrors(decoded.left))
  return E.mapLeft((errors: readonly QuestionnaireFieldError[]) => errors.map((e) => ({ ...e, field: `questionnaire.${e.field}` })))(
    checkDraft(decoded.right.questionnaire, previous),
  )
}
