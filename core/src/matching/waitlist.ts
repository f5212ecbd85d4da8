// The waitlist (docs/matching.md#waitlist): mentees whose last run found no mentor, or whose team
// just ended, wait, unless they turned it off, until a place opens; then a run starts for them, longest waiting first. Who waits,
// in which order, which events open a place, and which ranked mentors a waiting mentee may still be
// proposed are decided here; the run itself is the start-matching command's, with its own rules.
import type { TandemId, UserId } from '../shared/ids.js'
import { DAY, type Instant } from '../shared/time.js'
import { isInMentorPool, mayStartRun } from '../users/matching-pool.js'
import { hasFreePlace } from '../tandem/places.js'
import { endedTeamOf, isDeclinedPair, liveTandemsOf, mayTakePlace, mentorPlacesOf } from '../tandem/tandem.queries.js'

export { endedTeamOf }
import type { Tandem } from '../tandem/tandem.codec.js'
import type { World } from '../tandem/world.js'

/** A waiting mentee and since when they wait (the start of the run that found nobody, or the team's end). */
export type WaitlistEntry = { readonly menteeId: UserId; readonly waitingSince: Instant }

/**
 * Whether the mentee is on the waitlist: their last run found no mentor or their team just ended
 * (`endedTeamOf`), they did not turn the waitlist off, they may start a run now (not PENDING, not
 * paused, program year open is the run's own check), and no tandem of theirs is live. They wait
 * since that run started, or since the team's end. `waitlistOn` is the mentee's own choice (on by
 * default). The world must hold the mentee's tandems.
 */
export const waitingSinceOf = (world: Pick<World, 'users' | 'tandems'>, menteeId: UserId, waitlistOn: boolean): Instant | null => {
  const mentee = world.users.get(menteeId)?.mentee
  if (mentee == null || !waitlistOn) return null
  if (!mayStartRun(mentee)) return null
  if (liveTandemsOf(world, menteeId, 'Mentee').length > 0) return null
  const ended = endedTeamOf(world, menteeId)
  if (ended?.ending !== undefined) return ended.ending.at
  return mentee.noMatch ? mentee.lastStartedAt : null
}

const NO_TANDEMS: ReadonlyMap<TandemId, Tandem> = new Map()

/**
 * Each mentee's own tandems (those where they are the mentee) as a world of their own, grouped in
 * one pass: whether a mentee waits, since when, and which mentors the waitlist leaves out of their
 * run read only those tandems, so on this world they answer exactly as on the whole one, without a
 * pass over every tandem per waiting mentee (10,000 waiting and 2,000 ended teams made that twenty
 * million steps a round; docs/matching.md, "Speed, and the bench guard").
 */
export const menteeWorldsOf = (world: Pick<World, 'users' | 'tandems'>): ((menteeId: UserId) => Pick<World, 'users' | 'tandems'>) => {
  const byMentee = new Map<UserId, Map<TandemId, Tandem>>()
  for (const [id, tandem] of world.tandems) {
    let own = byMentee.get(tandem.menteeId)
    if (own === undefined) {
      own = new Map()
      byMentee.set(tandem.menteeId, own)
    }
    own.set(id, tandem)
  }
  return (menteeId) => ({ users: world.users, tandems: byMentee.get(menteeId) ?? NO_TANDEMS })
}

/** The waiting mentees among those given, longest waiting first (ties: the lower id first, so the order is total). */
export const waitlistOf = (
  world: Pick<World, 'users' | 'tandems'>,
  menteeIds: Iterable<UserId>,
  waitlistOn: (menteeId: UserId) => boolean,
): readonly WaitlistEntry[] => {
  const entries: WaitlistEntry[] = []
  const own = menteeWorldsOf(world)
  for (const menteeId of new Set(menteeIds)) {
    const waitingSince = waitingSinceOf(own(menteeId), menteeId, waitlistOn(menteeId))
    if (waitingSince !== null) entries.push({ menteeId, waitingSince })
  }
  return entries.sort(compareWaiting)
}

export const compareWaiting = (a: WaitlistEntry, b: WaitlistEntry): number => a.waitingSince - b.waitingSince || a.menteeId - b.menteeId

/**
 * The mentors the waitlist never proposes to the mentee, beyond the declined ones: the mentor of the
 * team whose end put them on the waitlist, whether or not "do not pair us again" was chosen (the
 * mentee's own run may still propose that mentor unless it was). The world must hold the mentee's tandems.
 */
