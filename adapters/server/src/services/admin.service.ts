// Administrator calls: user lists and details, mentee edits, manual tandems, team list and edits,
// release, program years and the identity-provider sync.
import {
  PROPOSAL_STATES, STATUSES, STATUS_IDS, TANDEM_STATES, acceptByMentee, acceptByMentor, createManualTandem,
  deactivateCluster, declineByMentee, menteeAdminStatusChoices, declineByMentor, releaseTandem, setMenteeStatusByAdmin, statusById, toIsoDateTime,
  validateClusterTitle, type AdminUserDetail, type DomainError, type Side, type Tandem, type TeamProposalDetail,
  type TransitionResult, type UserListRow, type World,
} from '@tandem/core'
import type { Services } from '@tandem/http'
import type { UserRecord } from '@tandem/sqlite'
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js'
import { isDeletedPlaceholder } from './account.erasure.js'
import { notificationHistory, resendNotification } from './notification-history.js'
import { textIn, userByEmail, type ServiceContext } from './context.js'
import { applyDeadlinesFor } from './matching.service.js'
import { setMatching } from './questionnaire.service.js'
import { answerTexts, countryName, languageName, profileAnswerTexts, rolesOf, stateName, statusEntries } from './views.js'

/** Applies transitions one after another to one world, as one command (one transaction). */
const sequence = (steps: readonly ((world: World) => TransitionResult)[]) => (world: World): TransitionResult => {
  let current = world
  const events = []
  for (const step of steps) {
    const result = step(current)
    if (isLeft(result)) return result
    current = result.right.world
    events.push(...result.right.events)
  }
  return right({ world: current, events })
}

/** Admin declines carry no reason: the side's last reason ("other") is recorded for them. */
const adminReasonId = (ctx: ServiceContext, side: Side): number | null =>
  ctx.master.declineReasons.filter((r) => r.side === side).at(-1)?.id ?? null

const pickerUser = (u: UserRecord) => ({ userId: u.id, firstName: u.firstName, lastName: u.lastName, email: u.email })

