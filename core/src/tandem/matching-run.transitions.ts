// A mentee's matching run in three steps: begin (NEW/AVAILABLE -> PENDING, the matching-running
// flag), complete with the scorer's proposals (-> PROPOSED, or AVAILABLE with no-match), or abort.
// Slice to load: the mentee, the mentee's tandems, the mentee's program year; for completion also
// each proposed mentor and every tandem of those mentors (declined pairs, capacity).
import * as E from 'fp-ts/lib/Either.js'
import { invalidTransition, notFound, type DomainError } from '../errors.js'
import type { UserId } from '../shared/ids.js'
import { MENTEE_CHOICE_WINDOW, type Instant } from '../shared/time.js'
import type { MenteeSide, Participant } from '../users/participant.js'
import { menteeStatusMove, type MenteeStatusEvent } from '../users/status.moves.js'
import type { Score } from './tandem.codec.js'
import { newProposal } from './tandem.effects.js'
import { endedTeamOf, isDeclinedPair, liveTandemsOf, mayTakePlace, proposalIdOf, tandemsOf } from './tandem.queries.js'
import {
  addTandem,
  draftTandems,
  draftUsers,
  emit,
  finishDraft,
  moveMentee,
  openDraft,
  putUser,
  settleMentor,
  type Draft,
} from './world.draft.js'
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
    moveMentee(d, command.menteeId, 'StartRun', { runStartedAt: now })
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
    const startedAt = mentee.right.mentee.runStartedAt ?? now
    if (d.nextTandemId > world.nextTandemId) {
      endRun(d, command.menteeId, 'RunProposed', { lastStartedAt: startedAt, noMatch: false })
      if (command.byWaitlist === true) emit(d, { _tag: 'WaitlistServed', menteeId: command.menteeId })
    } else {
      // Nobody found: a mentee who waited already keeps their place in the line (their earlier run's
      // start, or their team's end); anyone else waits from this run's start.
      const waited = mentee.right.mentee.noMatch || endedTeamOf(world, command.menteeId) !== undefined
      endRun(d, command.menteeId, 'RunFoundNone', { lastStartedAt: waited ? mentee.right.mentee.lastStartedAt : startedAt, noMatch: true })
      emit(d, { _tag: 'NoMatchFound', menteeId: command.menteeId })
    }
    return E.right(finishDraft(d))
  }

/** The end of a run: the status move, what the run decided, and no run under way any more. */
const endRun = (
  d: Draft,
  menteeId: UserId,
  event: MenteeStatusEvent,
  patch: Partial<Pick<MenteeSide, 'lastStartedAt' | 'noMatch'>>,
): void => {
  moveMentee(d, menteeId, event, patch)
  const user = draftUsers(d).get(menteeId)
  if (user?.mentee?.runStartedAt === undefined) return
  const { runStartedAt: _ended, ...mentee } = user.mentee
  putUser(d, { ...user, mentee })
}

/**
 * Ends a run that failed or was cut short by a crash: back to AVAILABLE, or to NEW when the mentee
 * never had a tandem nor a finished run (the slice must hold the mentee's tandems for that to be decided).
 */
export const abortMatchingRun =
  (now: Instant, command: AbortMatchingRun) =>
  (world: World): TransitionResult => {
    const mentee = menteeIn(world, command.menteeId)
    if (E.isLeft(mentee)) return mentee
    const { status } = mentee.right.mentee
    if (status !== 'PENDING') return E.left(invalidTransition(status, 'AbortRun'))
    const d = openDraft(world, now)
    // Back to NEW only when the mentee never had a tandem nor a run that ended; what the run would
    // have changed is left as it was: a waiting mentee waits on, since when they did.
    const hadRun = tandemsOf(world, command.menteeId, 'Mentee').length > 0 || mentee.right.mentee.lastStartedAt !== null
    endRun(d, command.menteeId, hadRun ? 'RunAborted' : 'FirstRunAborted', {})
    emit(d, { _tag: 'MatchingRunAborted', menteeId: command.menteeId })
    return E.right(finishDraft(d))
  }
