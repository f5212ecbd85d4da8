// Steps shared by several tandem transitions: checking a move against TANDEM_MOVES, closing a
// tandem and returning its mentor to the pool, and deriving mentee statuses from the tandems left.
import * as E from 'fp-ts/lib/Either.js'
import { invalidTransition, type DomainError } from '../errors.js'
import type { ProposalId, UserId } from '../shared/ids.js'
import type { Instant } from '../shared/time.js'
import type { Proposal, Tandem } from './tandem.codec.js'
import { isTerminalPhase, tandemMove, tandemPhase, type TandemEvent, type TandemPhase } from './tandem.moves.js'
import { isLiveTandem, isShownTo } from './tandem.queries.js'
import { draftTandems, draftUsers, emit, moveMentee, putTandem, settleMentor, type Draft } from './world.draft.js'

/** The phase a move leads to, or why it is refused: terminal tandems never change. */
export const checkTandemMove = (tandem: Tandem, event: TandemEvent): E.Either<DomainError, TandemPhase> => {
  const phase = tandemPhase(tandem)
  if (phase === undefined)
    return E.left(invalidTransition(`${tandem.state}/${tandem.menteeProposal.state}/${tandem.mentorProposal.state}`, event))
  if (isTerminalPhase(phase)) return E.left({ _tag: 'TandemAlreadyClosed', state: tandem.state })
  const to = tandemMove(phase, event)
  return to === undefined ? E.left(invalidTransition(phase, event)) : E.right(to)
}

export const newProposal = (id: ProposalId, deadline: Instant | null): Proposal => ({
  id,
  state: 'PROPOSED',
  deadline,
  decidedAt: null,
  declineReasonId: null,
  comment: null,
  infoText: null,
})

export const closedProposal = (p: Proposal): Proposal => (p.state === 'CLOSED' ? p : { ...p, state: 'CLOSED' })

const CLOSE_EVENTS = { OtherMentorChosen: 'OtherMentorChosen', Released: 'AdminReleases', ClusterEnded: 'ClusterDeactivated' } as const

/** Closes a live tandem (other mentor chosen, released, year ended) and frees its mentor's place. */
export const closeTandem = (d: Draft, tandem: Tandem, reason: keyof typeof CLOSE_EVENTS): void => {
  // Callers pick live tandems only; a refused move here means the world broke an invariant before.
  if (E.isLeft(checkTandemMove(tandem, CLOSE_EVENTS[reason])))
    throw new Error(`tandem core bug: cannot close tandem ${tandem.id} (${reason})`)
  putTandem(d, {
    ...tandem,
    state: 'CLOSED',
    menteeProposal: closedProposal(tandem.menteeProposal),
    mentorProposal: closedProposal(tandem.mentorProposal),
  })
  settleMentor(d, tandem.mentorId)
  emit(d, { _tag: 'TandemClosed', tandemId: tandem.id, menteeId: tandem.menteeId, mentorId: tandem.mentorId, reason })
}

/**
 * After tandems ended, a PROPOSED or MATCHED mentee with no live tandem left becomes AVAILABLE
 * (docs/product.md#tandem-moves: "the mentee's status follows from the tandems"). One pass over the tandems,
 * however many mentees, so the deadline sweep stays linear.
 */
export const settleMentees = (d: Draft, menteeIds: ReadonlySet<UserId>): void => {
  if (menteeIds.size === 0) return
  const stillLive = new Set<UserId>()
  for (const t of draftTandems(d).values()) if (isLiveTandem(t) && menteeIds.has(t.menteeId)) stillLive.add(t.menteeId)
  for (const id of menteeIds) {
    const status = draftUsers(d).get(id)?.mentee?.status
    if (!stillLive.has(id) && (status === 'PROPOSED' || status === 'MATCHED')) moveMentee(d, id, 'LastTandemEnded')
  }
}

/**
 * Tells the participants of a tandem an administrator released or whose program year ended: each
 * side who was shown it (read before it closes). A mentor merely reserved by a run never knew.
 */
export const tellReleased = (d: Draft, tandem: Tandem, by: 'Admin' | 'ProgramYear'): void => {
  const told = (['Mentee', 'Mentor'] as const).filter((side) =>
    isShownTo(tandem, side === 'Mentee' ? tandem.menteeId : tandem.mentorId, side),
  )
  emit(d, { _tag: 'TandemReleased', tandemId: tandem.id, menteeId: tandem.menteeId, mentorId: tandem.mentorId, by, told })
}