export const adminService = (ctx: ServiceContext): Services['admin'] => {
  const listRow = (u: UserRecord, side: Side): UserListRow => ({
    userId: u.id, firstName: u.firstName, lastName: u.lastName, email: u.email, registrationDate: toIsoDateTime(u.registeredAt),
    programYear: side === 'Mentee' ? ctx.clusters.byId(u.participant.mentee?.clusterId ?? 0)?.clusterText ?? null : null,
    status: (side === 'Mentee' ? u.participant.mentee?.status : u.participant.mentor?.status) ?? 'NEW',
  })

  const proposalDetail = (tandem: Tandem, side: Side, user: UserRecord | undefined): TeamProposalDetail => {
    const p = side === 'Mentee' ? tandem.menteeProposal : tandem.mentorProposal
    const reason = ctx.master.declineReasons.find((r) => r.id === p.declineReasonId)
    return {
      status: p.state, proposalId: p.id, email: user?.email ?? '', firstName: user?.firstName ?? '', lastName: user?.lastName ?? '',
      createdDate: toIsoDateTime(tandem.createdAt), comment: p.comment, declineReasonText: reason === undefined ? null : textIn(reason.text, 'en'),
      declineInformationText: p.infoText,
    }
  }

  const runOn = (tandemIds: readonly number[], apply: (world: World) => TransitionResult): Either<DomainError, boolean> => {
    const result = ctx.store.run({ userIds: ctx.lists.tandemUserIds(tandemIds), tandemIds }, apply, ctx.clock())
    return isLeft(result) ? result : right(true)
  }

  return {
    resendNotification: resendNotification(ctx),
    allUsers: async () => right(ctx.users.all().filter((u) => !isDeletedPlaceholder(u)).map((u) => listRow(u, u.participant.mentee !== null ? 'Mentee' : 'Mentor'))),

    userDetail: async (query) => {
      const found = userByEmail(ctx, query.email)
      if (isLeft(found)) return found
      const u = found.right
      const lang = query.language
      const world = ctx.store.load({ userIds: [u.id] })
      const tandemsAs = (side: Side) => [...world.tandems.values()].filter((x) => (side === 'Mentee' ? x.menteeId : x.mentorId) === u.id).map((x) => ({ matchingTandemId: x.id }))
      const detail: AdminUserDetail = {
        userRole: rolesOf(ctx, u).map((name) => ({ name })),
        userStatuses: statusEntries(ctx, u),
        notification: notificationHistory(ctx, u.id),
        userCompleteProfile: {
          firstName: u.firstName, lastName: u.lastName, email: u.email, city: u.city, federalState: stateName(ctx, u.stateOriginalId, lang),
          country: countryName(ctx, u.countryCodeId, lang), language: languageName(ctx, u.language, lang), gender: u.gender,
          professionalPosition: u.professionalPosition, company: u.company,
          cluster: ctx.clusters.byId(u.participant.mentee?.clusterId ?? 0)?.clusterText ?? null, registrationDate: toIsoDateTime(u.registeredAt),
        },
        allData: {
          menteeAccountQuestions: u.participant.mentee === null ? [] : answerTexts(ctx, u.id, 'Mentee', lang),
          mentorAccountQuestions: u.participant.mentor === null ? [] : answerTexts(ctx, u.id, 'Mentor', lang),
          menteeProfileQuestions: u.participant.mentee === null ? [] : profileAnswerTexts(ctx, u.id, 'Mentee', lang),
          mentorProfileQuestions: u.participant.mentor === null ? [] : profileAnswerTexts(ctx, u.id, 'Mentor', lang),
          menteeMatchingTandem: tandemsAs('Mentee'),
          mentorMatchingTandem: tandemsAs('Mentor'),
          menteeLastStartedMatchingDate: u.participant.mentee?.lastStartedAt == null ? null : toIsoDateTime(u.participant.mentee.lastStartedAt),
        },
      }
      return right(detail)
    },

    menteeStateChangeData: async (email) => {
      const found = userByEmail(ctx, email)
      if (isLeft(found)) return found
      const mentee = found.right.participant.mentee
      // The named user is no mentee: a bad e-mail in the request, not a matching state.
      if (mentee === null) return left({ _tag: 'ValidationFailed', errors: [{ field: 'email', key: 'invalid-value' }] })
      return right({
        clusterMaster: ctx.clusters.list(),
        // Only the moves the core allows from the current status (NEW -> MATCHED can never succeed).
        statusMaster: menteeAdminStatusChoices(mentee.status).map((name) => ({ id: STATUS_IDS[name], name })),
        menteeClusterAndStatusData: { clusterModel: { clusterId: mentee.clusterId }, statusModel: { id: STATUS_IDS[mentee.status], name: mentee.status } },
      })
    },

    updateMenteeInformation: async (body) => {
      const found = userByEmail(ctx, body.email)
      if (isLeft(found)) return found
      const status = statusById(body.statusId)
      if (status === undefined || status !== body.newStatus) return left({ _tag: 'ValidationFailed', errors: [{ field: 'statusId', key: 'invalid-value' }] })
      // The admin saw previousStatus; if it moved meanwhile, the edit is refused like a team edit.
      if (found.right.participant.mentee?.status !== body.previousStatus) return left({ _tag: 'TandemChanged' })
      const result = ctx.store.run({ userIds: [found.right.id] }, setMenteeStatusByAdmin(ctx.clock(), { menteeId: found.right.id, status, clusterId: body.clusterId }), ctx.clock())
      return isLeft(result) ? result : right(true)
    },

    manualMatchingMasterData: async () => {
      const users = ctx.users.all().filter((u) => !isDeletedPlaceholder(u))
      return right({
        tandemStates: [...TANDEM_STATES], proposalStates: [...PROPOSAL_STATES],
        mentees: users.filter((u) => u.participant.mentee?.status === 'AVAILABLE').map(pickerUser),
        mentors: users.filter((u) => u.participant.mentor?.status === 'AVAILABLE' && u.participant.mentor.published).map(pickerUser),
        allUsers: users.map(pickerUser),
        clusters: ctx.clusters.list(),
      })
    },

    createManualTandem: async (body) => {
      if (body.mentees.userId === body.mentors.userId) return left({ _tag: 'SameUser' })
      const mentee = userByEmail(ctx, body.mentees.email)
      const mentor = userByEmail(ctx, body.mentors.email)
      if (isLeft(mentee)) return mentee
      if (isLeft(mentor)) return mentor
      if (mentee.right.id !== body.mentees.userId || mentor.right.id !== body.mentors.userId) return left({ _tag: 'NotFound', entity: 'User' })
      const clusterId = mentee.right.participant.mentee?.clusterId ?? ctx.clusters.defaultCluster()?.clusterId
      if (clusterId === undefined) return left({ _tag: 'NotFound', entity: 'Cluster' })
      const now = ctx.clock()
      const result = ctx.store.run({ userIds: [mentee.right.id, mentor.right.id] },
        createManualTandem(now, { menteeId: mentee.right.id, mentorId: mentor.right.id, clusterId }), now)
      if (isLeft(result)) return result
      const created = [...result.right.world.tandems.values()].find((x) => x.createdAt === now && x.menteeId === mentee.right.id && x.mentorId === mentor.right.id)
      return right(created?.id ?? 0)
    },

    updateUserStatus: async (body) => {
      const found = userByEmail(ctx, body.email)
      if (isLeft(found)) return found
      return setMatching(ctx, found.right.id, !body.disableMatching, 'Admin')
    },

    tandemList: async (body) => right(ctx.lists.tandems({
      states: body.tandemStates, tandemId: body.tandemId, userSearch: body.email, clusterIds: body.filterCluster,
    }).map((r) => ({
      id: r.id, createdDate: toIsoDateTime(r.createdAt), programYear: r.programYear, menteeLastName: r.menteeLastName, mentorLastName: r.mentorLastName,
      tandemStatus: r.state, menteeProposalStatus: r.menteeProposalState as Tandem['menteeProposal']['state'],
      mentorProposalStatus: r.mentorProposalState as Tandem['mentorProposal']['state'],
      baseMatchRuleScore: r.base, maxScore: r.max, percentage: r.percentage,
    }))),

    statusMaster: async () => right(STATUSES.map((name) => ({ id: STATUS_IDS[name], name }))),

    usersByStatus: async (side, selection) => {
      const rows = ctx.lists.usersBySide(side, selection.map((s) => s.name))
      return right(rows.map((r) => ({ userId: r.id, firstName: r.firstName, lastName: r.lastName, email: r.email, registrationDate: toIsoDateTime(r.registeredAt), programYear: r.programYear, status: r.status })))
    },

    tandemById: async (tandemId) => {
      const users = ctx.lists.tandemUserIds([tandemId])
      for (const id of users) applyDeadlinesFor(ctx, id)
      const tandem = ctx.store.load({ userIds: [], tandemIds: [tandemId] }).tandems.get(tandemId)
      if (tandem === undefined) return left({ _tag: 'NotFound', entity: 'Tandem' })
      return right({
        tandemId: tandem.id, version: tandem.version, tandemStatus: tandem.state,
        matchingTandemMenteeProposal: proposalDetail(tandem, 'Mentee', ctx.users.byId(tandem.menteeId)),
        matchingTandemMentorProposal: proposalDetail(tandem, 'Mentor', ctx.users.byId(tandem.mentorId)),
      })
    },

    closeTandem: async (body) => {
      const ids = [...new Set(body.map((p) => Math.ceil(p.proposalId / 2)))]
      if (ids.length !== 1 || ids[0] === undefined) return left({ _tag: 'ValidationFailed', errors: [{ field: '$', key: 'invalid-value' }] })
      const tandemId = ids[0]
      return runOn([tandemId], releaseTandem(ctx.clock(), { tandemId }))
    },

    clusters: async () => right(ctx.clusters.list()),

    createCluster: async (title) => {
      const text = title.trim()
      const errors = validateClusterTitle(text)
      if (errors.length > 0) return left({ _tag: 'ValidationFailed', errors })
      const id = ctx.clusters.create(text)
      const cluster = id === undefined ? undefined : ctx.clusters.byId(id)
      return cluster === undefined ? left({ _tag: 'ClusterTitleTaken' }) : right(cluster)
    },

    closeCluster: async (clusterId) => {
      const members = ctx.lists.clusterMemberIds(clusterId)
      const result = ctx.store.run(members, deactivateCluster(ctx.clock(), { clusterId }), ctx.clock())
      return isLeft(result) ? result : right(true)
    },

    syncFromIdp: async () => {
      const accounts = await ctx.identityAccounts()
      if (accounts === null) return left({ _tag: 'ExternalIdentityProvider' })
      let changed = 0
      for (const account of accounts) {
        const user = ctx.users.bySubject(account.issuer, account.subject)
        if (user === undefined) continue
        // An address another user holds stays with them (e-mails are unique); the rest is copied.
        const holder = ctx.users.byEmail(account.email)
        const email = holder === undefined || holder.id === user.id ? account.email : user.email
        const same = user.email === email && user.firstName === account.givenName && user.lastName === account.familyName
          && user.birthDate === account.birthdate && user.gender === account.gender && user.language === account.locale
        if (same) continue
        ctx.db.transaction(() => {
          ctx.users.updateIdentity(user.id, { email, firstName: account.givenName, lastName: account.familyName, birthDate: account.birthdate, gender: account.gender })
          // The users repository has no language writer (the sqlite adapter is not ours to change).
          ctx.db.run(ctx.db.kysely.updateTable('users').set({ language: account.locale }).where('id', '=', user.id))
        })
        changed += 1
      }
      return right(changed)
    },

    accept: async (body) => {
      const steps: ((world: World) => TransitionResult)[] = []
      const tandemIds: number[] = []
      const now = ctx.clock()
      for (const item of body) {
        const user = userByEmail(ctx, item.email)
        if (isLeft(user)) return user
        for (const save of item.matchingTandemSaveModel) {
          // The version the admin loaded guards the first step on a tandem; later steps of this batch follow it.
          const expectedVersion = tandemIds.includes(save.matchingTandemId) ? undefined : save.version
          tandemIds.push(save.matchingTandemId)
          steps.push(item.role === 'Mentee'
            ? acceptByMentee(now, { tandemId: save.matchingTandemId, menteeId: user.right.id, expectedVersion })
            : acceptByMentor(now, { tandemId: save.matchingTandemId, mentorId: user.right.id, expectedVersion }))
        }
      }
      if (steps.length === 0) return left({ _tag: 'ValidationFailed', errors: [{ field: '$', key: 'requiredFieldError' }] })
      return runOn([...new Set(tandemIds)], sequence(steps))
    },

    decline: async (body) => {
      const mentee = userByEmail(ctx, body.menteeEmail)
      const mentor = userByEmail(ctx, body.mentorEmail)
      if (isLeft(mentee)) return mentee
      if (isLeft(mentor)) return mentor
      const d = body.declineProposal
      const tandemId = d.declineMatchingTandem.matchingTandemId
      const now = ctx.clock()
      const reasonId = adminReasonId(ctx, body.role)
      const apply = body.role === 'Mentee'
        ? declineByMentee(now, { tandemId, menteeId: mentee.right.id, declineReasonId: reasonId, comment: d.comment, expectedVersion: d.declineMatchingTandem.version })
        : declineByMentor(now, { tandemId, mentorId: mentor.right.id, declineReasonId: reasonId, comment: d.comment, infoText: null, expectedVersion: d.declineMatchingTandem.version })
      return runOn([tandemId], apply)
    },
  }
}

