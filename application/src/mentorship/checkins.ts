// The check-in timeline of matched teams (docs/mentorship.md#check-ins): the sweep that sends what
// `dueCheckIns` names, the end of a timeline when its team ends (however it ends), and the answers of
// a signed-in participant or of a mail's one-time link. The rules are the core's; this reads the
// stored timeline, applies the core's commands and writes the rows and mails in one transaction per team.
import { createHash, randomBytes } from 'node:crypto'
import {
  answerCheckIn as answerOnTimeline,
  answerMetBySession,
  closesAtOf,
  decodeCheckInAnswer,
  dueCheckIns,
  endMentorship,
  notFound,
  openCheckIn,
  remainingSides,
  sendQuestion,
  sendReminder,
  sidesLeft,
  startTimeline,
  type CheckInOccasion,
  type CheckInRecord,
  type DomainError,
  type EndedBy,
  type Instant,
  type MentorshipEvent,
  type Side,
  type Tandem,
  type TandemId,
  type Timeline,
  type TimelineResult,
  type Transition,
  type UserId,
} from '@tandem/core'
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js'
import type { ServiceContext } from '../context.js'
import { cancelMeetingsOfEndedTeam } from '../meetings/team-end.cancels-meetings.js'

const DAY = 24 * 60 * 60 * 1000
/** How long the closing survey's link holds (the other questions' links hold until the next question). */
export const CLOSING_LINK_VALID = 60 * DAY

/** What the check-in use cases read and write. */
export type CheckInContext = Pick<
  ServiceContext,
  | 'clock'
  | 'store'
  | 'outbox'
  | 'inOneTransaction'
  | 'mentorship'
  | 'checkInMails'
  | 'publicUrl'
  | 'logger'
  | 'meetings'
  | 'meetingMails'
  | 'timeZone'
>

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex')

const userOfSide = (tandem: Tandem, side: Side): UserId => (side === 'Mentee' ? tandem.menteeId : tandem.mentorId)

/**
 * Nothing more will be asked on an ended timeline once each side still there answered or was
 * reminded of the closing survey (a side whose person left is asked nothing).
 */
const isClosed = (timeline: Timeline): boolean =>
  timeline.ended !== null &&
  remainingSides(timeline).every((side) =>
    timeline.checkIns.some((r) => r.side === side && r.occasion.kind === 'Closing' && (r.answer !== null || r.remindedAt !== null)),
  )

const linkExpiry = (timeline: Timeline, occasion: CheckInOccasion, askedAt: Instant): Instant =>
  closesAtOf(timeline, occasion) ?? askedAt + CLOSING_LINK_VALID

/** Applies one core command, throwing on a refusal: the sweep only applies what `dueCheckIns` named. */
const applied = (result: TimelineResult): { timeline: Timeline; events: readonly MentorshipEvent[] } => {
  if (isLeft(result)) throw new Error(`the timeline refused a due check-in: ${result.left._tag}`)
  return result.right
}

/**
 * Sends what is due on a team's timeline at `now` and writes it with its mails (inside the caller's
 * transaction). Answers how many mails were written.
 */
const advance = async (
  ctx: CheckInContext,
  tandem: Tandem,
  stored: Timeline | undefined,
  start: Timeline,
  extra: readonly MentorshipEvent[],
  now: Instant,
  leaving: readonly Side[] = [],
): Promise<number> => {
  // A side whose person deletes their account is asked nothing (and its rows are erased after); the
  // timeline keeps that it left, so the other side's closing survey is still reminded of.
  let timeline = sidesLeft(leaving)(start)
  const events: MentorshipEvent[] = [...extra]
  // A session already logged answers "have you met?" when it falls due: no mail asks it
  // (docs/mentorship.md#meetings).
  if (timeline.ended === null && (await ctx.meetings.sessionsOf([tandem.id])).length > 0) {
    const met = applied(answerMetBySession(now, timeline))
    timeline = met.timeline
    events.push(...met.events)
  }
  for (const due of dueCheckIns(timeline, now)) {
    const command = { side: due.side, occasion: due.occasion }
    const step = applied(due.action === 'Ask' ? sendQuestion(now, command)(timeline) : sendReminder(now, command)(timeline))
    timeline = step.timeline
    events.push(...step.events)
  }
  const closed = isClosed(timeline)
  // Unchanged and still open: nothing to write. (A timeline that became closed without a change,
  // as when the side still there had answered before the other left, is written closed once.)
  if (stored !== undefined && events.length === 0 && timeline === start && !closed) return 0
  await ctx.mentorship.save(stored, timeline, closed)
  let mails = 0
  for (const event of events) {
    if (event._tag !== 'CheckInAsked' && event._tag !== 'CheckInReminded') continue
    const userId = userOfSide(tandem, event.side)
    const to = await ctx.store.contactOf(userId)
    if (to === undefined) continue
    const token = randomBytes(32).toString('base64url')
    const record = timeline.checkIns.find(
      (r) => r.side === event.side && r.occasion.kind === event.occasion.kind && sameRound(r, event.occasion),
    )
    await ctx.mentorship.addLink(hashToken(token), {
      tandemId: tandem.id,
      side: event.side,
      occasion: event.occasion,
      userId,
      expiresAt: linkExpiry(timeline, event.occasion, record?.askedAt ?? now),
      usedAt: null,
    })
    const row = ctx.checkInMails(
      {
        to,
        side: event.side,
        occasion: event.occasion,
        reminder: event._tag === 'CheckInReminded',
        link: `${ctx.publicUrl.replace(/\/$/, '')}/check-in?token=${token}`,
      },
      now,
    )
    if (row === undefined) continue
    await ctx.outbox.enqueue(row)
    mails += 1
  }
  return mails
}

