// A mentee's matching run in three steps: begin (NEW/AVAILABLE -> PENDING, the matching-running
// flag), complete with the scorer's proposals (-> PROPOSED, or AVAILABLE with no-match), or abort.
// Slice to load: the mentee, the mentee's tandems, the mentee's program year; for completion also
// each proposed mentor and every tandem of those mentors (declined pairs, capacity).
import * as E from 'fp-ts/lib/Either.js'
import { invalidTransition, notFound, type DomainError } from '../errors.js'
import type { UserId } from '../shared/ids.js'
import { MENTEE_CHOICE_WINDOW, type Instant } from '../shared/time.js'
import type { Participant } from '../users/participant.js'
import { menteeStatusMove } from '../users/status.moves.js'
import type { Score } from './tandem.codec.js'
import { newProposal } from './tandem.effects.js'
import { isDeclinedPair, liveTandemsOf, mayTakePlace, proposalIdOf, tandemsOf } from './tandem.queries.js'
import { addTandem, draftTandems, draftUsers, emit, finishDraft, moveMentee, openDraft, settleMentor, type Draft } from './world.draft.js'
import type { TransitionResult, World } from './world.js'

export type BeginMatchingRun = { readonly menteeId: UserId; readonly profileComplete: boolean }
export type RunProposal = { readonly mentorId: UserId; readonly score: Score }
export type CompleteMatchingRun = {
  readonly menteeId: UserId
  readonly proposals: readonly RunProposal[]
  /** The waitlist started the run (docs/matching.md#waitlist): proposals are announced by its own mail. */
  readonly byWaitlist?: boolean | undefined
}
export type AbortMatchingRun = { readonly menteeId: UserId }

type MenteeOf = Participant & { readonly mentee: NonNullable<Participant['mentee']> }

const menteeIn = (world: World, menteeId: UserId): E.Either<DomainError, MenteeOf> => {
  const user = world.users.get(menteeId)
  if (user === undefined) return E.left(notFound('User'))
  if (user.mentee === null) return E.left({ _tag: 'NotAvailableForMatching', status: 'NONE' })
  return E.right({ ...user, mentee: user.mentee })
}

/**
 * Starts a run. The program year is a required profile field for mentees, so a mentee without one
 * is reported as ProfileIncomplete.
 */
export const beginMatchingRun =
  (now: Instant, command: BeginMatchingRun) =>
  (world: World): TransitionResult => {
    const mentee = menteeIn(world, command.menteeId)
    if (E.isLeft(mentee)) return mentee
    const { status, clusterId } = mentee.right.mentee
    if (status === 'PENDING') return E.left({ _tag: 'MatchingAlreadyRunning' })
    if (menteeStatusMove(status, 'StartRun') === undefined || liveTandemsOf(world, command.menteeId, 'Mentee').length > 0) {
      return E.left({ _tag: 'NotAvailableForMatching', status })
    }
    if (!command.profileComplete || clusterId === null) return E.left({ _tag: 'ProfileIncomplete' })
    const cluster = world.clusters.get(clusterId)
    if (cluster === undefined) return E.left(notFound('Cluster'))
    if (cluster.isEnded) return E.left({ _tag: 'ClusterEnded' })
    const d = openDraft(world, now)
    moveMentee(d, command.menteeId, 'StartRun', { lastStartedAt: now, noMatch: false })
    emit(d, { _tag: 'MatchingStarted', menteeId: command.menteeId })
    return E.right(finishDraft(d))
  }

/** Whether a mentor picked by the scorer still qualifies now, inside this transition's draft. */
const mentorQualifies = (d: Draft, menteeId: UserId, mentorId: UserId): boolean => {
  const now = { tandems: draftTandems(d), users: draftUsers(d) }
  return mentorId !== menteeId && mayTakePlace(now, mentorId) && !isDeclinedPair(now, menteeId, mentorId)
}

/**
 * Completes a run with the scorer's proposals. Scoring ran outside the transaction, so every mentor
 * is checked again and the ones taken meanwhile are skipped rather than failing the whole run.
 */
export const completeMatchingRun =
  (now: Instant, command: CompleteMatchingRun) =>
  (world: World): TransitionResult => {
    const mentee = menteeIn(world, command.menteeId)
    if (E.isLeft(mentee)) return mentee
    const { status, clusterId } = mentee.right.mentee
    if (status !== 'PENDING') return E.left(invalidTransition(status, 'CompleteRun'))
    const d = openDraft(world, now)
    const deadline = now + MENTEE_CHOICE_WINDOW
    for (const { mentorId, score } of command.proposals) {
      if (!mentorQualifies(d, command.menteeId, mentorId)) continue
      const tandem = addTandem(d, (id) => ({
        id,
        version: 1,
        state: 'ACTIVE',
        menteeId: command.menteeId,
        mentorId,
        clusterId,
        createdAt: now,
        manual: false,
        score,
        menteeProposal: newProposal(proposalIdOf(id, 'Mentee'), deadline),
        mentorProposal: newProposal(proposalIdOf(id, 'Mentor'), null),
      }))
      settleMentor(d, mentorId)
      emit(d, { _tag: 'TandemProposed', tandemId: tandem.id, menteeId: command.menteeId, mentorId, manual: false, deadline })
    }
    if (d.nextTandemId > world.nextTandemId) {
      moveMentee(d, command.menteeId, 'RunProposed')
      if (command.byWaitlist === true) emit(d, { _tag: 'WaitlistServed', menteeId: command.menteeId })
    } else {
      moveMentee(d, command.menteeId, 'RunFoundNone', { noMatch: true })
      emit(d, { _tag: 'NoMatchFound', menteeId: command.menteeId })
    }
    return E.right(finishDraft(d))
  }

/**
 * Ends a run that failed or was cut short by a crash: back to AVAILABLE, or to NEW when the mentee
 * never had a tandem (the slice must hold the mentee's tandems for that to be decided).
 */
export const abortMatchingRun =
  (now: Instant, command: AbortMatchingRun) =>
  (world: World): TransitionResult => {
    const mentee = menteeIn(world, command.menteeId)
    if (E.isLeft(mentee)) return mentee
    const { status } = mentee.right.mentee
    if (status !== 'PENDING') return E.left(invalidTransition(status, 'AbortRun'))
    const d = openDraft(world, now)
    const hadTandem = tandemsOf(world, command.menteeId, 'Mentee').length > 0
    if (hadTandem) moveMentee(d, command.menteeId, 'RunAborted')
    else moveMentee(d, command.menteeId, 'FirstRunAborted')
    emit(d, { _tag: 'MatchingRunAborted', menteeId: command.menteeId })
    return E.right(finishDraft(d))
  }
