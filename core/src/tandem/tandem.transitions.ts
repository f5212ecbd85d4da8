// The answers to a tandem (docs/product.md#tandem-moves): mentee and mentor accept or decline, an admin
// releases a tandem or creates one by hand. Admin edits of a team are these same events performed on
// behalf of a participant, guarded by the version the admin loaded.
// Slice to load: the tandem, both its users, and the mentee's other tandems with their mentors
// (an accept closes them); for a manual tandem both users, all their tandems and the program year.
import * as E from 'fp-ts/lib/Either.js'
import { invalidTransition, notFound, validationFailed, type DomainError } from '../errors.js'
import type { ClusterId, TandemId, UserId } from '../shared/ids.js'
import { MENTEE_CHOICE_WINDOW, MENTOR_ANSWER_WINDOW, type Instant } from '../shared/time.js'
import { DECLINE_COMMENT_MAX } from '../validation/limits.js'
import { fieldError, type FieldError } from '../messages.js'
import { menteeStatusMove } from '../users/status.moves.js'
import { countCharacters } from '../validation/text.rules.js'
import { MANUAL_SCORE, type Score, type Tandem } from './tandem.codec.js'
import { checkTandemMove, closedProposal, closeTandem, newProposal, settleMentees, tellReleased } from './tandem.effects.js'
import { isTerminalPhase, tandemPhase, type TandemEvent } from './tandem.moves.js'
import { isDeclinedPair, isPast, isShownTo, liveTandemsOf, mayTakePlace, proposalIdOf } from './tandem.queries.js'
import { addTandem, emit, finishDraft, moveMentee, openDraft, putTandem, settleMentor } from './world.draft.js'
import type { TransitionResult, World } from './world.js'

export type AcceptByMentee = { readonly tandemId: TandemId; readonly menteeId: UserId; readonly expectedVersion?: number | undefined }
export type DeclineByMentee = AcceptByMentee & { readonly declineReasonId: number | null; readonly comment: string | null }
export type AcceptByMentor = { readonly tandemId: TandemId; readonly mentorId: UserId; readonly expectedVersion?: number | undefined }
export type DeclineByMentor = AcceptByMentor & {
  readonly declineReasonId: number | null
  readonly comment: string | null
  readonly infoText: string | null
}
export type ReleaseTandem = {
  readonly tandemId: TandemId
  readonly expectedVersion?: number | undefined
  /** An administrator deleting an account releases its tandems without telling anyone (decision 0015). */
  readonly silent?: boolean
}
export type ReleaseTandemsOfLeavingUser = { readonly userId: UserId }
export type CreateManualTandem = {
  readonly menteeId: UserId
  readonly mentorId: UserId
  readonly clusterId: ClusterId
  /** The pair's score when an admin publishes a reviewed cohort draft; a team made by hand has none ('Manual Matching'). */
  readonly score?: Score
}

type Actor = { readonly side: 'Mentee' | 'Mentor'; readonly userId: UserId } | null

/**
 * Finds the tandem and checks the move. A tandem of somebody else is reported as not found, so a
 * participant learns nothing about other people's tandems. Order: closed, then changed, then
 * illegal, then expired.
 */
const tandemForMove = (
  world: World,
  now: Instant,
  tandemId: TandemId,
  actor: Actor,
  expectedVersion: number | undefined,
  event: TandemEvent,
): E.Either<DomainError, Tandem> => {
  const tandem = world.tandems.get(tandemId)
  if (tandem === undefined) return E.left(notFound('Tandem'))
  if (actor !== null && (actor.side === 'Mentee' ? tandem.menteeId : tandem.mentorId) !== actor.userId) return E.left(notFound('Tandem'))
  const phase = tandemPhase(tandem)
  if (phase !== undefined && isTerminalPhase(phase)) return E.left({ _tag: 'TandemAlreadyClosed', state: tandem.state })
  if (expectedVersion !== undefined && expectedVersion !== tandem.version) return E.left({ _tag: 'TandemChanged' })
  const move = checkTandemMove(tandem, event)
  if (E.isLeft(move)) return move
  const deadline = actor === null ? null : actor.side === 'Mentee' ? tandem.menteeProposal.deadline : tandem.mentorProposal.deadline
  // Enforced when read: whatever the sweep did or did not do yet, a passed deadline refuses answers.
  if (isPast(now, deadline)) return E.left({ _tag: 'ProposalExpired' })
  return E.right(tandem)
}

const declineErrors = (reasonId: number | null, texts: Readonly<Record<string, string | null>>): readonly FieldError[] => [
  ...(reasonId === null || !Number.isInteger(reasonId) || reasonId <= 0 ? [fieldError('declineReasonId', 'decline-reason-mandatory')] : []),
  ...Object.entries(texts)
    .filter(([, text]) => text !== null && countCharacters(text) > DECLINE_COMMENT_MAX)
    .map(([field]) => fieldError(field, 'max-characters-exceeded-error', { max: DECLINE_COMMENT_MAX })),
]

