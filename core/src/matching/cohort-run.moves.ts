// The life of a whole-cohort run as an explicit table (from -> event -> to): it starts Running,
// becomes a Draft when its result is saved, and a Draft is Published; a Running run may instead be
// Cancelled by an administrator or Failed (an error, or its instance went quiet). Published,
// Cancelled and Failed are final. The store's conditional writes read their states from here.
import * as E from 'fp-ts/lib/Either.js'
import * as t from 'io-ts'
import { invalidTransition, type DomainError } from '../errors.js'

export const CohortRunState = t.keyof({ Running: null, Draft: null, Cancelled: null, Failed: null, Published: null }, 'CohortRunState')
export type CohortRunState = t.TypeOf<typeof CohortRunState>

export const COHORT_RUN_STATES = ['Running', 'Draft', 'Cancelled', 'Failed', 'Published'] as const satisfies readonly CohortRunState[]

/** Each state by name, for code that names one (a new run is `COHORT_RUN.Running`). */
export const COHORT_RUN: { readonly [S in CohortRunState]: S } = {
  Running: 'Running',
  Draft: 'Draft',
  Cancelled: 'Cancelled',
  Failed: 'Failed',
  Published: 'Published',
}

export type CohortRunEvent =
  /** The computing instance writes its phase and fraction (its heartbeat). */
  | 'ProgressReported'
  /** The result is stored for review. */
  | 'DraftSaved'
  | 'Cancel'
  /** The computation failed, or its instance stopped writing its heartbeat. */
  | 'Fail'
  /** An administrator changes or drops one mentee's pair of the draft. */
  | 'DraftEdited'
  | 'Publish'
export const COHORT_RUN_EVENTS: readonly CohortRunEvent[] = ['ProgressReported', 'DraftSaved', 'Cancel', 'Fail', 'DraftEdited', 'Publish']

/** from state -> event -> to state; a pair missing here is an illegal move. */
export const COHORT_RUN_MOVES: Readonly<Record<CohortRunState, Readonly<Partial<Record<CohortRunEvent, CohortRunState>>>>> = {
  Running: { ProgressReported: 'Running', DraftSaved: 'Draft', Cancel: 'Cancelled', Fail: 'Failed' },
  Draft: { DraftEdited: 'Draft', Publish: 'Published' },
  Published: {},
  Cancelled: {},
  Failed: {},
}

/** A new run's state. */
export const COHORT_RUN_START: CohortRunState = COHORT_RUN.Running

export const cohortRunMove = (from: CohortRunState, event: CohortRunEvent): CohortRunState | undefined => COHORT_RUN_MOVES[from][event]

/** The move as a transition: the next state, or InvalidTransition. */
export const moveCohortRun = (from: CohortRunState, event: CohortRunEvent): E.Either<DomainError, CohortRunState> => {
  const to = cohortRunMove(from, event)
  return to === undefined ? E.left(invalidTransition(from, event)) : E.right(to)
}

export const isFinalCohortRunState = (state: CohortRunState): boolean => Object.keys(COHORT_RUN_MOVES[state]).length === 0

/**
 * The one move an event makes: the state a conditional write expects and the state it writes. Every
 * cohort-run event moves from exactly one state; a table that broke that is a bug, so it throws.
 */
export const cohortRunMoveOf = (event: CohortRunEvent): { readonly from: CohortRunState; readonly to: CohortRunState } => {
  const moves = COHORT_RUN_STATES.flatMap((from) => {
    const to = cohortRunMove(from, event)
    return to === undefined ? [] : [{ from, to }]
  })
  if (moves.length !== 1) throw new Error(`cohort-run event ${event} moves from ${moves.length} states, not one`)
  return moves[0]!
}
