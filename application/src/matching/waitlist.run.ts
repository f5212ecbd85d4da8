// The waitlist's round (docs/matching.md#waitlist): when a command opened a place (a trigger row
// written in its transaction), start matching for the waiting mentees who now have a candidate,
// longest waiting first, through the start-matching run itself (same rules, the 48 h window
// starting then); the run's completion writes the WAITLIST_PROPOSALS mail to the outbox with the
// proposals. Idempotent: a mentee who got proposals waits no more, so a second round (or a round
// repeated after a crash before the triggers were removed) neither runs nor mails again.
import {
  compileQuestionnaire,
  declinedMentorsOf,
  endedTeamOf,
  mayTakePlace,
  menteeWorldsOf,
  packMentorPool,
  rankPool,
  waitlistCandidates,
  waitlistExcludedMentorsOf,
  waitlistOf,
  type UserId,
  type WaitlistEntry,
  type World,
} from '@tandem/core'
import { isRight } from 'fp-ts/lib/Either.js'
import type { ServiceContext } from '../context.js'
import { sideReads } from '../users/views.js'
import { runMatching } from './matching.run.js'

export type WaitlistRound = {
  /** Whether a trigger was pending (false: nothing to do, nothing read). */
  readonly triggered: boolean
  /** The mentees whose run proposed mentors, in the order they were served. */
  readonly proposed: readonly UserId[]
  /** How many waiting mentees this round ranked against the whole pool (the costly look). */
  readonly lookedAtWholePool: number
}

/** A waiting mentee worth a look, and which of the opened mentors fit them ('any': look at the whole pool). */
type Look = WaitlistEntry & { readonly fits: readonly UserId[] | 'any' }

type FittingOpenedPorts = Pick<ServiceContext, 'activeQuestionnaire' | 'answers' | 'matching' | 'waitlist'>

/**
 * The waiting mentees worth a run after the places of `mentorIds` opened: a mentee had no candidate
 * at the last round, so a new one can only be among these mentors (core/test/waitlist.test.ts holds
 * `mentorsWithOpenedPlaces` to that), unless the mentee's answers changed since they wait. One read
 * of the waiting mentees' answers and a pool of the opened mentors only: each waiting mentee is
 * ranked against a handful of mentors instead of the whole pool. The run itself ranks on the whole
 * pool, as the button does.
 */
const fittingOpened = async (
  ctx: FittingOpenedPorts,
  world: World,
  waiting: readonly WaitlistEntry[],
  mentorIds: readonly UserId[],
  lastRoundAt: number | null,
): Promise<readonly Look[]> => {
  const opened = new Set(mentorIds)
  const mentors = (await ctx.answers.publishedMentors()).filter((m) => opened.has(m.id))
  if (mentors.length === 0) return []
  const answers = await ctx.waitlist.menteeAnswers(waiting.map((w) => w.menteeId))
  const compiled = compileQuestionnaire(ctx.activeQuestionnaire.questionnaire())
  const pool = packMentorPool(compiled, mentors)
  const options = { threshold: ctx.matching.threshold, limit: mentors.length }
  const looks: Look[] = []
  const menteeWorld = menteeWorldsOf(world)
  for (const entry of waiting) {
    const own = answers.get(entry.menteeId)
    if (own === undefined) continue
    // A mentee who waits since their team ended had no run that found nobody: until a round has
    // looked at the whole pool for them (the first round that started after the ending), any mentor
    // with a place may fit. From then on, as every waiting mentee, only an opened place is new.
    const endedSinceLastRound =
      endedTeamOf(menteeWorld(entry.menteeId), entry.menteeId) !== undefined && (lastRoundAt === null || entry.waitingSince >= lastRoundAt)
    if (own.savedAt > entry.waitingSince || endedSinceLastRound) {
      looks.push({ ...entry, fits: 'any' })
      continue
    }
    const exclude = declinedMentorsOf(menteeWorld(entry.menteeId), entry.menteeId)
    const fits = rankPool(compiled, pool, { id: entry.menteeId, answers: own.answers }, { ...options, exclude }).map((r) => r.mentorId)
    if (fits.length > 0) looks.push({ ...entry, fits })
  }
  return looks
}

