// Read-only questions about a World that transitions, adapters and the web app share: which tandems
// bind a user, whether a pair was declined, how long a proposal still runs.
import { tandemIdOf, type ProposalId, type TandemId, type UserId } from '../shared/ids.js'
import { HOUR, MINUTE, type Instant } from '../shared/time.js'
import type { Side } from '../users/role.js'
import { LIVE_TANDEM_STATES, type Tandem } from './tandem.codec.js'
import type { World } from './world.js'
import { isInMentorPool } from '../users/matching-pool.js'
import { hasFreePlace, placesOf, type Places } from './places.js'

export const isLiveTandem = (t: Tandem): boolean => LIVE_TANDEM_STATES.includes(t.state)

const onSide = (t: Tandem, userId: UserId, side: Side | undefined): boolean =>
  side === 'Mentee' ? t.menteeId === userId : side === 'Mentor' ? t.mentorId === userId : t.menteeId === userId || t.mentorId === userId

/** The user's ACTIVE or MATCHED tandems, on either side or on the one side named. */
export const liveTandemsOf = (world: Pick<World, 'tandems'>, userId: UserId, side?: Side): readonly Tandem[] => {
  const live: Tandem[] = []
  for (const t of world.tandems.values()) if (isLiveTandem(t) && onSide(t, userId, side)) live.push(t)
  return live
}

/** The places the mentor's live tandems take. */
export const mentorPlacesOf = (world: Pick<World, 'tandems'>, mentorId: UserId): Places =>
  placesOf(liveTandemsOf(world, mentorId, 'Mentor'))

/**
 * "Places taken / capacity" of a mentor in a world holding their tandems (docs/matching.md#places);
 * undefined for a user who is no mentor.
 */
export const placesIn = (
  world: Pick<World, 'tandems' | 'users'>,
  userId: UserId,
): { readonly taken: number; readonly capacity: number } | undefined => {
  const mentor = world.users.get(userId)?.mentor
  return mentor == null ? undefined : { taken: mentorPlacesOf(world, userId).taken, capacity: mentor.capacity }
}

/**
 * Whether a new tandem may take a place of the mentor now: in the pool (published, matching
 * enabled, a place free by status) and a place free among the tandems. Runs, manual teams and
 * cohorts ask this one question.
 */
export const mayTakePlace = (world: Pick<World, 'tandems' | 'users'>, mentorId: UserId): boolean => {
  const mentor = world.users.get(mentorId)?.mentor
  return mentor != null && isInMentorPool(mentor) && hasFreePlace(mentor.capacity, mentorPlacesOf(world, mentorId))
}

/** Every tandem of the user (any state), on either side or on the one side named. */
export const tandemsOf = (world: Pick<World, 'tandems'>, userId: UserId, side?: Side): readonly Tandem[] => {
  const all: Tandem[] = []
  for (const t of world.tandems.values()) if (onSide(t, userId, side)) all.push(t)
  return all
}

/**
 * A tandem one side declined, or a team ended with "do not pair us again": its pair of mentee and
 * mentor is never proposed again, by a run, by an admin's manual team or by a cohort.
 */
export const isDeclinedTandem = (t: Pick<Tandem, 'state' | 'ending'>): boolean =>
  t.state === 'DECLINED' || t.ending?.doNotPairAgain === true

/** Whether the pair was declined before, so may never be proposed again. */
export const isDeclinedPair = (world: Pick<World, 'tandems'>, menteeId: UserId, mentorId: UserId): boolean => {
  for (const t of world.tandems.values()) if (isDeclinedTandem(t) && t.menteeId === menteeId && t.mentorId === mentorId) return true
  return false
}

/** Every declined pair among the tandems (one entry per declined tandem): the pairs a cohort may not propose. */
export const declinedPairsOf = (world: Pick<World, 'tandems'>): { readonly menteeId: UserId; readonly mentorId: UserId }[] =>
  [...world.tandems.values()].filter(isDeclinedTandem).map((t) => ({ menteeId: t.menteeId, mentorId: t.mentorId }))

/**
 * The mentors a mentee's run may never propose again: the mentee's declined pairs (the slice must
 * hold the mentee's tandems). A run leaves them out of its ranking, as completing it would refuse them.
 */
