// Ending a matched team (docs/mentorship.md#ending-a-team): the reasons a participant or administrator picks from, in both
// languages, and the validation of an end request, shared by the server and the browser.
import * as E from 'fp-ts/lib/Either.js'
import * as t from 'io-ts'
import { validationFailed, type DomainError } from '../errors.js'
import type { Bilingual } from '../shared/language.js'
import { DEFAULT_TEXT_MAX } from '../validation/limits.js'
import { fieldError, type FieldError } from '../messages.js'
import { countCharacters, isBlank } from '../validation/text.rules.js'
import type { Side } from '../users/role.js'
import { EndReasonId } from '../tandem/ending.codec.js'
import type { EndedBy } from './timeline.js'

export const END_OTHER_TEXT_MAX = DEFAULT_TEXT_MAX

/**
 * The reasons in the order the form lists them ("other" last). `label` is what the person ending says
 * (first person); `reported` is the same reason told of the team by someone else, as administrators
 * read it and pick it when they end a team for the participants (docs/admin.md#teams).
 */
export const END_REASONS: readonly { readonly id: EndReasonId; readonly label: Bilingual; readonly reported: Bilingual }[] = [
  {
    id: 'goals-reached',
    label: { en: 'We reached our goals', de: 'Wir haben unsere Ziele erreicht' },
    reported: { en: 'The pair reached their goals', de: 'Das Tandem hat seine Ziele erreicht' },
  },
  {
    id: 'no-time',
    label: { en: 'I no longer have time for the mentorship', de: 'Mir fehlt die Zeit für das Mentoring' },
    reported: { en: 'No longer has time for the mentorship', de: 'Hat keine Zeit mehr für das Mentoring' },
  },
  {
    id: 'no-contact',
    label: { en: 'We could not get in touch', de: 'Wir konnten keinen Kontakt zueinander aufnehmen' },
    reported: { en: 'The pair could not get in touch', de: 'Das Tandem konnte keinen Kontakt zueinander aufnehmen' },
  },
  {
    id: 'not-a-good-fit',
    label: { en: 'We were not a good fit', de: 'Wir haben nicht gut zueinander gepasst' },
    reported: { en: 'The pair were not a good fit', de: 'Das Tandem hat nicht gut zueinander gepasst' },
  },
  {
    id: 'circumstances-changed',
    label: { en: 'My circumstances changed (new job, move, …)', de: 'Meine Situation hat sich geändert (neue Stelle, Umzug, …)' },
    reported: {
      en: 'Circumstances changed (new job, move, …)',
      de: 'Die Situation hat sich geändert (neue Stelle, Umzug, …)',
    },
  },
  { id: 'other', label: { en: 'Other reason', de: 'Anderer Grund' }, reported: { en: 'Other reason', de: 'Anderer Grund' } },
]

/** How a reason reads when told of the team by someone else (administrators). */
export const reportedEndReason = (reasonId: string, language: keyof Bilingual): string =>
  END_REASONS.find((r) => r.id === reasonId)?.reported[language] ?? reasonId

/**
 * Whether the participant on `side` is told why their team ended: only when they ended it themselves.
 * The partner learns that it ended, when and by whom; administrators see every reason (docs/privacy.md).
 */
export const isToldEndingReason = (endedBy: EndedBy, side: Side): boolean => endedBy === side

/** An end request as it comes from the form or the wire, before validation. */
export const EndRequestInput = t.type({
  reasonId: t.string,
  otherText: t.union([t.string, t.null]),
  /** Record a declined pair, so the two are never proposed to each other again. */
  doNotPairAgain: t.boolean,
})
export type EndRequestInput = t.TypeOf<typeof EndRequestInput>

export type EndRequest =
  | { readonly reasonId: Exclude<EndReasonId, 'other'>; readonly otherText: null; readonly doNotPairAgain: boolean }
  | { readonly reasonId: 'other'; readonly otherText: string; readonly doNotPairAgain: boolean }

const endRequestErrors = (input: EndRequestInput): readonly FieldError[] => {
  if (!EndReasonId.is(input.reasonId)) return [fieldError('reasonId', 'invalid-value')]
  if (input.reasonId !== 'other') return []
  if (input.otherText === null || isBlank(input.otherText)) return [fieldError('otherText', 'requiredFieldError')]
  const count = countCharacters(input.otherText.trim())
  return count > END_OTHER_TEXT_MAX ? [fieldError('otherText', 'max-characters-exceeded-error', { count, max: END_OTHER_TEXT_MAX })] : []
}

/**
 * A known reason; for "other" a text of 1 to 1000 characters (trimmed). A text sent with another
 * reason is dropped: the form hides the field then, so it is a leftover, not something to store.
 */
export const validateEndRequest = (input: EndRequestInput): E.Either<DomainError, EndRequest> => {
  const errors = endRequestErrors(input)
  if (errors.length > 0) return E.left(validationFailed(errors))
  const { doNotPairAgain } = input
  return E.right(
    input.reasonId === 'other'
      ? { reasonId: 'other', otherText: (input.otherText ?? '').trim(), doNotPairAgain }
      : { reasonId: input.reasonId as Exclude<EndReasonId, 'other'>, otherText: null, doNotPairAgain },
  )
}
