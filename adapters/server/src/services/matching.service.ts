// Participant matching calls: proposals with remaining times (deadlines applied on read), accept,
// decline, decline reasons, and start matching (the matching run).
import {
  abortMatchingRun, acceptByMentee, acceptByMentor, beginMatchingRun, completeMatchingRun, declineByMentee, declineByMentor,
  expireDeadlines, isPast, remainingTime, toIsoDateTime, validateDecline,
  type AcceptDeclinePayload, type DomainError, type ParticipantProposal, type ProposalsResponse, type RemainingTime, type Tandem, type World,
} from '@tandem/core'
import type { Services } from '@tandem/http'
import type { UserRecord } from '@tandem/sqlite'
import { isLeft, isRight, left, right, type Either } from 'fp-ts/lib/Either.js'
import { textIn, userById, type ServiceContext } from './context.js'
import { createMentorPoolCache, type MentorPoolCache } from './mentor-pool.cache.js'
import { answersOf, imageUrl, sideComplete, visibleTandems } from './views.js'

/** The tandems of a slice whose deadline has passed while a side still had to answer. */
const expiredIn = (world: World, now: number): Tandem[] =>
  [...world.tandems.values()].filter((x) => x.state === 'ACTIVE' && (
    (x.menteeProposal.state === 'PROPOSED' && isPast(now, x.menteeProposal.deadline))
    || (x.menteeProposal.state === 'ACCEPTED' && x.mentorProposal.state === 'PROPOSED' && isPast(now, x.mentorProposal.deadline))))

/**
 * Applies passed deadlines to a user's tandems before answering (ARCHITECTURE §2.2: enforced when
 * read). The slice holds the partners too, so their other tandems settle their statuses correctly.
 */
export const applyDeadlinesFor = (ctx: ServiceContext, userId: number): World => {
  const now = ctx.clock()
  const world = ctx.store.load({ userIds: [userId] })
  const expired = expiredIn(world, now)
  if (expired.length === 0) return world
  const ids = [userId, ...expired.flatMap((x) => [x.menteeId, x.mentorId])]
  ctx.store.run({ userIds: ids }, expireDeadlines(now), now)
  return ctx.store.load({ userIds: [userId] })
}

const proposalView = (tandem: Tandem, side: 'Mentee' | 'Mentor', partner: UserRecord | undefined): ParticipantProposal => {
  const own = side === 'Mentee' ? tandem.menteeProposal : tandem.mentorProposal
  const paired = side === 'Mentee' ? tandem.mentorProposal : tandem.menteeProposal
  return {
    proposalId: own.id, pairedProposalId: paired.id, matchingTandemId: tandem.id, proposalState: own.state, tandemState: tandem.state,
    tandemDate: toIsoDateTime(tandem.createdAt),
    // The partner's address only once both said yes (SPEC §6).
    email: tandem.state === 'MATCHED' ? partner?.email ?? null : null,
    firstName: partner?.firstName ?? '', lastName: partner?.lastName ?? '', profileImage: partner === undefined ? null : imageUrl(partner),
    baseMatchRuleScore: tandem.score.base, maxScore: tandem.score.max, percentage: tandem.score.percentage, breakdown: tandem.score.breakdown,
  }
}

const timeLeft = (now: number, tandem: Tandem, deadline: number | null): RemainingTime[] =>
  deadline === null ? [] : [{ tandemId: tandem.id, ...remainingTime(now, deadline), tandemValidUntil: toIsoDateTime(deadline) }]

/** The tandem and side an accept or decline names, checked against the caller and the proposal id. */
const target = (ctx: ServiceContext, actorId: number | null, body: AcceptDeclinePayload): Either<DomainError, { me: UserRecord; tandemId: number }> => {
  const me = userById(ctx, actorId)
  if (isLeft(me)) return me
  const tandemId = body.matchingTandemSaveModel.matchingTandemId
  const expected = body.role === 'Mentee' ? 2 * tandemId - 1 : 2 * tandemId
  if (body.proposalSaveModel.proposalId !== expected) return left({ _tag: 'NotFound', entity: 'Proposal' })
  return right({ me: me.right, tandemId })
}

/**
 * The dashboard polls its proposals. An answer is reused while nothing at all was committed to the
 * database (any process) and for at most a second, and never past a proposal's deadline.
 */
const PROPOSALS_MAX_AGE = 1000
type CachedProposals = { readonly generation: string; readonly until: number; readonly value: ProposalsResponse }