export const declinedMentorsOf = (world: Pick<World, 'tandems'>, menteeId: UserId): ReadonlySet<UserId> =>
  new Set([...world.tandems.values()].filter((t) => isDeclinedTandem(t) && t.menteeId === menteeId).map((t) => t.mentorId))

/**
 * Whether a participant sees the tandem on their dashboard for a side: it is live and its proposal
 * to them is open or accepted. A mentor sees it only once the mentee has accepted (docs/product.md#permissions).
 */
export const isShownTo = (t: Tandem, userId: UserId, side: Side): boolean =>
  isLiveTandem(t) &&
  (side === 'Mentee'
    ? t.menteeId === userId && (t.menteeProposal.state === 'PROPOSED' || t.menteeProposal.state === 'ACCEPTED')
    : t.mentorId === userId &&
      t.menteeProposal.state === 'ACCEPTED' &&
      (t.mentorProposal.state === 'PROPOSED' || t.mentorProposal.state === 'ACCEPTED'))

/** The tandems shown to the user on a side, by id. */
export const shownTandemsOf = (world: Pick<World, 'tandems'>, userId: UserId, side: Side): readonly Tandem[] =>
  [...world.tandems.values()].filter((t) => isShownTo(t, userId, side)).sort((a, b) => a.id - b.id)

/** Whether the viewer shares a tandem shown to them with the user (the photo rule: current partners only). */
export const isShownPartner = (world: Pick<World, 'tandems'>, viewerId: UserId, userId: UserId): boolean =>
  shownTandemsOf(world, viewerId, 'Mentee').some((t) => t.mentorId === userId) ||
  shownTandemsOf(world, viewerId, 'Mentor').some((t) => t.menteeId === userId)

/** A tandem's proposal ids: the mentee's proposal is 2·id−1, the mentor's 2·id (the one place a proposal id is made). */
export const proposalIdOf = (tandemId: TandemId, side: Side): ProposalId =>
  (side === 'Mentee' ? 2 * tandemId - 1 : 2 * tandemId) as ProposalId

/** The tandem a proposal id belongs to. */
export const tandemIdOfProposal = (proposalId: number): TandemId => tandemIdOf(Math.ceil(proposalId / 2))

export type TimeLeft = { readonly remainingHours: number; readonly remainingMinutes: number }

/** Hours and minutes left until a deadline, floored and never negative (the dashboard countdown). */
export const remainingTime = (now: Instant, deadline: Instant): TimeLeft => {
  const left = Math.max(0, deadline - now)
  return { remainingHours: Math.floor(left / HOUR), remainingMinutes: Math.floor((left % HOUR) / MINUTE) }
}

/** A deadline has passed from the instant it is reached: at the deadline nothing can be answered. */
export const isPast = (now: Instant, deadline: Instant | null): boolean => deadline !== null && now >= deadline

/**
 * The ended team that puts the mentee on the waitlist, if any: the team of theirs that ended last
 * (by a side or an administrator), at or after the start of their last run (or they never started
 * one; the same instant counts, since the run that made the team came before its end), for another
 * reason than "goals reached" (the mentorship did its work: they start matching themselves if they
 * want another), with no tandem of theirs made since (an administrator's team replaces it). The
 * run that made the team may have proposed other mentors too: those tandems were made with it and
 * closed when the mentee chose, so they are older than the end and do not hide it. A release carries
 * no ending and does not count; a run of their own started since replaces it (the normal rules from
 * then on).
 */
export const endedTeamOf = (world: Pick<World, 'users' | 'tandems'>, menteeId: UserId): Tandem | undefined => {
  const mentee = world.users.get(menteeId)?.mentee
  if (mentee == null) return undefined
  const tandems = tandemsOf(world, menteeId, 'Mentee')
  const last = tandems.reduce<Tandem | undefined>(
    (a, t) => (t.ending !== undefined && (a === undefined || endedLater(t, a)) ? t : a),
    undefined,
  )
  const ending = last?.ending
  if (ending === undefined || ending.reasonId === 'goals-reached') return undefined
  if (tandems.some((t) => t.createdAt > ending.at)) return undefined
  return mentee.lastStartedAt === null || ending.at >= mentee.lastStartedAt ? last : undefined
}

const endedLater = (a: Tandem, b: Tandem): boolean =>
  (a.ending?.at ?? 0) > (b.ending?.at ?? 0) || ((a.ending?.at ?? 0) === (b.ending?.at ?? 0) && a.id > b.id)