/** Those of `mentorIds` who may take a place now. */
const withPlaceNow = async (ctx: Pick<ServiceContext, 'store'>, mentorIds: readonly UserId[]): Promise<ReadonlySet<UserId>> => {
  if (mentorIds.length === 0) return new Set()
  const current = await ctx.store.load({ userIds: [...mentorIds] })
  return new Set(mentorIds.filter((id) => mayTakePlace(current, id)))
}

export type ServeWaitlistPorts = Pick<
  ServiceContext,
  'activeQuestionnaire' | 'answers' | 'clock' | 'logger' | 'master' | 'matching' | 'mentorPool' | 'store' | 'users' | 'waitlist'
>

export const serveWaitlist = async (ctx: ServeWaitlistPorts): Promise<WaitlistRound> => {
  const trigger = await ctx.waitlist.pendingTrigger()
  if (trigger === null) return { triggered: false, proposed: [], lookedAtWholePool: 0 }
  const roundAt = ctx.clock()
  const ids = await ctx.waitlist.maybeWaitingIds()
  // The query left out those who turned the waitlist off; the core decides on the rest.
  const world = ids.length === 0 ? null : await ctx.store.load({ userIds: ids })
  const all = world === null ? [] : waitlistOf(world, ids, () => true)
  // A trigger that names no mentor (written before migration 0023) asks every waiting mentee.
  const looks: readonly Look[] =
    world === null || trigger.mentorIds === null
      ? all.map((e) => ({ ...e, fits: 'any' }))
      : await fittingOpened(ctx, world, all, trigger.mentorIds, trigger.lastRoundAt)
  // The opened mentors with a place free, known again after each run that may have taken one: once
  // they are all taken, the mentees they fitted have nothing new and are not ranked again.
  let open = await withPlaceNow(ctx, trigger.mentorIds ?? [])
  const proposed: UserId[] = []
  for (const { menteeId, fits } of looks) {
    if (fits !== 'any' && !fits.some((id) => open.has(id))) continue
    const user = await ctx.users.byId(menteeId)
    if (user === undefined || (await ctx.waitlist.isOff(menteeId))) continue
    const read = await sideReads(ctx, menteeId, 'Mentee')
    const own = await ctx.store.load({ userIds: [menteeId] })
    // Never the mentor of the team whose end put the mentee here: left out of the ranking and of the run.
    const excluded = waitlistExcludedMentorsOf(own, menteeId)
    const ranked = (
      await ctx.mentorPool.rank({ id: menteeId, answers: read.answers }, new Set([...declinedMentorsOf(own, menteeId), ...excluded]))
    ).map((r) => r.mentorId)
    if (ranked.length === 0) continue
    // Only a mentee with a candidate now gets a run: one whose ranking holds only mentors taken by
    // those served before keeps waiting, with the time they wait since.
    const current = await ctx.store.load({ userIds: [menteeId, ...ranked] })
    if (waitlistCandidates(current, menteeId, ranked).length === 0) continue
    const result = await runMatching(ctx, user, read, { byWaitlist: true, exclude: excluded })
    if (isRight(result)) {
      const after = (await ctx.store.load({ userIds: [menteeId] })).users.get(menteeId)?.mentee
      if (after?.status === 'PROPOSED') proposed.push(menteeId)
      open = await withPlaceNow(ctx, [...open])
    } else ctx.logger.warn({ menteeId, error: result.left }, 'waitlist run refused')
  }
  // Served: a trigger written meanwhile has a higher id and brings the next round.
  await ctx.waitlist.served(trigger.upTo, roundAt)
  return { triggered: true, proposed, lookedAtWholePool: looks.filter((l) => l.fits === 'any').length }
}
