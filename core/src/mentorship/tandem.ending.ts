// Ending a MATCHED team (docs/mentorship.md#ending-a-team): the mentee, the mentor or an
// administrator closes it with a reason; "do not pair us again" makes it a declined pair, and the
// mentor may ask to be paused instead of returning to the pool.
// Slice to load: the tandem and both its users.
import * as E from 'fp-ts/lib/Either.js'
import { notFound, validationFailed, type DomainError } from '../errors.js'
import type { EndingActor, TandemEnding } from '../tandem/ending.codec.js'
import { validateEndRequest, type EndRequestInput } from './ending.rules.js'
import type { TandemId, UserId } from '../shared/ids.js'
import type { Instant } from '../shared/time.js'
import { fieldError } from '../messages.js'
import type { Tandem } from '../tandem/tandem.codec.js'
import { checkTandemMove, closedProposal, settleMentees } from '../tandem/tandem.effects.js'
import { isLiveTandem } from '../tandem/tandem.queries.js'
import { draftUsers, emit, finishDraft, moveMentor, openDraft, putTandem, settleMentor } from '../tandem/world.draft.js'
import type { TransitionResult, World } from '../tandem/world.js'

export type EndTandem = {
  readonly tandemId: TandemId
  /** The participant ending their own team (their side follows from the tandem), or an administrator. */
  readonly by: { readonly userId: UserId } | 'Admin'
  readonly request: EndRequestInput
  /** The mentor (or an administrator for them) asks to be paused rather than to return to the pool. */
  readonly pauseMentor: boolean
  readonly expectedVersion?: number | undefined
}

const actorOf = (tandem: Tandem, by: EndTandem['by']): EndingActor | undefined =>
  by === 'Admin' ? 'Admin' : by.userId === tandem.menteeId ? 'Mentee' : by.userId === tandem.mentorId ? 'Mentor' : undefined

/**
 * Checks in this order: the request (400), the tandem (404), the caller's part in it (403), then
 * closed, changed, and not MATCHED (409). A refusal changes nothing.
 */
const tandemToEnd = (world: World, command: EndTandem): E.Either<DomainError, { tandem: Tandem; by: EndingActor }> => {
  const tandem = world.tandems.get(command.tandemId)
  if (tandem === undefined) return E.left(notFound('Tandem'))
  const by = actorOf(tandem, command.by)
  if (by === undefined) return E.left({ _tag: 'NotTandemParticipant' })
  if (command.pauseMentor && by === 'Mentee') return E.left(validationFailed([fieldError('pauseMentor', 'invalid-value')]))
  if (!isLiveTandem(tandem)) return E.left({ _tag: 'TandemAlreadyClosed', state: tandem.state })
  if (command.expectedVersion !== undefined && command.expectedVersion !== tandem.version) return E.left({ _tag: 'TandemChanged' })
  const move = checkTandemMove(tandem, 'Ended')
  return E.isLeft(move) ? move : E.right({ tandem, by })
}

/**
 * MATCHED -> CLOSED with the reason and who ended it. Both proposals close, the mentee is AVAILABLE
 * and may start matching again at once, the mentor's place is free (AVAILABLE, back in the pool) or,
 * when asked, the mentor is PAUSED. With "do not pair us again" the pair counts as declined.
 */
export const endTandem =
  (now: Instant, command: EndTandem) =>
  (world: World): TransitionResult => {
    const request = validateEndRequest(command.request)
    if (E.isLeft(request)) return request
    const found = tandemToEnd(world, command)
    if (E.isLeft(found)) return found
    const { tandem, by } = found.right
    const { reasonId, otherText, doNotPairAgain } = request.right
    const d = openDraft(world, now)
    const closed: Tandem = {
      ...tandem,
      state: 'CLOSED',
      menteeProposal: closedProposal(tandem.menteeProposal),
      mentorProposal: closedProposal(tandem.mentorProposal),
    }
    putTandem(d, closed)
    // The mentor's place is free: the status follows the places (AVAILABLE when one is free).
    settleMentor(d, tandem.mentorId)
    const mentorPaused = command.pauseMentor && draftUsers(d).get(tandem.mentorId)?.mentor?.status === 'AVAILABLE'
    if (mentorPaused) {
      moveMentor(d, tandem.mentorId, 'DisableMatching')
      emit(d, { _tag: 'MentorMatchingChanged', mentorId: tandem.mentorId, enabled: false, by: by === 'Admin' ? 'Admin' : 'Mentor' })
    }
    const ending: TandemEnding = { at: now, by, reasonId, otherText, doNotPairAgain, mentorPaused }
    putTandem(d, { ...closed, ending })
    settleMentees(d, new Set([tandem.menteeId]))
    emit(d, {
      _tag: 'TandemEnded',
      tandemId: tandem.id,
      menteeId: tandem.menteeId,
      mentorId: tandem.mentorId,
      by,
      reasonId,
      doNotPairAgain,
    })
    return E.right(finishDraft(d))
  }