const sameRound = (r: CheckInRecord, o: CheckInOccasion): boolean =>
  r.occasion.kind !== 'Pulse' || o.kind !== 'Pulse' || r.occasion.round === o.round

/**
 * One team's sweep in one transaction: its stored timeline (started from the tandem when none is),
 * an end that another path missed, and what falls due. Answers how many mails were written.
 */
const sweepTeam = (ctx: CheckInContext, tandemId: TandemId, now: Instant): Promise<number> =>
  ctx.inOneTransaction(async () => {
    const tandem = (await ctx.store.load({ userIds: [], tandemIds: [tandemId] })).tandems.get(tandemId)
    if (tandem === undefined) return 0
    const stored = await ctx.mentorship.timelineOf(tandemId)
    let timeline: Timeline
    let extra: readonly MentorshipEvent[] = []
    if (stored === undefined) {
      const started = startTimeline(tandem)
      if (isLeft(started)) return 0
      timeline = started.right
    } else timeline = stored
    if (tandem.state !== 'MATCHED' && timeline.ended === null) {
      // Ended by a path that did not end the timeline (an account's deletion): ended now.
      const ended = applied(endMentorship(now, { by: 'Admin' })(timeline))
      timeline = ended.timeline
      extra = ended.events
    }
    return advance(ctx, tandem, stored, timeline, extra, now)
  })

/**
 * The check-in sweep (the scheduled task `check-ins`): every MATCHED team and every ended team whose
 * closing survey may still be sent. Idempotent: a second sweep at the same `now` sends nothing.
 */
export const sweepCheckIns = async (ctx: CheckInContext): Promise<number> => {
  const now = ctx.clock()
  const ids = [...new Set([...(await ctx.mentorship.matchedTandemIds()), ...(await ctx.mentorship.openTimelineIds())])].sort(
    (a, b) => a - b,
  )
  let mails = 0
  for (const id of ids) {
    try {
      mails += await sweepTeam(ctx, id, now)
    } catch (e) {
      // One team's failure (a concurrent sweep wrote its question first) must not hold up the others.
      ctx.logger.warn({ tandemId: id, err: e instanceof Error ? e.message : String(e) }, 'check-in sweep skipped a team')
    }
  }
  return mails
}

/** Who ended a team, as the command's events tell. */
const endedByOf = (transition: Transition, tandemId: TandemId): EndedBy | undefined => {
  for (const event of transition.events) {
    if (event._tag === 'TandemEnded' && event.tandemId === tandemId) return event.by
    if (event._tag === 'TandemReleased' && event.tandemId === tandemId) return event.by
  }
  return undefined
}

/**
 * Runs a command that may end MATCHED teams (ending by a side or an administrator, a release, a
 * program year's deactivation, an account's deletion) and, in the same transaction, ends their
 * timelines and sends the closing survey. `leavingUser`: the person whose account is deleted; their
 * side gets no closing survey, only the other side does.
 */
export const withMentorshipEnd = (
  ctx: CheckInContext,
  tandemIds: readonly TandemId[],
  command: () => Promise<Either<DomainError, Transition>>,
  leavingUser?: UserId,
): Promise<Either<DomainError, Transition>> =>
  ctx.inOneTransaction(async () => {
    const before = tandemIds.length === 0 ? new Map<TandemId, Tandem>() : (await ctx.store.load({ userIds: [], tandemIds })).tandems
    const result = await command()
    if (isLeft(result)) return result
    const now = ctx.clock()
    for (const [id, was] of before) {
      const after = result.right.world.tandems.get(id)
      if (was.state !== 'MATCHED' || after === undefined || after.state === 'MATCHED') continue
      const stored = await ctx.mentorship.timelineOf(id)
      const started = stored === undefined ? startTimeline(was) : right(stored)
      if (isLeft(started) || started.right.ended !== null) continue
      const ended = applied(endMentorship(now, { by: endedByOf(result.right, id) ?? 'Admin' })(started.right))
      const leaving = leavingUser === undefined ? [] : sidesOf(was, leavingUser)
      await advance(ctx, after, stored, ended.timeline, ended.events, now, leaving)
      await cancelMeetingsOfEndedTeam(ctx, after, now, leavingUser)
    }
    return result
  })

/** A question waiting for the caller's answer. */
export type OpenCheckIn = {
  readonly tandemId: TandemId
  readonly side: Side
  readonly occasion: CheckInOccasion
  readonly askedAt: Instant
}

