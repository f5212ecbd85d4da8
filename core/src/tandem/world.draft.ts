// A copy-on-write working copy of a World, private to one transition: maps are copied on first
// write, a changed entity gets version + 1 once, an unchanged one keeps its identity (adapters diff
// by reference). Mutation never escapes: `finishDraft` hands back a fresh immutable World.
import type { Cluster } from '../clusters/cluster.js'
import type { DomainEvent } from '../events.js'
import { tandemIdOf, type ClusterId, type TandemId, type UserId } from '../shared/ids.js'
import type { Instant } from '../shared/time.js'
import type { MenteeSide, MentorSide, Participant } from '../users/participant.js'
import { menteeStatusMove, mentorStatusMove, type MenteeStatusEvent, type MentorStatusEvent } from '../users/status.moves.js'
import { mentorStatusFromPlaces, placesOf, type Places } from './places.js'
import type { Tandem } from './tandem.codec.js'
import type { Transition, World } from './world.js'

export type Draft = {
  readonly base: World
  readonly now: Instant
  users: Map<UserId, Participant> | undefined
  tandems: Map<TandemId, Tandem> | undefined
  clusters: Map<ClusterId, Cluster> | undefined
  nextTandemId: TandemId
  readonly events: DomainEvent[]
}

export const openDraft = (world: World, now: Instant): Draft => ({
  base: world,
  now,
  users: undefined,
  tandems: undefined,
  clusters: undefined,
  nextTandemId: world.nextTandemId,
  events: [],
})

export const finishDraft = (d: Draft): Transition => {
  const unchanged = d.users === undefined && d.tandems === undefined && d.clusters === undefined && d.nextTandemId === d.base.nextTandemId
  return {
    world: unchanged
      ? d.base
      : {
          users: d.users ?? d.base.users,
          tandems: d.tandems ?? d.base.tandems,
          clusters: d.clusters ?? d.base.clusters,
          nextTandemId: d.nextTandemId,
        },
    events: d.events,
  }
}

export const draftUsers = (d: Draft): ReadonlyMap<UserId, Participant> => d.users ?? d.base.users
export const draftTandems = (d: Draft): ReadonlyMap<TandemId, Tandem> => d.tandems ?? d.base.tandems
export const draftClusters = (d: Draft): ReadonlyMap<ClusterId, Cluster> => d.clusters ?? d.base.clusters
export const emit = (d: Draft, event: DomainEvent): void => {
  d.events.push(event)
}

const sameRecord = (a: object | null, b: object | null): boolean => {
  if (a === b) return true
  if (a === null || b === null) return false
  const ra = a as Record<string, unknown>
  const rb = b as Record<string, unknown>
  const keys = Object.keys(ra)
  return keys.length === Object.keys(rb).length && keys.every((k) => ra[k] === rb[k])
}
const sameParticipant = (a: Participant, b: Participant): boolean => sameRecord(a.mentee, b.mentee) && sameRecord(a.mentor, b.mentor)

export const putUser = (d: Draft, next: Participant): void => {
  const original = d.base.users.get(next.id)
  if (original !== undefined && sameParticipant(original, next)) {
    d.users?.set(next.id, original)
    return
  }
  d.users ??= new Map(d.base.users)
  d.users.set(next.id, original === undefined ? next : { ...next, version: original.version + 1 })
}

export const putTandem = (d: Draft, next: Tandem): void => {
  const original = d.base.tandems.get(next.id)
  d.tandems ??= new Map(d.base.tandems)
  d.tandems.set(next.id, original === undefined ? next : { ...next, version: original.version + 1 })
}

export const putCluster = (d: Draft, next: Cluster): void => {
  d.clusters ??= new Map(d.base.clusters)
  d.clusters.set(next.clusterId, next)
}

/** Creates a tandem with the next id; its proposals take 2·id−1 (mentee) and 2·id (mentor). */
export const addTandem = (d: Draft, build: (id: TandemId) => Tandem): Tandem => {
  const tandem = build(d.nextTandemId)
  d.nextTandemId = tandemIdOf(d.nextTandemId + 1)
  d.tandems ??= new Map(d.base.tandems)
  d.tandems.set(tandem.id, tandem)
  return tandem
}

const bug = (message: string): never => {
  throw new Error(`tandem core bug: ${message}`)
}

export const patchMentee = (d: Draft, userId: UserId, patch: Partial<MenteeSide>): void => {
  const user = draftUsers(d).get(userId)
  if (user?.mentee == null) return bug(`user ${userId} has no mentee side`)
  putUser(d, { ...user, mentee: { ...user.mentee, ...patch } })
}

export const patchMentor = (d: Draft, userId: UserId, patch: Partial<MentorSide>): void => {
  const user = draftUsers(d).get(userId)
  if (user?.mentor == null) return bug(`user ${userId} has no mentor side`)
  putUser(d, { ...user, mentor: { ...user.mentor, ...patch } })
}

/** Moves a mentee's status through the table; callers have checked the move, so a miss is a bug. */
export const moveMentee = (d: Draft, userId: UserId, event: MenteeStatusEvent, patch: Partial<MenteeSide> = {}): void => {
  const from = draftUsers(d).get(userId)?.mentee?.status
  const to = from === undefined ? undefined : menteeStatusMove(from, event)
  if (to === undefined) return bug(`mentee ${userId}: ${event} from ${from ?? 'none'}`)
  patchMentee(d, userId, { ...patch, status: to })
}

/** Moves a mentor's status through the table; entering AVAILABLE (re)starts the pool wait. */
export const moveMentor = (d: Draft, userId: UserId, event: MentorStatusEvent, patch: Partial<MentorSide> = {}): void => {
  const from = draftUsers(d).get(userId)?.mentor?.status
  const to = from === undefined ? undefined : mentorStatusMove(from, event)
  if (to === undefined) return bug(`mentor ${userId}: ${event} from ${from ?? 'none'}`)
  patchMentor(d, userId, { ...patch, status: to, ...(to === 'AVAILABLE' && from !== 'AVAILABLE' ? { poolSince: d.now } : {}) })
}

/** The places the mentor's tandems take in the draft. */
export const draftPlacesOf = (d: Draft, mentorId: UserId): Places => {
  const mine: Tandem[] = []
  for (const t of draftTandems(d).values()) if (t.mentorId === mentorId) mine.push(t)
  return placesOf(mine)
}

/**
 * After a tandem of the mentor took or freed a place (or the capacity changed), the mentor's status
 * follows from the places (mentorStatusFromPlaces); entering AVAILABLE (re)starts the pool wait.
 */
export const settleMentor = (d: Draft, mentorId: UserId, patch: Partial<MentorSide> = {}): void => {
  const mentor = draftUsers(d).get(mentorId)?.mentor
  if (mentor == null) return bug(`user ${mentorId} has no mentor side`)
  const capacity = patch.capacity ?? mentor.capacity
  const to = mentorStatusFromPlaces(mentor.status, capacity, draftPlacesOf(d, mentorId))
  patchMentor(d, mentorId, { ...patch, status: to, ...(to === 'AVAILABLE' && mentor.status !== 'AVAILABLE' ? { poolSince: d.now } : {}) })
}