export const waitlistExcludedMentorsOf = (world: Pick<World, 'users' | 'tandems'>, menteeId: UserId): readonly UserId[] => {
  const ended = endedTeamOf(world, menteeId)
  return ended === undefined ? [] : [ended.mentorId]
}

/**
 * The ranked mentors a waiting mentee may be proposed now: the ranking already applied the
 * threshold and the limit of live proposals; here the same checks the run's completion makes (a
 * place free, never a declined mentor, never oneself), so that a mentee whose ranking holds only
 * mentors taken since gets no run, and never the mentor of the team that just ended
 * (`waitlistExcludedMentorsOf`). The world must hold the mentee's and those mentors' tandems.
 */
export const waitlistCandidates = (
  world: Pick<World, 'users' | 'tandems'>,
  menteeId: UserId,
  ranked: readonly UserId[],
): readonly UserId[] => {
  const excluded = waitlistExcludedMentorsOf(world, menteeId)
  return ranked.filter(
    (mentorId) =>
      mentorId !== menteeId && !excluded.includes(mentorId) && mayTakePlace(world, mentorId) && !isDeclinedPair(world, menteeId, mentorId),
  )
}

/** How many new tandems the mentor may take now (0 out of the pool). */
export const freePlacesOf = (world: Pick<World, 'users' | 'tandems'>, mentorId: UserId): number => {
  const mentor = world.users.get(mentorId)?.mentor
  if (mentor == null || !isInMentorPool(mentor)) return 0
  const places = mentorPlacesOf(world, mentorId)
  return hasFreePlace(mentor.capacity, places) ? mentor.capacity - places.taken : 0
}

/**
 * The mentors a command opened a place with: those of the slice who may take more new tandems after
 * it than before (publishes, enables matching, raises the capacity, a proposal expired or was
 * declined, a tandem was released, closed or ended). Both worlds are the same slice before and
 * after the command, so a tandem that changed is in both.
 */
export const mentorsWithOpenedPlaces = (
  before: Pick<World, 'users' | 'tandems'>,
  after: Pick<World, 'users' | 'tandems'>,
): readonly UserId[] => {
  const opened: UserId[] = []
  for (const [id, user] of after.users) {
    if (user.mentor === null) continue
    if (freePlacesOf(after, id) > freePlacesOf(before, id)) opened.push(id)
  }
  return opened
}

/**
 * The mentors a command gives the waitlist a round for (docs/matching.md#waitlist): those whose place
 * it opened, and the mentor of each team it ended. An ending is itself a reason for a round: it puts
 * the mentee on the waitlist, and the first round after it ranks them against the whole pool, even
 * when the ending opened no place (the mentor paused with it, or was over a lowered capacity).
 */
export const waitlistRoundReasons = (
  before: Pick<World, 'users' | 'tandems'>,
  after: Pick<World, 'users' | 'tandems'>,
): readonly UserId[] => {
  const mentors = new Set(mentorsWithOpenedPlaces(before, after))
  for (const [id, tandem] of after.tandems)
    if (tandem.ending !== undefined && before.tandems.get(id)?.ending === undefined) mentors.add(tandem.mentorId)
  return [...mentors]
}

/** Whether a command opened a place for some mentor of its slice. */
export const placesOpened = (before: Pick<World, 'users' | 'tandems'>, after: Pick<World, 'users' | 'tandems'>): boolean =>
  mentorsWithOpenedPlaces(before, after).length > 0

/**
 * How long the waitlist mail's one-click "stop" link holds: the mail is read days after it came, and
 * a person may first ignore it and only want to stop after the second or third; 60 days, like the
 * closing survey's link, keeps an old mail working without leaving a link usable for ever.
 */
export const WAITLIST_STOP_LINK_VALID = 60 * DAY

/** A stop link as stored: when it runs out, and when it was used (null: not yet). */
export type WaitlistStopLink = { readonly expiresAt: Instant; readonly usedAt: Instant | null }

/** Why a stop link turns nothing off at `now` (the error a click gets), or null while it may be used once. */
export const stopLinkRefusal = (link: WaitlistStopLink, now: Instant): 'WaitlistLinkUsed' | 'WaitlistLinkExpired' | null =>
  link.usedAt !== null ? 'WaitlistLinkUsed' : now >= link.expiresAt ? 'WaitlistLinkExpired' : null
