// Ending a MATCHED team (docs/mentorship.md#ending-a-team): the participant's call and the
// administrator's, each one command of the core (endTandem) in one transaction with its mails.
import {
  endTandem,
  toIsoDateTime,
  type AdminEndTandemPayload,
  type DomainError,
  type EndTandemPayload,
  type Tandem,
  type TeamEnding,
} from '@tandem/core'
import { isLeft, right, type Either } from 'fp-ts/lib/Either.js'
import type { Actor } from '../ports/services.port.js'
import { userById, type ServiceContext } from '../context.js'
import { withMentorshipEnd } from '../mentorship/checkins.js'
import type { CheckInContext } from '../mentorship/checkins.js'

export type EndOwnTandemPorts = CheckInContext & Pick<ServiceContext, 'users'>

/** The caller ends their own team; their side follows from the tandem. */
export const endOwnTandem = async (ctx: EndOwnTandemPorts, actor: Actor, body: EndTandemPayload): Promise<Either<DomainError, boolean>> => {
  const me = await userById(ctx, actor.userId)
  if (isLeft(me)) return me
  const tandemId = body.matchingTandemId
  const now = ctx.clock()
  const result = await withMentorshipEnd(ctx, [tandemId], () =>
    ctx.store.run(
      { userIds: [me.right.id], tandemIds: [tandemId] },
      endTandem(now, {
        tandemId,
        by: { userId: me.right.id },
        request: { reasonId: body.reasonId, otherText: body.otherText, doNotPairAgain: body.doNotPairAgain },
        pauseMentor: body.pauseMatching,
      }),
      now,
    ),
  )
  return isLeft(result) ? result : right(true)
}

export type EndTandemByAdminPorts = Pick<
  ServiceContext,
  | 'checkInMails'
  | 'clock'
  | 'inOneTransaction'
  | 'lists'
  | 'logger'
  | 'meetingMails'
  | 'meetings'
  | 'mentorship'
  | 'outbox'
  | 'publicUrl'
  | 'store'
  | 'timeZone'
>

/** An administrator ends a team, guarded by the version they loaded. */
export const endTandemByAdmin = async (ctx: EndTandemByAdminPorts, body: AdminEndTandemPayload): Promise<Either<DomainError, boolean>> => {
  const tandemId = body.matchingTandemId
  const now = ctx.clock()
  const userIds = await ctx.lists.tandemUserIds([tandemId])
  const result = await withMentorshipEnd(ctx, [tandemId], () =>
    ctx.store.run(
      { userIds, tandemIds: [tandemId] },
      endTandem(now, {
        tandemId,
        by: 'Admin',
        request: { reasonId: body.reasonId, otherText: body.otherText, doNotPairAgain: body.doNotPairAgain },
        pauseMentor: body.pauseMentor,
        expectedVersion: body.version,
      }),
      now,
    ),
  )
  return isLeft(result) ? result : right(true)
}

/** The ending as the team detail shows it, or nothing for a team that was not ended. */
export const teamEndingOf = (tandem: Tandem): { readonly ending?: TeamEnding } =>
  tandem.ending === undefined
    ? {}
    : {
        ending: {
          endedAt: toIsoDateTime(tandem.ending.at),
          endedBy: tandem.ending.by,
          reasonId: tandem.ending.reasonId,
          otherText: tandem.ending.otherText,
          doNotPairAgain: tandem.ending.doNotPairAgain,
          mentorPaused: tandem.ending.mentorPaused,
        },
      }
