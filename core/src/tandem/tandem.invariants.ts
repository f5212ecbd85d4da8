// The invariants of docs/product.md#invariants as a check over a whole World: an empty list means they all
// hold. Model tests call it after every step, the persistence tests on database contents.
import type { TandemId, UserId } from '../shared/ids.js'
import { LIVE_TANDEM_STATES, type Tandem } from './tandem.codec.js'
import { isTerminalPhase, tandemPhase } from './tandem.moves.js'
import { isDeclinedTandem } from './tandem.queries.js'
import type { World } from './world.js'
import { isMentorCapacity, MENTOR_CAPACITY_DEFAULT, mentorStatusFromPlaces, placesOf } from './places.js'

type Holdings = { live: Tandem[]; matched: number; active: number; acceptedLive: number }
const holdingsOf = (index: Map<UserId, Holdings>, userId: UserId): Holdings => {
  let h = index.get(userId)
  if (h === undefined) {
    h = { live: [], matched: 0, active: 0, acceptedLive: 0 }
    index.set(userId, h)
  }
  return h
}

const tandemShapeViolations = (world: World, t: Tandem): string[] => {
  const out: string[] = []
  const phase = tandemPhase(t)
  if (phase === undefined) out.push(`tandem ${t.id}: ${t.state}/${t.menteeProposal.state}/${t.mentorProposal.state} fits no phase`)
  if (t.menteeId === t.mentorId) out.push(`tandem ${t.id}: user ${t.menteeId} is paired with themselves`)
  if (t.menteeProposal.id !== 2 * t.id - 1 || t.mentorProposal.id !== 2 * t.id)
    out.push(`tandem ${t.id}: proposal ids are not 2·id−1 and 2·id`)
  if (t.id >= world.nextTandemId) out.push(`tandem ${t.id}: id not below nextTandemId ${world.nextTandemId}`)
  if (world.users.get(t.menteeId)?.mentee == null) out.push(`tandem ${t.id}: mentee ${t.menteeId} unknown or without mentee side`)
  if (world.users.get(t.mentorId)?.mentor == null) out.push(`tandem ${t.id}: mentor ${t.mentorId} unknown or without mentor side`)
  if (phase === 'AwaitingMentee' && t.menteeProposal.deadline === null) out.push(`tandem ${t.id}: awaits the mentee without a deadline`)
  if (phase === 'AwaitingMentor' && t.mentorProposal.deadline === null) out.push(`tandem ${t.id}: awaits the mentor without a deadline`)
  return out
}

const declinedPairViolations = (world: World): string[] => {
  const firstDecline = new Map<string, TandemId>()
  for (const t of world.tandems.values()) {
    const key = `${t.menteeId}:${t.mentorId}`
    const seen = firstDecline.get(key)
    if (isDeclinedTandem(t) && (seen === undefined || t.id < seen)) firstDecline.set(key, t.id)
  }
  const out: string[] = []
  for (const t of world.tandems.values()) {
    const declinedAt = firstDecline.get(`${t.menteeId}:${t.mentorId}`)
    if (declinedAt !== undefined && t.id > declinedAt)
      out.push(`tandem ${t.id}: pair ${t.menteeId}/${t.mentorId} proposed again after decline in tandem ${declinedAt}`)
  }
  return out
}

/** What the status must be given the user's live tandems on one side, or undefined if free. */
const expectedStatus = (h: Holdings | undefined): 'MATCHED' | 'PROPOSED' | undefined =>
  h === undefined ? undefined : h.matched > 0 ? 'MATCHED' : h.active > 0 ? 'PROPOSED' : undefined

