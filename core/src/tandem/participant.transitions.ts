// Status changes of a participant outside any tandem (docs/product.md#role-status): a mentor publishes into the pool and
// enables or disables matching; an admin edits a mentee's status and program year.
import * as E from 'fp-ts/lib/Either.js'
import { invalidTransition, notFound, validationFailed, type DomainError } from '../errors.js'
import type { ClusterId, UserId } from '../shared/ids.js'
import type { Instant } from '../shared/time.js'
import { emit, finishDraft, moveMentee, moveMentor, openDraft, patchMentee, patchMentor, settleMentor } from './world.draft.js'
import type { TransitionResult, World } from './world.js'
import type { MentorSide } from '../users/participant.js'
import { mentorCapacityErrors } from './places.js'
import { MENTEE_ADMIN_EDITABLE, type StatusName } from '../users/status.js'
import { mentorStatusMove, menteeStatusMove, type MenteeStatusEvent } from '../users/status.moves.js'

export type SetMentorMatching = {
  readonly mentorId: UserId
  readonly enabled: boolean
  readonly by: 'Mentor' | 'Admin'
  readonly profileComplete: boolean
}
export type SetMentorCapacity = { readonly mentorId: UserId; readonly capacity: number }
export type PublishMentor = { readonly mentorId: UserId; readonly profileComplete: boolean }
export type SetMenteeStatusByAdmin = { readonly menteeId: UserId; readonly status: StatusName; readonly clusterId: ClusterId }

const mentorIn = (world: World, mentorId: UserId): E.Either<DomainError, MentorSide> => {
  const mentor = world.users.get(mentorId)?.mentor
  return mentor == null ? E.left(notFound('User')) : E.right(mentor)
}

/**
 * AVAILABLE <-> PAUSED, by the mentor or an admin. Enabling needs a complete profile. A mentor whose
 * places are all taken (PROPOSED or MATCHED) cannot disable matching: the tandems are kept and
 * already keep the mentor out of the pool; the answer is InvalidTransition, and the mentor may
 * disable once a place is free. A mentor with a free place may pause and keeps their live tandems;
 * enabling again gives the status their places say. Enabling an enabled mentor or disabling a
 * paused one is also InvalidTransition (a stale toggle).
 */
export const setMentorMatching =
  (now: Instant, command: SetMentorMatching) =>
  (world: World): TransitionResult => {
    const mentor = mentorIn(world, command.mentorId)
    if (E.isLeft(mentor)) return mentor
    const event = command.enabled ? 'EnableMatching' : 'DisableMatching'
    // every place taken (PROPOSED, MATCHED): the refusal says why rather than "the data changed"
    if (!command.enabled && (mentor.right.status === 'PROPOSED' || mentor.right.status === 'MATCHED'))
      return E.left({ _tag: 'AllPlacesTaken' })
    if (mentorStatusMove(mentor.right.status, event) === undefined) return E.left(invalidTransition(mentor.right.status, event))
    if (command.enabled && !command.profileComplete) return E.left({ _tag: 'ProfileIncomplete' })
    const d = openDraft(world, now)
    moveMentor(d, command.mentorId, event)
    if (command.enabled) settleMentor(d, command.mentorId)
    emit(d, { _tag: 'MentorMatchingChanged', mentorId: command.mentorId, enabled: command.enabled, by: command.by })
    return E.right(finishDraft(d))
  }

/**
 * How many mentees the mentor takes at once (1 to 5), by the mentor or an admin. Raising it frees
 * places at once; lowering it never ends a live tandem, it only stops new proposals until enough
 * of them end. The status follows from the places (PAUSED and NEW stay). The same capacity is no change.
 */
export const setMentorCapacity =
  (now: Instant, command: SetMentorCapacity) =>
  (world: World): TransitionResult => {
    const errors = mentorCapacityErrors(command.capacity)
    if (errors.length > 0) return E.left(validationFailed(errors))
    const mentor = mentorIn(world, command.mentorId)
    if (E.isLeft(mentor)) return mentor
    const d = openDraft(world, now)
    if (mentor.right.capacity !== command.capacity) settleMentor(d, command.mentorId, { capacity: command.capacity })
    return E.right(finishDraft(d))
  }

