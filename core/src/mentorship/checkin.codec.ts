// What a mentorship check-in asks and what a participant may answer (docs/mentorship.md): the occasions of
// the timeline, the three answer shapes with their rules, and the decoding of an answer from the wire.
import * as E from 'fp-ts/lib/Either.js'
import * as t from 'io-ts'
import { validationFailed, type DomainError } from '../errors.js'
import { DEFAULT_TEXT_MAX } from '../validation/limits.js'
import { fieldError, type FieldError } from '../messages.js'
import { countCharacters } from '../validation/text.rules.js'

export const CheckInKind = t.keyof({ Met: null, Pulse: null, Closing: null })
export type CheckInKind = t.TypeOf<typeof CheckInKind>
export const CHECK_IN_KINDS: readonly CheckInKind[] = ['Met', 'Pulse', 'Closing']

/** The pulse number: 0 is day 30, 1 is day 90, 2 is day 150, … */
export type PulseRoundBrand = { readonly PulseRound: unique symbol }
export const PulseRound = t.brand(t.Int, (n): n is t.Branded<t.Int, PulseRoundBrand> => n >= 0, 'PulseRound')
export type PulseRound = t.TypeOf<typeof PulseRound>

/** One question of the timeline, the same for both sides: "met?", the n-th pulse, or the closing survey. */
export const CheckInOccasion = t.union([
  t.strict({ kind: t.literal('Met') }),
  t.strict({ kind: t.literal('Pulse'), round: PulseRound }),
  t.strict({ kind: t.literal('Closing') }),
])
export type CheckInOccasion = t.TypeOf<typeof CheckInOccasion>

export const MET: CheckInOccasion = { kind: 'Met' }
export const CLOSING: CheckInOccasion = { kind: 'Closing' }
/** The n-th pulse (0-based); throws for a negative or fractional n, which is a bug of the caller. */
export const pulse = (round: number): CheckInOccasion => {
  if (!PulseRound.is(round)) throw new Error(`pulse round must be a whole number from 0, got ${round}`)
  return { kind: 'Pulse', round }
}

/** A stable text key of an occasion ("met", "pulse-2", "closing"), for rows, paths and maps. */
export const occasionKey = (o: CheckInOccasion): string => (o.kind === 'Pulse' ? `pulse-${o.round}` : o.kind.toLowerCase())

export const CHECK_IN_NOTE_MAX = DEFAULT_TEXT_MAX

export type CheckInRatingBrand = { readonly CheckInRating: unique symbol }
/** A score from 1 (bad) to 5 (very good): the pulse and the closing satisfaction. */
export const CheckInRating = t.brand(t.Int, (n): n is t.Branded<t.Int, CheckInRatingBrand> => n >= 1 && n <= 5, 'CheckInRating')
export type CheckInRating = t.TypeOf<typeof CheckInRating>

export type CheckInNoteBrand = { readonly CheckInNote: unique symbol }
/** An optional free text of at most 1000 characters (code points, as the user counts them). */
export const CheckInNote = t.brand(
  t.string,
  (s): s is t.Branded<string, CheckInNoteBrand> => countCharacters(s) <= CHECK_IN_NOTE_MAX,
  'CheckInNote',
)
export type CheckInNote = t.TypeOf<typeof CheckInNote>

export const MetAnswer = t.keyof({ Yes: null, NotYet: null, CannotReach: null })
export type MetAnswer = t.TypeOf<typeof MetAnswer>
export const MET_ANSWERS: readonly MetAnswer[] = ['Yes', 'NotYet', 'CannotReach']

export const GoalsReached = t.keyof({ None: null, Some: null, Most: null, All: null })
export type GoalsReached = t.TypeOf<typeof GoalsReached>
export const GOALS_REACHED: readonly GoalsReached[] = ['None', 'Some', 'Most', 'All']

const note = t.union([CheckInNote, t.null])

export const CheckInAnswer = t.union([
  t.strict({ kind: t.literal('Met'), met: MetAnswer }),
  t.strict({ kind: t.literal('Pulse'), score: CheckInRating, note }),
  t.strict({
    kind: t.literal('Closing'),
    satisfaction: CheckInRating,
    /** Would you recommend being a mentee (asked of mentees) or a mentor (asked of mentors)? */
    wouldRecommend: t.boolean,
    goalsReached: GoalsReached,
    note,
  }),
])
export type CheckInAnswer = t.TypeOf<typeof CheckInAnswer>

/**
 * Field errors of an answer: the fields of the kind it names (so a pulse with score 7 reports
 * "score", not three failed union members). An unknown kind reports "kind".
 */
const answerErrors = (input: unknown): readonly FieldError[] => {
  const record = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {}
  const kind = CheckInKind.is(record['kind']) ? record['kind'] : undefined
  if (kind === undefined) return [fieldError('kind', 'invalid-value')]
  const checks: readonly (readonly [string, t.Mixed])[] =
    kind === 'Met'
      ? [['met', MetAnswer]]
      : kind === 'Pulse'
        ? [
            ['score', CheckInRating],
            ['note', note],
          ]
        : [
            ['satisfaction', CheckInRating],
            ['wouldRecommend', t.boolean],
            ['goalsReached', GoalsReached],
            ['note', note],
          ]
  return checks.flatMap(([field, codec]) => {
    const value = record[field]
    if (codec.is(value)) return []
    if (field === 'note' && typeof value === 'string')
      return [fieldError(field, 'max-characters-exceeded-error', { count: countCharacters(value), max: CHECK_IN_NOTE_MAX })]
    return [fieldError(field, value === undefined || value === null ? 'requiredFieldError' : 'invalid-value')]
  })
}

/** Decodes an answer from the wire; a failure names each field and rule (ValidationFailed). */
export const decodeCheckInAnswer = (input: unknown): E.Either<DomainError, CheckInAnswer> => {
  const decoded = CheckInAnswer.decode(input)
  if (E.isRight(decoded)) return E.right(decoded.right)
  const errors = answerErrors(input)
  // The codec refused something the field checks accept (an extra shape problem): still a Left.
  return E.left(validationFailed(errors.length > 0 ? errors : [fieldError('answer', 'invalid-value')]))
}