/** The questions the person may answer now, one per team and side at most. */
export const openCheckInsOf = async (ctx: CheckInContext, tandems: readonly Tandem[], userId: UserId): Promise<readonly OpenCheckIn[]> => {
  const now = ctx.clock()
  const open: OpenCheckIn[] = []
  for (const tandem of tandems) {
    const timeline = await ctx.mentorship.timelineOf(tandem.id)
    if (timeline === undefined) continue
    for (const side of sidesOf(tandem, userId)) {
      const record = openCheckIn(timeline, now, side)
      if (record !== undefined) open.push({ tandemId: tandem.id, side, occasion: record.occasion, askedAt: record.askedAt })
    }
  }
  return open
}

const sidesOf = (tandem: Tandem, userId: UserId): Side[] => [
  ...(tandem.menteeId === userId ? (['Mentee'] as const) : []),
  ...(tandem.mentorId === userId ? (['Mentor'] as const) : []),
]

/** Records an answer of `side` on the team's timeline, in one transaction; Left and nothing written on any refusal. */
const answerOn = (
  ctx: CheckInContext,
  tandemId: TandemId,
  side: Side,
  occasion: CheckInOccasion,
  body: unknown,
  beforeWrite: () => Promise<Either<DomainError, void>>,
): Promise<Either<DomainError, true>> => {
  const answer = decodeCheckInAnswer(body)
  if (isLeft(answer)) return Promise.resolve(answer)
  return ctx.inOneTransaction(async () => {
    const now = ctx.clock()
    const stored = await ctx.mentorship.timelineOf(tandemId)
    if (stored === undefined) return left(notFound('Tandem'))
    const result = answerOnTimeline(now, { side, occasion, answer: answer.right })(stored)
    if (isLeft(result)) return result.left._tag === 'InvalidTransition' ? left({ _tag: 'CheckInNotOpen', state: result.left.from }) : result
    const gate = await beforeWrite()
    if (isLeft(gate)) return gate
    await ctx.mentorship.save(stored, result.right.timeline, isClosed(result.right.timeline))
    return right(true as const)
  })
}

/** The signed-in person answers a question of their own team. */
export const answerOwnCheckIn = async (
  ctx: CheckInContext,
  userId: UserId,
  request: { readonly tandemId: TandemId; readonly occasion: CheckInOccasion; readonly answer: unknown },
): Promise<Either<DomainError, true>> => {
  const tandem = (await ctx.store.load({ userIds: [], tandemIds: [request.tandemId] })).tandems.get(request.tandemId)
  if (tandem === undefined) return left(notFound('Tandem'))
  const sides = sidesOf(tandem, userId)
  const side = sides[0]
  if (side === undefined) return left({ _tag: 'NotTandemParticipant' })
  return answerOn(ctx, request.tandemId, side, request.occasion, request.answer, async () => right(undefined))
}

/** Answers the question of a mail's one-time link (no sign-in): the link must be unused and unexpired. */
export const answerCheckInByLink = async (ctx: CheckInContext, token: string, answer: unknown): Promise<Either<DomainError, true>> => {
  const hash = hashToken(token)
  const link = await ctx.mentorship.linkOf(hash)
  const now = ctx.clock()
  if (link === undefined) return left(notFound('CheckInLink'))
  if (link.usedAt !== null) return left({ _tag: 'CheckInLinkUsed' })
  if (now >= link.expiresAt) return left({ _tag: 'CheckInLinkExpired' })
  return answerOn(ctx, link.tandemId, link.side, link.occasion, answer, async () =>
    (await ctx.mentorship.useLink(hash, now)) ? right(undefined) : left({ _tag: 'CheckInLinkUsed' }),
  )
}

/** What a link's page shows before the click: the question, without answering it. */
export const checkInOfLink = async (
  ctx: CheckInContext,
  token: string,
): Promise<
  Either<
    DomainError,
    { readonly side: Side; readonly occasion: CheckInOccasion; readonly open: boolean; readonly closedBecause: LinkClosedBecause | null }
  >
> => {
  const link = await ctx.mentorship.linkOf(hashToken(token))
  if (link === undefined) return left(notFound('CheckInLink'))
  const timeline = await ctx.mentorship.timelineOf(link.tandemId)
  const now = ctx.clock()
  const record = timeline === undefined ? undefined : openCheckIn(timeline, now, link.side)
  const asked = record !== undefined && record.occasion.kind === link.occasion.kind && sameRound(record, link.occasion)
  // the refusal a click would get, so that the page says why before anyone clicks
  const closedBecause: LinkClosedBecause | null =
    link.usedAt !== null ? 'CheckInLinkUsed' : now >= link.expiresAt ? 'CheckInLinkExpired' : asked ? null : 'CheckInNotOpen'
  return right({ side: link.side, occasion: link.occasion, open: closedBecause === null, closedBecause })
}

/** Why a link's question can no longer be answered: the error code a click on it would get. */
export type LinkClosedBecause = 'CheckInLinkUsed' | 'CheckInLinkExpired' | 'CheckInNotOpen'
