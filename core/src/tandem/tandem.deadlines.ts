// The periodic sweep: applies every passed deadline of the world (mentee 48 h, mentor 72 h). Answers
// already refuse expired proposals on their own; the sweep frees mentors and mentees for new runs.
// Slice to load: the live tandems, their users, and the other live tandems of those mentees.
import * as E from 'fp-ts/lib/Either.js'
import type { UserId } from '../shared/ids.js'
import type { Instant } from '../shared/time.js'
import type { Side } from '../users/role.js'
import type { Tandem } from './tandem.codec.js'
import { closedProposal, settleMentees } from './tandem.effects.js'
import {
  PHASE_SHAPES,
  TANDEM_PHASES,
  tandemMove,
  tandemPhase,
  type PhaseShape,
  type TandemEvent,
  type TandemPhase,
} from './tandem.moves.js'
import { isPast } from './tandem.queries.js'
import { draftUsers, emit, finishDraft, moveMentor, openDraft, putTandem, settleMentor } from './world.draft.js'
import type { TransitionResult, World } from './world.js'

/** The move table's event for a passed deadline of each side. */
const DEADLINE_EVENTS: Readonly<Record<Side, TandemEvent>> = { Mentee: 'MenteeDeadlinePasses', Mentor: 'MentorDeadlinePasses' }

/**
 * The phases a passed deadline ends, each with the side whose answer it waits for and the states a
 * tandem in it has (PHASE_SHAPES): read from the move table, so the sweep's SQL work list
 * (adapters/store/src/queries/tandem.predicates.ts) and `expiredSide` ask the same question.
 */
export const DEADLINE_PHASES: readonly { readonly phase: TandemPhase; readonly side: Side; readonly shapes: PhaseShape[] }[] =
  TANDEM_PHASES.flatMap((phase) =>
    (['Mentee', 'Mentor'] as const)
      .filter((side) => tandemMove(phase, DEADLINE_EVENTS[side]) !== undefined)
      .map((side) => ({ phase, side, shapes: [...PHASE_SHAPES[phase]] })),
  )

/** The side whose answer deadline has passed on a tandem still waiting for it, if any. */
export const expiredSide = (tandem: Pick<Tandem, 'state' | 'menteeProposal' | 'mentorProposal'>, now: Instant): Side | undefined => {
  const phase = tandemPhase(tandem)
  return DEADLINE_PHASES.find(
    (d) => d.phase === phase && isPast(now, (d.side === 'Mentee' ? tandem.menteeProposal : tandem.mentorProposal).deadline),
  )?.side
}

/** The tandems of a world whose deadline has passed while a side still had to answer. */
export const expiredTandems = (world: Pick<World, 'tandems'>, now: Instant): readonly Tandem[] =>
  [...world.tandems.values()].filter((tandem) => expiredSide(tandem, now) !== undefined)

/**
 * Linear in the number of tandems. Idempotent: an expired tandem is NOREACTION and no longer
 * matches, so a second sweep at the same instant returns the world unchanged.
 * A mentor silent for 72 h is PAUSED (docs/product.md#mentor-status) and told so; their other live
 * tandems are kept.
 */
export const expireDeadlines =
  (now: Instant) =>
  (world: World): TransitionResult => {
    const d = openDraft(world, now)
    const touchedMentees = new Set<UserId>()
    for (const tandem of world.tandems.values()) {
      const side = expiredSide(tandem, now)
      if (side === undefined) continue
      putTandem(d, {
        ...tandem,
        state: 'NOREACTION',
        menteeProposal: closedProposal(tandem.menteeProposal),
        mentorProposal: closedProposal(tandem.mentorProposal),
      })
      emit(d, { _tag: 'TandemExpired', tandemId: tandem.id, menteeId: tandem.menteeId, mentorId: tandem.mentorId, side })
      if (side === 'Mentee') {
        settleMentor(d, tandem.mentorId)
      } else if (draftUsers(d).get(tandem.mentorId)?.mentor?.status !== 'PAUSED') {
        // Matching is disabled once, however many of the mentor's places waited for them.
        moveMentor(d, tandem.mentorId, 'DeadlinePassed')
        emit(d, { _tag: 'MentorMatchingChanged', mentorId: tandem.mentorId, enabled: false, by: 'Deadline' })
      }
      touchedMentees.add(tandem.menteeId)
    }
    settleMentees(d, touchedMentees)
    return E.right(finishDraft(d))
  }
