// Administrator calls on users: the lists, one user's whole record (its notification history, with
// a failed mail sent again), a mentee's status and program year, and a mentor's matching switch.
import {
  placesIn,
  STATUSES,
  STATUS_IDS,
  menteeAdminStatusChoices,
  setMenteeStatusByAdmin,
  statusById,
  tandemsOf,
  toIsoDateTime,
  type AdminUserDetail,
  type Side,
  type UserListRow,
} from '@tandem/core'
import type { Services } from '../ports/services.port.js'
import type { UserRecord } from '../ports/store/index.js'
import { isLeft, left, right } from 'fp-ts/lib/Either.js'
import { isDeletedPlaceholder } from '../account/account.erasure.js'
import { userByEmail, type ServiceContext } from '../context.js'
import type { Unaudited } from '../audit/audit.js'
import { setMatching } from '../mentors/mentor-matching.command.js'
import { setCapacity } from '../mentors/mentor-capacity.command.js'
import { notificationHistory, resendNotification } from '../account/notification-history.js'
import { answerTexts, countryName, languageName, profileAnswerTexts, rolesOf, stateName, statusEntries } from '../users/views.js'

type UsersAdmin = Pick<
  Unaudited<Services['admin']>,
  | 'resendNotification'
  | 'allUsers'
  | 'userDetail'
  | 'menteeStateChangeData'
  | 'updateMenteeInformation'
  | 'updateUserStatus'
  | 'updateMentorCapacity'
  | 'statusMaster'
  | 'usersByStatus'
>

export type UsersAdminPorts = Pick<
  ServiceContext,
  'activeQuestionnaire' | 'adminEmails' | 'answers' | 'clock' | 'clusters' | 'lists' | 'logger' | 'master' | 'outbox' | 'store' | 'users'
>

