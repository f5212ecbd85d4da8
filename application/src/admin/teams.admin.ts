// Administrator calls on teams: the team list, one team with both proposals, release, and accepts
// or declines on behalf of a participant (checked against the version the admin loaded).
import {
  acceptByMentee,
  acceptByMentor,
  declineByMentee,
  declineByMentor,
  releaseTandem,
  sequenceTransitions,
  tandemIdOfProposal,
  toIsoDateTime,
  type DomainError,
  type Side,
  type Tandem,
  type TandemId,
  type TeamProposalDetail,
  type UserId,
  type WorldStep,
} from '@tandem/core'
import type { Services } from '../ports/services.port.js'
import type { UserRecord } from '../ports/store/index.js'
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js'
import { textIn, userByEmail, type ServiceContext } from '../context.js'
import { withMentorshipEnd } from '../mentorship/checkins.js'
import type { Unaudited } from '../audit/audit.js'
import { endTandemByAdmin, teamEndingOf } from '../matching/tandem-ending.js'

type TeamsAdmin = Pick<Unaudited<Services['admin']>, 'tandemList' | 'tandemById' | 'closeTandem' | 'endTandem' | 'accept' | 'decline'>

/** Admin declines carry no reason: the side's last reason ("other") is recorded for them. */
const adminReasonId = (ctx: Pick<ServiceContext, 'master'>, side: Side): number | null =>
  ctx.master.declineReasons.filter((r) => r.side === side).at(-1)?.id ?? null

/** A team's sessions, last session and next meeting, as administrators see them: never link, place or agenda. */
const meetingFiguresOf = async (ctx: Pick<ServiceContext, 'clock' | 'meetings'>, tandemId: TandemId) => {
  const f = (await ctx.meetings.figuresOf([tandemId], ctx.clock())).get(tandemId)
  return {
    sessions: f?.sessions ?? 0,
    lastSessionAt: f?.lastSessionAt == null ? null : toIsoDateTime(f.lastSessionAt),
    nextMeetingAt: f?.nextMeetingAt == null ? null : toIsoDateTime(f.nextMeetingAt),
  }
}

export type TeamsAdminPorts = Pick<
  ServiceContext,
  | 'checkInMails'
  | 'clock'
  | 'inOneTransaction'
  | 'lists'
  | 'logger'
  | 'master'
  | 'meetingMails'
  | 'meetings'
  | 'mentorship'
  | 'outbox'
  | 'publicUrl'
  | 'store'
  | 'timeZone'
  | 'users'
>