/** The mentee chooses this mentor: the mentor has 72 h to answer, the other proposals close. */
export const acceptByMentee =
  (now: Instant, command: AcceptByMentee) =>
  (world: World): TransitionResult => {
    const found = tandemForMove(
      world,
      now,
      command.tandemId,
      { side: 'Mentee', userId: command.menteeId },
      command.expectedVersion,
      'MenteeAccepts',
    )
    if (E.isLeft(found)) return found
    const tandem = found.right
    const d = openDraft(world, now)
    const deadline = now + MENTOR_ANSWER_WINDOW
    putTandem(d, {
      ...tandem,
      menteeProposal: { ...tandem.menteeProposal, state: 'ACCEPTED', decidedAt: now },
      mentorProposal: { ...tandem.mentorProposal, deadline },
    })
    emit(d, { _tag: 'MenteeAccepted', tandemId: tandem.id, menteeId: tandem.menteeId, mentorId: tandem.mentorId, deadline })
    for (const other of liveTandemsOf(world, tandem.menteeId, 'Mentee')) {
      if (other.id !== tandem.id) closeTandem(d, other, 'OtherMentorChosen')
    }
    return E.right(finishDraft(d))
  }

/** The mentee turns this mentor down with a reason; the pair is never proposed again. */
export const declineByMentee =
  (now: Instant, command: DeclineByMentee) =>
  (world: World): TransitionResult => {
    const errors = declineErrors(command.declineReasonId, { comment: command.comment })
    if (errors.length > 0) return E.left(validationFailed(errors))
    const found = tandemForMove(
      world,
      now,
      command.tandemId,
      { side: 'Mentee', userId: command.menteeId },
      command.expectedVersion,
      'MenteeDeclines',
    )
    if (E.isLeft(found)) return found
    const tandem = found.right
    const d = openDraft(world, now)
    putTandem(d, {
      ...tandem,
      state: 'DECLINED',
      menteeProposal: {
        ...tandem.menteeProposal,
        state: 'DECLINED',
        decidedAt: now,
        declineReasonId: command.declineReasonId,
        comment: command.comment,
      },
      mentorProposal: closedProposal(tandem.mentorProposal),
    })
    settleMentor(d, tandem.mentorId)
    settleMentees(d, new Set([tandem.menteeId]))
    emit(d, {
      _tag: 'TandemDeclined',
      tandemId: tandem.id,
      by: 'Mentee',
      menteeId: tandem.menteeId,
      mentorId: tandem.mentorId,
      infoText: null,
    })
    return E.right(finishDraft(d))
  }

/** The mentor takes the mentee who chose them: the tandem is MATCHED, and so are both users. */
export const acceptByMentor =
  (now: Instant, command: AcceptByMentor) =>
  (world: World): TransitionResult => {
    const found = tandemForMove(
      world,
      now,
      command.tandemId,
      { side: 'Mentor', userId: command.mentorId },
      command.expectedVersion,
      'MentorAccepts',
    )
    if (E.isLeft(found)) return found
    const tandem = found.right
    const d = openDraft(world, now)
    putTandem(d, { ...tandem, state: 'MATCHED', mentorProposal: { ...tandem.mentorProposal, state: 'ACCEPTED', decidedAt: now } })
    settleMentor(d, tandem.mentorId)
    moveMentee(d, tandem.menteeId, 'Matched')
    emit(d, { _tag: 'TandemMatched', tandemId: tandem.id, menteeId: tandem.menteeId, mentorId: tandem.mentorId })
    return E.right(finishDraft(d))
  }

/** The mentor turns the mentee down: both go back, the mentee may start again; never re-proposed. */
export const declineByMentor =
  (now: Instant, command: DeclineByMentor) =>
  (world: World): TransitionResult => {
    const errors = declineErrors(command.declineReasonId, { comment: command.comment, infoText: command.infoText })
    if (errors.length > 0) return E.left(validationFailed(errors))
    const found = tandemForMove(
      world,
      now,
      command.tandemId,
      { side: 'Mentor', userId: command.mentorId },
      command.expectedVersion,
      'MentorDeclines',
    )
    if (E.isLeft(found)) return found
    const tandem = found.right
    const d = openDraft(world, now)
    putTandem(d, {
      ...tandem,
      state: 'DECLINED',
      mentorProposal: {
        ...tandem.mentorProposal,
        state: 'DECLINED',
        decidedAt: now,
        declineReasonId: command.declineReasonId,
        comment: command.comment,
        infoText: command.infoText,
      },
    })
    settleMentor(d, tandem.mentorId)
    settleMentees(d, new Set([tandem.menteeId]))
    emit(d, {
      _tag: 'TandemDeclined',
      tandemId: tandem.id,
      by: 'Mentor',
      menteeId: tandem.menteeId,
      mentorId: tandem.mentorId,
      infoText: command.infoText,
    })
    return E.right(finishDraft(d))
  }