export const matchingService = (ctx: ServiceContext): Services['matching'] => {
  const cache = new Map<number, CachedProposals>()
  return {
  proposals: async (actor) => {
    const now = ctx.clock()
    const before = ctx.db.generation()
    const hit = actor.userId === null ? undefined : cache.get(actor.userId)
    if (hit !== undefined && hit.generation === before && now < hit.until) return right(hit.value)
    const result = buildProposals(ctx, actor.userId, now)
    if (isRight(result) && actor.userId !== null && ctx.db.generation() === before) {
      if (cache.size > 10_000) cache.clear()
      const deadlines = [...result.right.proposalRemainingTime.menteeRemainingTime, ...result.right.proposalRemainingTime.mentorRemainingTime].map((r) => Date.parse(r.tandemValidUntil))
      cache.set(actor.userId, { generation: before, until: Math.min(now + PROPOSALS_MAX_AGE, ...deadlines), value: result.right })
    }
    return result
  },

  accept: async (actor, body) => {
    const found = target(ctx, actor.userId, body)
    if (isLeft(found)) return found
    const { me, tandemId } = found.right
    const now = ctx.clock()
    const apply = body.role === 'Mentee' ? acceptByMentee(now, { tandemId, menteeId: me.id }) : acceptByMentor(now, { tandemId, mentorId: me.id })
    const result = ctx.store.run({ userIds: [me.id], tandemIds: [tandemId] }, apply, now)
    return isLeft(result) ? result : right(true)
  },

  decline: async (actor, body) => {
    const found = target(ctx, actor.userId, body)
    if (isLeft(found)) return found
    const { me, tandemId } = found.right
    const reasonId = body.proposalSaveModel.declineReasonId ?? null
    const comment = body.proposalSaveModel.comment ?? null
    const errors = validateDecline({ declineReasonId: reasonId, comment }, ctx.master.declineReasons, body.role)
    if (errors.length > 0) return left({ _tag: 'ValidationFailed', errors })
    const now = ctx.clock()
    // A mentor's comment is also the information text the waiting mentee receives.
    const apply = body.role === 'Mentee'
      ? declineByMentee(now, { tandemId, menteeId: me.id, declineReasonId: reasonId, comment })
      : declineByMentor(now, { tandemId, mentorId: me.id, declineReasonId: reasonId, comment, infoText: comment })
    const result = ctx.store.run({ userIds: [me.id], tandemIds: [tandemId] }, apply, now)
    return isLeft(result) ? result : right(true)
  },

  declineReasons: async (query) =>
    right(ctx.master.declineReasons.filter((r) => r.side === query.role).map((r) => ({ id: r.id, declineReasonText: textIn(r.text, query.language) }))),

  startMatching: async (actor) => {
    const me = userById(ctx, actor.userId)
    if (isLeft(me)) return me
    return runMatching(ctx, me.right)
  },
  }
}

const buildProposals = (ctx: ServiceContext, userId: number | null, now: number): Either<DomainError, ProposalsResponse> => {
    const me = userById(ctx, userId)
    if (isLeft(me)) return me
    const world = applyDeadlinesFor(ctx, me.right.id)
    const partners = new Map<number, UserRecord | undefined>()
    const partner = (id: number) => {
      if (!partners.has(id)) partners.set(id, ctx.users.byId(id))
      return partners.get(id)
    }
    const asMentee = visibleTandems(world.tandems.values(), me.right.id, 'Mentee').sort((a, b) => a.id - b.id)
    const asMentor = visibleTandems(world.tandems.values(), me.right.id, 'Mentor').sort((a, b) => a.id - b.id)
    return right({
      menteeProposal: asMentee.map((x) => proposalView(x, 'Mentee', partner(x.mentorId))),
      mentorProposal: asMentor.map((x) => proposalView(x, 'Mentor', partner(x.menteeId))),
      proposalRemainingTime: {
        menteeRemainingTime: asMentee.flatMap((x) => (x.menteeProposal.state === 'PROPOSED' ? timeLeft(now, x, x.menteeProposal.deadline) : [])),
        mentorRemainingTime: asMentor.flatMap((x) => (x.mentorProposal.state === 'PROPOSED' ? timeLeft(now, x, x.mentorProposal.deadline) : [])),
      },
    })
}

/**
 * The matching run: PENDING in one transaction, scoring outside it, proposals in a second one that
 * re-checks every mentor. Any failure after the first step clears PENDING again.
 */
export const runMatching = (ctx: ServiceContext, mentee: UserRecord): Either<DomainError, boolean> => {
  if (mentee.participant.mentee === null) return left({ _tag: 'WrongRole', role: 'Mentee' })
  applyDeadlinesFor(ctx, mentee.id)
  const id = mentee.id
  const begun = ctx.store.run({ userIds: [id] }, beginMatchingRun(ctx.clock(), { menteeId: id, profileComplete: sideComplete(ctx, mentee, 'Mentee') }), ctx.clock())
  if (isLeft(begun)) return begun
  try {
    const declined = new Set([...begun.right.world.tandems.values()].filter((x) => x.menteeId === id && x.state === 'DECLINED').map((x) => x.mentorId))
    const ranked = poolOf(ctx).rank({ id, answers: answersOf(ctx, id, 'Mentee') }, declined)
    const proposals = ranked.map((r) => ({ mentorId: r.mentorId, score: r.score }))
    const now = ctx.clock()
    const completed = ctx.store.run({ userIds: [id], extraUserIds: proposals.map((p) => p.mentorId) }, completeMatchingRun(now, { menteeId: id, proposals }), now)
    if (isLeft(completed)) {
      abort(ctx, id)
      return completed
    }
    return right(true)
  } catch (e) {
    abort(ctx, id)
    throw e
  }
}

// One packed pool per service context (per server), built on first use.
const pools = new WeakMap<ServiceContext, MentorPoolCache>()
const poolOf = (ctx: ServiceContext): MentorPoolCache => {
  const existing = pools.get(ctx)
  if (existing !== undefined) return existing
  const created = createMentorPoolCache(ctx)
  pools.set(ctx, created)
  return created
}

const abort = (ctx: ServiceContext, menteeId: number): void => {
  const result = ctx.store.run({ userIds: [menteeId] }, abortMatchingRun(ctx.clock(), { menteeId }), ctx.clock())
  if (isLeft(result)) ctx.logger.warn({ menteeId, error: result.left }, 'could not clear PENDING')
}

/** Clears runs a crashed process left PENDING (called at start). */
export const clearInterruptedRuns = (ctx: ServiceContext): number => {
  const pending = ctx.lists.pendingMenteeIds()
  for (const id of pending) abort(ctx, id)
  return pending.length
}