export const checkInvariants = (world: World): readonly string[] => {
  const out: string[] = []
  const asMentee = new Map<UserId, Holdings>()
  const asMentor = new Map<UserId, Holdings>()
  for (const t of world.tandems.values()) {
    out.push(...tandemShapeViolations(world, t))
    if (t.state !== 'ACTIVE' && t.state !== 'MATCHED') continue
    for (const h of [holdingsOf(asMentee, t.menteeId), holdingsOf(asMentor, t.mentorId)]) {
      h.live.push(t)
      if (t.state === 'MATCHED') h.matched += 1
      else h.active += 1
    }
    if (t.menteeProposal.state === 'ACCEPTED') holdingsOf(asMentee, t.menteeId).acceptedLive += 1
  }
  out.push(...declinedPairViolations(world))
  for (const [id, h] of asMentor) {
    const capacity = world.users.get(id)?.mentor?.capacity ?? MENTOR_CAPACITY_DEFAULT
    if (h.live.length > capacity)
      out.push(`mentor ${id}: in ${h.live.length} live tandems (${h.live.map((t) => t.id).join(', ')}), capacity ${capacity}`)
  }
  for (const [id, h] of asMentee) {
    if (h.acceptedLive > 1) out.push(`mentee ${id}: ${h.acceptedLive} live tandems with an accepted mentee proposal`)
    if (h.acceptedLive === 1 && h.live.length > 1)
      out.push(`mentee ${id}: chose a mentor but still holds ${h.live.length - 1} other live tandems`)
  }
  for (const user of world.users.values()) {
    if (user.mentee !== null) {
      const { status, clusterId } = user.mentee
      const expected = expectedStatus(asMentee.get(user.id))
      if (expected !== undefined ? status !== expected : status === 'PROPOSED' || status === 'MATCHED') {
        out.push(`mentee ${user.id}: status ${status} but live tandems say ${expected ?? 'none'}`)
      }
      if (status === 'PAUSED') out.push(`mentee ${user.id}: mentees are never PAUSED`)
      if (clusterId !== null && world.clusters.get(clusterId)?.isEnded === true && status !== 'INACTIVE') {
        out.push(`mentee ${user.id}: program year ${clusterId} ended but status is ${status}`)
      }
    }
    if (user.mentor !== null) {
      const { status, published, capacity } = user.mentor
      const h = asMentor.get(user.id)
      const places = { taken: h?.live.length ?? 0, matched: h?.matched ?? 0 }
      // What the places say for a mentor taking mentees; NEW holds no place, PAUSED keeps its tandems.
      const expected = mentorStatusFromPlaces('AVAILABLE', capacity, places)
      if ((status === 'NEW' && places.taken > 0) || (status !== 'NEW' && status !== 'PAUSED' && status !== expected)) {
        out.push(`mentor ${user.id}: status ${status} but live tandems say ${expected}`)
      }
      if (!isMentorCapacity(capacity)) out.push(`mentor ${user.id}: capacity ${capacity} is not a whole number from 1 to 5`)
      if (status === 'PENDING' || status === 'INACTIVE') out.push(`mentor ${user.id}: mentors are never ${status}`)
      if (status !== 'NEW' && !published) out.push(`mentor ${user.id}: status ${status} but never published`)
    }
  }
  return out
}

const deepEqual = (a: unknown, b: unknown): boolean => {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  const ka = Object.keys(a)
  const rb = b as Record<string, unknown>
  return ka.length === Object.keys(b).length && ka.every((k) => deepEqual((a as Record<string, unknown>)[k], rb[k]))
}

/**
 * A place is taken only while one is free: a mentor whose live tandems grew from one world to the
 * next (one step or one transaction apart) holds at most their capacity, and no place is freed
 * without its tandem ending. A lowered capacity may leave a mentor above it, never by a new tandem.
 */
export const checkPlacesTaken = (before: World, after: World): readonly string[] => {
  const out: string[] = []
  for (const [id, user] of after.users) {
    if (user.mentor === null) continue
    const mine = (w: World) => [...w.tandems.values()].filter((t) => t.mentorId === id)
    const was = placesOf(mine(before)).taken
    const is = placesOf(mine(after)).taken
    if (is > was && is > user.mentor.capacity) out.push(`mentor ${id}: took a place with ${was} of ${user.mentor.capacity} taken`)
    const ended = mine(before).filter(
      (t) => LIVE_TANDEM_STATES.includes(t.state) && !LIVE_TANDEM_STATES.includes(after.tandems.get(t.id)?.state ?? 'CLOSED'),
    ).length
    const created = mine(after).filter((t) => !before.tandems.has(t.id) && LIVE_TANDEM_STATES.includes(t.state)).length
    if (is !== was - ended + created) out.push(`mentor ${id}: ${was} places became ${is} with ${ended} ended and ${created} new tandems`)
  }
  return out
}

/** Terminal tandems never change: compares two worlds taken one step (or one transaction) apart. */
export const checkTerminalTandemsKept = (before: World, after: World): readonly string[] => {
  const out: string[] = []
  for (const t of before.tandems.values()) {
    const phase = tandemPhase(t)
    if (phase === undefined || !isTerminalPhase(phase)) continue
    const later = after.tandems.get(t.id)
    if (later === undefined) out.push(`terminal tandem ${t.id} disappeared`)
    else if (!deepEqual(t, later)) out.push(`terminal tandem ${t.id} (${t.state}) changed`)
  }
  return out
}
