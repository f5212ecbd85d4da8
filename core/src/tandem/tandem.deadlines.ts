// The periodic sweep: applies every passed deadline of the world (mentee 48 h, mentor 72 h). Answers
// already refuse expired proposals on their own; the sweep frees mentors and mentees for new runs.
// Slice to load: the live tandems, their users, and the other live tandems of those mentees.
import * as E from 'fp-ts/lib/Either.js'
import type { UserId } from '../shared/ids.js'
import type { Instant } from '../shared/time.js'
import type { Side } from '../users/role.js'
import type { Tandem } from './tandem.codec.js'
import { closedProposal, settleMentees } from './tandem.effects.js'
import { tandemPhase } from './tandem.moves.js'
import { isPast } from './tandem.queries.js'
import { draftUsers, emit, finishDraft, moveMentor, openDraft, putTandem, settleMentor } from './world.draft.js'
import type { TransitionResult, World } from './world.js'

/** The side whose answer deadline has passed on a tandem still waiting for it, if any. */
export const expiredSide = (tandem: Tandem, now: Instant): Side | undefined => {
  const phase = tandemPhase(tandem)
  return phase === 'AwaitingMentee' && isPast(now, tandem.menteeProposal.deadline)
    ? 'Mentee'
    : phase === 'AwaitingMentor' && isPast(now, tandem.mentorProposal.deadline)
      ? 'Mentor'
      : undefined
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
