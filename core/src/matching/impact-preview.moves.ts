// The life of a questionnaire impact preview: it starts Running in the instance that computes it,
// and ends Done (its figures are stored), Failed (an error, a full instance, or its instance went
// quiet) or Cancelled by an administrator. All three are final. The store's conditional writes read
// their states from here, so a cancel and a finish never both win.
import * as E from 'fp-ts/lib/Either.js'
import * as t from 'io-ts'
import { invalidTransition, type DomainError } from '../errors.js'

export const PreviewState = t.keyof({ Running: null, Done: null, Failed: null, Cancelled: null }, 'PreviewState')
export type PreviewState = t.TypeOf<typeof PreviewState>

/** Each state by name. */
export const PREVIEW: { readonly [S in PreviewState]: S } = { Running: 'Running', Done: 'Done', Failed: 'Failed', Cancelled: 'Cancelled' }

/** Finish: the figures are stored; Fail: an error, or the instance stopped writing progress; Cancel: an administrator. */
export type PreviewEvent = 'Finish' | 'Fail' | 'Cancel'

const ENDS: Readonly<Record<PreviewEvent, PreviewState>> = { Finish: 'Done', Fail: 'Failed', Cancel: 'Cancelled' }

/** The one move an event makes: every event ends a Running preview, nothing moves a finished one. */
export const previewMoveOf = (event: PreviewEvent): { readonly from: PreviewState; readonly to: PreviewState } => ({
  from: PREVIEW.Running,
  to: ENDS[event],
})

/** The move as a transition from `from`: the next state, or InvalidTransition (a finished preview). */
export const movePreview = (from: PreviewState, event: PreviewEvent): E.Either<DomainError, PreviewState> =>
  from === PREVIEW.Running ? E.right(ENDS[event]) : E.left(invalidTransition(from, event))

/**
 * Finished previews kept to be read, newest first: enough for the administrators looking at one.
 * Older ones are deleted as another finishes; a preview is a look before publishing, not a record.
 */
export const PREVIEWS_KEPT = 20
