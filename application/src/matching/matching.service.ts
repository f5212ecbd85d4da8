// Participant matching calls: proposals with remaining times (deadlines applied on read), accept,
// decline, decline reasons, and start matching (the matching run).
import {
  acceptByMentee,
  acceptByMentor,
  declineByMentee,
  declineByMentor,
  proposalIdOf,
  remainingTime,
  shownTandemsOf,
  toIsoDateTime,
  validateDecline,
  waitingSinceOf,
  type AcceptDeclinePayload,
  type DomainError,
  type Instant,
  type ParticipantProposal,
  type ProposalsResponse,
  type RemainingTime,
  type Side,
  type Tandem,
  type TandemId,
  type UserId,
} from '@tandem/core'
import type { Services } from '../ports/services.port.js'
import type { UserRecord } from '../ports/store/index.js'
import { isLeft, isRight, left, right, type Either } from 'fp-ts/lib/Either.js'
import { textIn, userById, type ServiceContext } from '../context.js'
import { runMatching } from './matching.run.js'
import { endOwnTandem } from './tandem-ending.js'
import { stopWaitlistByLink, waitlistStopOfLink } from './waitlist.stop.js'
import { imageUrl, sideReads } from '../users/views.js'

const proposalView = (tandem: Tandem, side: Side, partner: UserRecord | undefined): ParticipantProposal => {
  const own = side === 'Mentee' ? tandem.menteeProposal : tandem.mentorProposal
  const paired = side === 'Mentee' ? tandem.mentorProposal : tandem.menteeProposal
  return {
    proposalId: own.id,
    pairedProposalId: paired.id,
    matchingTandemId: tandem.id,
    proposalState: own.state,
    tandemState: tandem.state,
    tandemDate: toIsoDateTime(tandem.createdAt),
    // The partner's address only once both said yes (docs/product.md#permissions).
    email: tandem.state === 'MATCHED' ? (partner?.email ?? null) : null,
    firstName: partner?.firstName ?? '',
    lastName: partner?.lastName ?? '',
    profileImage: partner === undefined ? null : imageUrl(partner),
    baseMatchRuleScore: tandem.score.base,
    maxScore: tandem.score.max,
    percentage: tandem.score.percentage,
    breakdown: tandem.score.breakdown,
  }
}

const timeLeft = (now: Instant, tandem: Tandem, deadline: number | null): RemainingTime[] =>
  deadline === null ? [] : [{ tandemId: tandem.id, ...remainingTime(now, deadline), tandemValidUntil: toIsoDateTime(deadline) }]

/** The tandem and side an accept or decline names, checked against the caller and the proposal id. */
const target = async (
  ctx: Pick<ServiceContext, 'users'>,
  actorId: UserId | null,
  body: AcceptDeclinePayload,
): Promise<Either<DomainError, { me: UserRecord; tandemId: TandemId }>> => {
  const me = await userById(ctx, actorId)
  if (isLeft(me)) return me
  const tandemId = body.matchingTandemSaveModel.matchingTandemId
  if (body.proposalSaveModel.proposalId !== proposalIdOf(tandemId, body.role)) return left({ _tag: 'NotFound', entity: 'Proposal' })
  return right({ me: me.right, tandemId })
}

const buildProposals = async (
  ctx: Pick<ServiceContext, 'store' | 'users'>,
  userId: UserId | null,
  now: Instant,
): Promise<Either<DomainError, ProposalsResponse>> => {
  const me = await userById(ctx, userId)
  if (isLeft(me)) return me
  const world = await ctx.store.loadCurrent({ userIds: [me.right.id] }, now)
  const partners = new Map<number, UserRecord | undefined>()
  const partner = async (id: UserId) => {
    if (!partners.has(id)) partners.set(id, await ctx.users.byId(id))
    return partners.get(id)
  }
  const asMentee = shownTandemsOf(world, me.right.id, 'Mentee')
  const asMentor = shownTandemsOf(world, me.right.id, 'Mentor')
  return right({
    menteeProposal: await Promise.all(asMentee.map(async (x) => proposalView(x, 'Mentee', await partner(x.mentorId)))),
    mentorProposal: await Promise.all(asMentor.map(async (x) => proposalView(x, 'Mentor', await partner(x.menteeId)))),
    proposalRemainingTime: {
      menteeRemainingTime: asMentee.flatMap((x) =>
        x.menteeProposal.state === 'PROPOSED' ? timeLeft(now, x, x.menteeProposal.deadline) : [],
      ),
      // the mentor's answer is awaited on both sides: by the mentor, and by a mentee who accepted
      mentorRemainingTime: [
        ...asMentor.flatMap((x) => (x.mentorProposal.state === 'PROPOSED' ? timeLeft(now, x, x.mentorProposal.deadline) : [])),
        ...asMentee.flatMap((x) =>
          x.menteeProposal.state === 'ACCEPTED' && x.mentorProposal.state === 'PROPOSED' ? timeLeft(now, x, x.mentorProposal.deadline) : [],
        ),
      ],
    },
  })
}