/**
 * "Save and publish". A NEW mentor enters the pool (AVAILABLE, published, waiting from now). A
 * published mentor publishing again only refreshes the publication date, without an event. A
 * PAUSED mentor must enable matching first (docs/product.md#publishing: publishing requires matching enabled).
 */
export const publishMentor =
  (now: Instant, command: PublishMentor) =>
  (world: World): TransitionResult => {
    const mentor = mentorIn(world, command.mentorId)
    if (E.isLeft(mentor)) return mentor
    if (!command.profileComplete) return E.left({ _tag: 'ProfileIncomplete' })
    const { status, published } = mentor.right
    if (status === 'PAUSED') return E.left({ _tag: 'MatchingDisabled' })
    const d = openDraft(world, now)
    if (status === 'NEW') {
      moveMentor(d, command.mentorId, 'Publish', { published: true, lastPublishedAt: now, lastSavedAt: now })
      emit(d, { _tag: 'MentorPublished', mentorId: command.mentorId })
    } else if (published) {
      patchMentor(d, command.mentorId, { lastPublishedAt: now, lastSavedAt: now })
    } else {
      return E.left(invalidTransition(status, 'Publish'))
    }
    return E.right(finishDraft(d))
  }

const ADMIN_STATUS_EVENTS: Readonly<Partial<Record<StatusName, MenteeStatusEvent>>> = {
  NEW: 'AdminSetNew',
  AVAILABLE: 'AdminSetAvailable',
  INACTIVE: 'AdminSetInactive',
}

/**
 * The statuses an admin may set for a mentee now: the current one (to change only the year) and
 * every status the moves table reaches by an admin event; none once the mentee holds a tandem.
 * The admin screen offers exactly these; `setMenteeStatusByAdmin` refuses anything else.
 */
export const menteeAdminStatusChoices = (from: StatusName): readonly StatusName[] => {
  if (!MENTEE_ADMIN_EDITABLE.includes(from)) return []
  const reachable = Object.values(ADMIN_STATUS_EVENTS).flatMap((event) => menteeStatusMove(from, event) ?? [])
  return [from, ...reachable.filter((to) => to !== from)]
}

/**
 * An admin sets a mentee's status and program year, only while the mentee holds no tandem (NEW,
 * PENDING, AVAILABLE). Keeping the status and changing only the year is allowed. Leaving PENDING
 * ends the run: its result will be refused. Only an INACTIVE mentee may sit in an ended year.
 */
export const setMenteeStatusByAdmin =
  (now: Instant, command: SetMenteeStatusByAdmin) =>
  (world: World): TransitionResult => {
    const mentee = world.users.get(command.menteeId)?.mentee
    if (mentee == null) return E.left(notFound('User'))
    const event = ADMIN_STATUS_EVENTS[command.status]
    const sameStatus = command.status === mentee.status
    if (!MENTEE_ADMIN_EDITABLE.includes(mentee.status)) return E.left(invalidTransition(mentee.status, 'AdminEdit'))
    if (!menteeAdminStatusChoices(mentee.status).includes(command.status)) {
      return E.left(invalidTransition(mentee.status, event ?? `AdminSet${command.status}`))
    }
    const cluster = world.clusters.get(command.clusterId)
    if (cluster === undefined) return E.left(notFound('Cluster'))
    if (cluster.isEnded && command.status !== 'INACTIVE') return E.left({ _tag: 'ClusterEnded' })
    const d = openDraft(world, now)
    if (sameStatus || event === undefined) patchMentee(d, command.menteeId, { clusterId: command.clusterId })
    else moveMentee(d, command.menteeId, event, { clusterId: command.clusterId, ...(command.status === 'NEW' ? { noMatch: false } : {}) })
    if (mentee.status === 'PENDING' && !sameStatus) emit(d, { _tag: 'MatchingRunAborted', menteeId: command.menteeId })
    return E.right(finishDraft(d))
  }