/** An admin dissolves an ACTIVE or MATCHED tandem for good; both users may match again and are told. */
export const releaseTandem =
  (now: Instant, command: ReleaseTandem) =>
  (world: World): TransitionResult => {
    const found = tandemForMove(world, now, command.tandemId, null, command.expectedVersion, 'AdminReleases')
    if (E.isLeft(found)) return found
    const d = openDraft(world, now)
    if (command.silent !== true) tellReleased(d, found.right, 'Admin')
    closeTandem(d, found.right, 'Released')
    settleMentees(d, new Set([found.right.menteeId]))
    return E.right(finishDraft(d))
  }

/**
 * A participant deletes their own account: each of their live tandems ends as an admin release
 * does (same move, same effects), and each partner who was shown the tandem gets a PartnerLeft
 * event so they are told. No live tandem is no change.
 */
export const releaseTandemsOfLeavingUser =
  (now: Instant, command: ReleaseTandemsOfLeavingUser) =>
  (world: World): TransitionResult => {
    const live = liveTandemsOf(world, command.userId)
    const d = openDraft(world, now)
    for (const tandem of live) {
      const partnerSide = tandem.menteeId === command.userId ? 'Mentor' : 'Mentee'
      const partnerId = partnerSide === 'Mentor' ? tandem.mentorId : tandem.menteeId
      // Only a partner who was shown the tandem hears of it: a mentor merely reserved by a run never knew.
      const told = isShownTo(tandem, partnerId, partnerSide)
      closeTandem(d, tandem, 'Released')
      if (told) emit(d, { _tag: 'PartnerLeft', tandemId: tandem.id, partnerId, partnerSide })
    }
    settleMentees(d, new Set(live.map((t) => t.menteeId)))
    return E.right(finishDraft(d))
  }

/**
 * Where an admin's pairing comes from: a team made by hand, or a reviewed cohort draft. The mentee
 * statuses each may pair from are the ones the status table lets its event move (a cohort also
 * takes mentees who never started a run).
 */
type AdminPairing = { readonly event: 'ManualProposed' | 'CohortProposed' }

const MANUAL: AdminPairing = { event: 'ManualProposed' }
const COHORT: AdminPairing = { event: 'CohortProposed' }

const pairByAdmin =
  (now: Instant, command: CreateManualTandem, pairing: AdminPairing) =>
  (world: World): TransitionResult => {
    const { menteeId, mentorId, clusterId } = command
    if (menteeId === mentorId) return E.left({ _tag: 'SameUser' })
    const menteeUser = world.users.get(menteeId)
    const mentorUser = world.users.get(mentorId)
    if (menteeUser === undefined || mentorUser === undefined) return E.left(notFound('User'))
    if (menteeUser.mentee === null) return E.left({ _tag: 'NotAvailableForMatching', status: 'NONE' })
    if (mentorUser.mentor === null) return E.left({ _tag: 'NotAvailableForMatching', status: 'NONE' })
    if (menteeStatusMove(menteeUser.mentee.status, pairing.event) === undefined)
      return E.left({ _tag: 'NotAvailableForMatching', status: menteeUser.mentee.status })
    if (!mayTakePlace(world, mentorId)) return E.left({ _tag: 'NotAvailableForMatching', status: mentorUser.mentor.status })
    const cluster = world.clusters.get(clusterId)
    if (cluster === undefined) return E.left(notFound('Cluster'))
    if (cluster.isEnded) return E.left({ _tag: 'ClusterEnded' })
    if (isDeclinedPair(world, menteeId, mentorId)) return E.left(invalidTransition('DeclinedPair', 'CreateManualTandem'))
    const d = openDraft(world, now)
    const deadline = now + MENTEE_CHOICE_WINDOW
    const tandem = addTandem(d, (id) => ({
      id,
      version: 1,
      state: 'ACTIVE',
      menteeId,
      mentorId,
      clusterId,
      createdAt: now,
      manual: true,
      score: command.score ?? MANUAL_SCORE,
      menteeProposal: newProposal(proposalIdOf(id, 'Mentee'), deadline),
      mentorProposal: newProposal(proposalIdOf(id, 'Mentor'), null),
    }))
    settleMentor(d, mentorId)
    moveMentee(d, menteeId, pairing.event, { noMatch: false })
    emit(d, { _tag: 'TandemProposed', tandemId: tandem.id, menteeId, mentorId, manual: true, deadline })
    return E.right(finishDraft(d))
  }

/**
 * An admin pairs an AVAILABLE mentee with an AVAILABLE mentor, as a run would, with the manual
 * score. A declined pair is refused here too: the invariant "never proposed again" has no exception.
 */
export const createManualTandem = (now: Instant, command: CreateManualTandem) => pairByAdmin(now, command, MANUAL)

/**
 * Publishing one pair of a reviewed cohort draft: the manual team's transition (one proposal, the
 * 48 h window, the same checks), with the pair's score, for a mentee who is NEW or AVAILABLE.
 */
export const createCohortTandem = (now: Instant, command: CreateManualTandem & { readonly score: Score }) =>
  pairByAdmin(now, command, COHORT)