/**
 * The dashboard polls its proposals. An answer is reused while nothing at all was committed to the
 * database (any process) and for at most a second, and never past a proposal's deadline.
 */
const PROPOSALS_MAX_AGE = 1000
type CachedProposals = { readonly generation: string; readonly until: number; readonly value: ProposalsResponse }

export type MatchingServicePorts = Pick<
  ServiceContext,
  | 'answers'
  | 'checkInMails'
  | 'clock'
  | 'generation'
  | 'inOneTransaction'
  | 'logger'
  | 'master'
  | 'meetingMails'
  | 'meetings'
  | 'mentorPool'
  | 'mentorship'
  | 'outbox'
  | 'publicUrl'
  | 'store'
  | 'timeZone'
  | 'users'
  | 'waitlist'
>

export const matchingService = (ctx: MatchingServicePorts): Services['matching'] => {
  const cache = new Map<number, CachedProposals>()
  return {
    proposals: async (actor) => {
      const now = ctx.clock()
      // The request's generation, read when its caller was resolved (one read per request).
      const before = actor.generation ?? (await ctx.generation())
      const hit = actor.userId === null ? undefined : cache.get(actor.userId)
      if (hit !== undefined && hit.generation === before && now < hit.until) return right(hit.value)
      const result = await buildProposals(ctx, actor.userId, now)
      if (isRight(result) && actor.userId !== null && (await ctx.generation()) === before) {
        if (cache.size > 10_000) cache.clear()
        const deadlines = [
          ...result.right.proposalRemainingTime.menteeRemainingTime,
          ...result.right.proposalRemainingTime.mentorRemainingTime,
        ].map((r) => Date.parse(r.tandemValidUntil))
        cache.set(actor.userId, { generation: before, until: Math.min(now + PROPOSALS_MAX_AGE, ...deadlines), value: result.right })
      }
      return result
    },

    endTandem: async (actor, body) => await endOwnTandem(ctx, actor, body),

    accept: async (actor, body) => {
      const found = await target(ctx, actor.userId, body)
      if (isLeft(found)) return found
      const { me, tandemId } = found.right
      const now = ctx.clock()
      const apply =
        body.role === 'Mentee' ? acceptByMentee(now, { tandemId, menteeId: me.id }) : acceptByMentor(now, { tandemId, mentorId: me.id })
      const result = await ctx.store.run({ userIds: [me.id], tandemIds: [tandemId] }, apply, now)
      return isLeft(result) ? result : right(true)
    },

    decline: async (actor, body) => {
      const found = await target(ctx, actor.userId, body)
      if (isLeft(found)) return found
      const { me, tandemId } = found.right
      const reasonId = body.proposalSaveModel.declineReasonId ?? null
      const comment = body.proposalSaveModel.comment ?? null
      const errors = validateDecline({ declineReasonId: reasonId, comment }, ctx.master.declineReasons, body.role)
      if (errors.length > 0) return left({ _tag: 'ValidationFailed', errors })
      const now = ctx.clock()
      // A mentor's comment is also the information text the waiting mentee receives.
      const apply =
        body.role === 'Mentee'
          ? declineByMentee(now, { tandemId, menteeId: me.id, declineReasonId: reasonId, comment })
          : declineByMentor(now, { tandemId, mentorId: me.id, declineReasonId: reasonId, comment, infoText: comment })
      const result = await ctx.store.run({ userIds: [me.id], tandemIds: [tandemId] }, apply, now)
      return isLeft(result) ? result : right(true)
    },

    declineReasons: async (query) =>
      right(
        ctx.master.declineReasons
          .filter((r) => r.side === query.role)
          .map((r) => ({ id: r.id, declineReasonText: textIn(r.text, query.language) })),
      ),

    waitlist: async (actor) => {
      const me = await userById(ctx, actor.userId)
      if (isLeft(me)) return me
      if (me.right.participant.mentee === null) return left({ _tag: 'WrongRole', role: 'Mentee' })
      const enabled = !(await ctx.waitlist.isOff(me.right.id))
      const world = await ctx.store.load({ userIds: [me.right.id] })
      const since = waitingSinceOf(world, me.right.id, enabled)
      return right({ enabled, waitingSince: since === null ? null : toIsoDateTime(since) })
    },

    setWaitlist: async (actor, body) => {
      const me = await userById(ctx, actor.userId)
      if (isLeft(me)) return me
      if (me.right.participant.mentee === null) return left({ _tag: 'WrongRole', role: 'Mentee' })
      await ctx.waitlist.setOff(me.right.id, !body.enabled)
      return right(true)
    },

    waitlistStopByLink: (token) => waitlistStopOfLink(ctx, token),
    stopWaitlistByLink: (token) => stopWaitlistByLink(ctx, token),

    startMatching: async (actor) => {
      // The caller's record and what the run checks of it, read at once: one wait instead of three
      // (wasted only when the caller is no mentee, which the run refuses).
      const [me, read] = await Promise.all([
        userById(ctx, actor.userId),
        actor.userId === null ? undefined : sideReads(ctx, actor.userId, 'Mentee'),
      ])
      if (isLeft(me)) return me
      return runMatching(ctx, me.right, read)
    },
  }
}