export const usersAdmin = (ctx: UsersAdminPorts): UsersAdmin => {
  /** The program years by id, read once for a whole list. */
  const programYears = async (): Promise<ReadonlyMap<number, string>> =>
    new Map((await ctx.clusters.list()).map((c) => [c.clusterId, c.clusterText]))
  const programYearOf = (u: UserRecord, years: ReadonlyMap<number, string>): string | null =>
    years.get(u.participant.mentee?.clusterId ?? 0) ?? null

  const listRow = (u: UserRecord, side: Side, years: ReadonlyMap<number, string>): UserListRow => ({
    userId: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    registrationDate: toIsoDateTime(u.registeredAt),
    programYear: side === 'Mentee' ? programYearOf(u, years) : null,
    status: (side === 'Mentee' ? u.participant.mentee?.status : u.participant.mentor?.status) ?? 'NEW',
  })

  return {
    resendNotification: resendNotification(ctx),

    allUsers: async () => {
      const years = await programYears()
      return right(
        (await ctx.users.all())
          .filter((u) => !isDeletedPlaceholder(u))
          .map((u) => listRow(u, u.participant.mentee !== null ? 'Mentee' : 'Mentor', years)),
      )
    },

    userDetail: async (query) => {
      const found = await userByEmail(ctx, query.email)
      if (isLeft(found)) return found
      const u = found.right
      const lang = query.language
      const world = await ctx.store.load({ userIds: [u.id] })
      const tandemsAs = (side: Side) => tandemsOf(world, u.id, side).map((x) => ({ matchingTandemId: x.id }))
      const detail: AdminUserDetail = {
        userRole: rolesOf(ctx, u).map((name) => ({ name })),
        userStatuses: await statusEntries(ctx, u),
        notification: await notificationHistory(ctx, u.id),
        userCompleteProfile: {
          firstName: u.firstName,
          lastName: u.lastName,
          email: u.email,
          city: u.city,
          federalState: stateName(ctx, u.stateOriginalId, lang),
          country: countryName(ctx, u.countryCodeId, lang),
          language: languageName(ctx, u.language, lang),
          gender: u.gender,
          professionalPosition: u.professionalPosition,
          company: u.company,
          cluster: programYearOf(u, await programYears()),
          registrationDate: toIsoDateTime(u.registeredAt),
        },
        allData: {
          menteeAccountQuestions: u.participant.mentee === null ? [] : await answerTexts(ctx, u.id, 'Mentee', lang),
          mentorAccountQuestions: u.participant.mentor === null ? [] : await answerTexts(ctx, u.id, 'Mentor', lang),
          menteeProfileQuestions: u.participant.mentee === null ? [] : await profileAnswerTexts(ctx, u.id, 'Mentee', lang),
          mentorProfileQuestions: u.participant.mentor === null ? [] : await profileAnswerTexts(ctx, u.id, 'Mentor', lang),
          menteeMatchingTandem: tandemsAs('Mentee'),
          mentorMatchingTandem: tandemsAs('Mentor'),
          menteeLastStartedMatchingDate:
            u.participant.mentee?.lastStartedAt == null ? null : toIsoDateTime(u.participant.mentee.lastStartedAt),
        },
      }
      const places = placesIn(world, u.id)
      return right(places === undefined ? detail : { ...detail, mentorPlaces: places })
    },

    menteeStateChangeData: async (email) => {
      const found = await userByEmail(ctx, email)
      if (isLeft(found)) return found
      const mentee = found.right.participant.mentee
      // The named user is no mentee: a bad e-mail in the request, not a matching state.
      if (mentee === null) return left({ _tag: 'ValidationFailed', errors: [{ field: 'email', key: 'invalid-value' }] })
      return right({
        clusterMaster: await ctx.clusters.list(),
        // Only the moves the core allows from the current status (NEW -> MATCHED can never succeed).
        statusMaster: menteeAdminStatusChoices(mentee.status).map((name) => ({ id: STATUS_IDS[name], name })),
        menteeClusterAndStatusData: {
          clusterModel: { clusterId: mentee.clusterId },
          statusModel: { id: STATUS_IDS[mentee.status], name: mentee.status },
        },
      })
    },

    updateMenteeInformation: async (body) => {
      const found = await userByEmail(ctx, body.email)
      if (isLeft(found)) return found
      const status = statusById(body.statusId)
      if (status === undefined || status !== body.newStatus)
        return left({ _tag: 'ValidationFailed', errors: [{ field: 'statusId', key: 'invalid-value' }] })
      // The admin saw previousStatus; if it moved meanwhile, the edit is refused like a team edit.
      if (found.right.participant.mentee?.status !== body.previousStatus) return left({ _tag: 'TandemChanged' })
      const now = ctx.clock()
      const result = await ctx.store.run(
        { userIds: [found.right.id] },
        setMenteeStatusByAdmin(now, { menteeId: found.right.id, status, clusterId: body.clusterId }),
        now,
      )
      return isLeft(result) ? result : right(true)
    },

    updateUserStatus: async (body) => {
      const found = await userByEmail(ctx, body.email)
      if (isLeft(found)) return found
      return setMatching(ctx, found.right.id, !body.disableMatching, 'Admin')
    },

    updateMentorCapacity: async (body) => {
      const found = await userByEmail(ctx, body.email)
      if (isLeft(found)) return found
      return setCapacity(ctx, found.right.id, body.capacity, 'Admin')
    },

    statusMaster: async () => right(STATUSES.map((name) => ({ id: STATUS_IDS[name], name }))),

    usersByStatus: async (side, selection) => {
      const rows = await ctx.lists.usersBySide(
        side,
        selection.map((s) => s.name),
      )
      return right(
        rows.map((r) => ({
          userId: r.id,
          firstName: r.firstName,
          lastName: r.lastName,
          email: r.email,
          registrationDate: toIsoDateTime(r.registeredAt),
          programYear: r.programYear,
          status: r.status,
          ...(r.mentorPlaces === undefined ? {} : { mentorPlaces: r.mentorPlaces }),
        })),
      )
    },
  }
}