export const teamsAdmin = (ctx: TeamsAdminPorts): TeamsAdmin => {
  const proposalDetail = (tandem: Tandem, side: Side, user: UserRecord | undefined): TeamProposalDetail => {
    const p = side === 'Mentee' ? tandem.menteeProposal : tandem.mentorProposal
    const reason = ctx.master.declineReasons.find((r) => r.id === p.declineReasonId)
    return {
      status: p.state,
      proposalId: p.id,
      email: user?.email ?? '',
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      createdDate: toIsoDateTime(tandem.createdAt),
      comment: p.comment,
      declineReasonText: reason === undefined ? null : textIn(reason.text, 'en'),
      declineInformationText: p.infoText,
    }
  }

  /** One command on the named tandems and both sides of each, at one instant. */
  const runOn = async (tandemIds: readonly TandemId[], apply: (now: number) => WorldStep): Promise<Either<DomainError, boolean>> => {
    const now = ctx.clock()
    const userIds = await ctx.lists.tandemUserIds(tandemIds)
    // A MATCHED team released here ends its check-in timeline in the same transaction.
    const result = await withMentorshipEnd(ctx, tandemIds, () => ctx.store.run({ userIds, tandemIds }, apply(now), now))
    return isLeft(result) ? result : right(true)
  }

  return {
    tandemList: async (body) =>
      right(
        (
          await ctx.lists.tandems({
            states: body.tandemStates,
            tandemId: body.tandemId,
            userSearch: body.email,
            clusterIds: body.filterCluster,
          })
        ).map((r) => ({
          id: r.id,
          createdDate: toIsoDateTime(r.createdAt),
          programYear: r.programYear,
          menteeLastName: r.menteeLastName,
          mentorLastName: r.mentorLastName,
          tandemStatus: r.state,
          menteeProposalStatus: r.menteeProposalState as Tandem['menteeProposal']['state'],
          mentorProposalStatus: r.mentorProposalState as Tandem['mentorProposal']['state'],
          baseMatchRuleScore: r.base,
          maxScore: r.max,
          percentage: r.percentage,
        })),
      ),

    tandemById: async (tandemId) => {
      // Deadlines first, as every read of a participant's tandems: the admin edits what is current.
      const slice = { userIds: await ctx.lists.tandemUserIds([tandemId]), tandemIds: [tandemId] }
      const tandem = (await ctx.store.loadCurrent(slice, ctx.clock())).tandems.get(tandemId)
      if (tandem === undefined) return left({ _tag: 'NotFound', entity: 'Tandem' })
      return right({
        tandemId: tandem.id,
        version: tandem.version,
        tandemStatus: tandem.state,
        matchingTandemMenteeProposal: proposalDetail(tandem, 'Mentee', await ctx.users.byId(tandem.menteeId)),
        matchingTandemMentorProposal: proposalDetail(tandem, 'Mentor', await ctx.users.byId(tandem.mentorId)),
        ...teamEndingOf(tandem),
        meetings: await meetingFiguresOf(ctx, tandem.id),
      })
    },

    closeTandem: async (body) => {
      const ids = [...new Set(body.map((p) => tandemIdOfProposal(p.proposalId)))]
      if (ids.length !== 1 || ids[0] === undefined)
        return left({ _tag: 'ValidationFailed', errors: [{ field: '$', key: 'invalid-value' }] })
      const tandemId = ids[0]
      return runOn([tandemId], (now) => releaseTandem(now, { tandemId }))
    },

    endTandem: async (body) => await endTandemByAdmin(ctx, body),

    accept: async (body) => {
      type Step = {
        readonly tandemId: TandemId
        readonly role: Side
        readonly userId: UserId
        readonly expectedVersion: number | undefined
      }
      const planned: Step[] = []
      for (const item of body) {
        const user = await userByEmail(ctx, item.email)
        if (isLeft(user)) return user
        for (const save of item.matchingTandemSaveModel) {
          // The version the admin loaded guards the first step on a tandem; later steps of this batch follow it.
          const expectedVersion = planned.some((s) => s.tandemId === save.matchingTandemId) ? undefined : save.version
          planned.push({ tandemId: save.matchingTandemId, role: item.role, userId: user.right.id, expectedVersion })
        }
      }
      if (planned.length === 0) return left({ _tag: 'ValidationFailed', errors: [{ field: '$', key: 'requiredFieldError' }] })
      return runOn([...new Set(planned.map((s) => s.tandemId))], (now) =>
        sequenceTransitions(
          ...planned.map((s) =>
            s.role === 'Mentee'
              ? acceptByMentee(now, { tandemId: s.tandemId, menteeId: s.userId, expectedVersion: s.expectedVersion })
              : acceptByMentor(now, { tandemId: s.tandemId, mentorId: s.userId, expectedVersion: s.expectedVersion }),
          ),
        ),
      )
    },

    decline: async (body) => {
      const mentee = await userByEmail(ctx, body.menteeEmail)
      const mentor = await userByEmail(ctx, body.mentorEmail)
      if (isLeft(mentee)) return mentee
      if (isLeft(mentor)) return mentor
      const d = body.declineProposal
      const tandemId = d.declineMatchingTandem.matchingTandemId
      const declineReasonId = adminReasonId(ctx, body.role)
      const expectedVersion = d.declineMatchingTandem.version
      return runOn([tandemId], (now) =>
        body.role === 'Mentee'
          ? declineByMentee(now, { tandemId, menteeId: mentee.right.id, declineReasonId, comment: d.comment, expectedVersion })
          : declineByMentor(now, {
              tandemId,
              mentorId: mentor.right.id,
              declineReasonId,
              comment: d.comment,
              infoText: null,
              expectedVersion,
            }),
      )
    },
  }
}
