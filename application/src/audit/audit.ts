// The one place administrators' calls are recorded (docs/product.md#accountability): every call
// of the admin port names its audit action here, or says why it reads no personal data. A read is
// recorded once it answered; a change is recorded inside the first transaction it commits.
import { notFound, tandemIdOf, tandemIdOfProposal, userIdOf, type DomainError, type UserId } from '@tandem/core'
import type { Actor, Services, Spreadsheet } from '../ports/services.port.js'
import { isLeft, left, type Either } from 'fp-ts/lib/Either.js'
import type { ServiceContext } from '../context.js'

/** A port method without its caller: what the admin modules implement. */
type WithoutActor<F> = F extends (actor: Actor, ...input: infer I) => infer R ? (...input: I) => R : never
export type Unaudited<S> = { readonly [K in keyof S]: WithoutActor<S[K]> }

type InputOf<F> = F extends (actor: Actor, ...input: infer I) => unknown ? I : never
type ValueOf<F> = F extends (...args: never[]) => Promise<Either<DomainError, infer V>> ? V : never

/** What a call does with personal data: nothing (master data), reads it, or changes it. */
type Plan<F> =
  | { readonly kind: 'none' }
  | {
      readonly kind: 'read'
      readonly action: string
      readonly subjects: (input: InputOf<F>, value: ValueOf<F>) => readonly UserId[] | Promise<readonly UserId[]>
      readonly object?: (input: InputOf<F>) => number | null
    }
  | {
      readonly kind: 'change'
      readonly action: string
      /** Worked out before the change (a deletion leaves nobody to look up afterwards). */
      readonly subjects: (input: InputOf<F>) => readonly UserId[] | Promise<readonly UserId[]>
      readonly object?: (input: InputOf<F>) => number | null
    }

type Plans<S> = { readonly [K in keyof S]: Plan<S[K]> }

/** An export's spreadsheet that tells, once written, whom it contained. */
export type AuditedSpreadsheet = Spreadsheet & { readonly subjectIds: () => readonly UserId[] }

const idsOf = async (ctx: Pick<ServiceContext, 'users'>, ...emails: readonly string[]): Promise<UserId[]> => {
  const ids: UserId[] = []
  for (const email of emails) {
    const id = (await ctx.users.byEmail(email))?.id
    if (id !== undefined) ids.push(id)
  }
  return ids
}

type AdminPlansPorts = Pick<ServiceContext, 'lists' | 'outbox' | 'users'>

const adminPlans = (ctx: AdminPlansPorts): Plans<Services['admin']> => ({
  allUsers: { kind: 'read', action: 'users.list', subjects: (_, rows) => rows.map((r) => r.userId) },
  usersByStatus: { kind: 'read', action: 'users.list', subjects: (_, rows) => rows.map((r) => r.userId) },
  userDetail: { kind: 'read', action: 'user.read', subjects: ([query]) => idsOf(ctx, query.email) },
  menteeStateChangeData: { kind: 'read', action: 'mentee-status.read', subjects: ([email]) => idsOf(ctx, email) },
  manualMatchingMasterData: { kind: 'read', action: 'users.list', subjects: (_, data) => data.allUsers.map((u) => u.userId) },
  tandemList: {
    kind: 'read',
    action: 'teams.list',
    subjects: async (_, rows) => await ctx.lists.tandemUserIds(rows.map((r) => tandemIdOf(r.id))),
  },
  tandemById: {
    kind: 'read',
    action: 'team.read',
    subjects: async ([tandemId]) => await ctx.lists.tandemUserIds([tandemId]),
    object: ([tandemId]) => tandemId,
  },
  retentionDue: { kind: 'read', action: 'retention.list', subjects: (_, rows) => rows.map((r) => r.userId) },
  updateMenteeInformation: { kind: 'change', action: 'mentee-status.change', subjects: ([body]) => idsOf(ctx, body.email) },
  updateUserStatus: { kind: 'change', action: 'mentor-matching.change', subjects: ([body]) => idsOf(ctx, body.email) },
  updateMentorCapacity: { kind: 'change', action: 'mentor-capacity.change', subjects: ([body]) => idsOf(ctx, body.email) },
  createManualTandem: {
    kind: 'change',
    action: 'team.create',
    subjects: ([body]) => idsOf(ctx, body.mentees.email, body.mentors.email),
  },
  closeTandem: {
    kind: 'change',
    action: 'team.release',
    subjects: async ([body]) => await ctx.lists.tandemUserIds(body.map((p) => tandemIdOfProposal(p.proposalId))),
    object: ([body]) => (body[0] === undefined ? null : tandemIdOfProposal(body[0].proposalId)),
  },
  endTandem: {
    kind: 'change',
    action: 'team.end',
    subjects: async ([body]) => await ctx.lists.tandemUserIds([body.matchingTandemId]),
    object: ([body]) => body.matchingTandemId,
  },
  accept: {
    kind: 'change',
    action: 'team.accept',
    subjects: ([body]) => idsOf(ctx, ...body.map((item) => item.email)),
    object: ([body]) => body[0]?.matchingTandemSaveModel[0]?.matchingTandemId ?? null,
  },
  decline: {
    kind: 'change',
    action: 'team.decline',
    subjects: ([body]) => idsOf(ctx, body.menteeEmail, body.mentorEmail),
    object: ([body]) => body.declineProposal.declineMatchingTandem.matchingTandemId,
  },
  createCluster: { kind: 'change', action: 'program-year.create', subjects: () => [] },
  closeCluster: {
    kind: 'change',
    action: 'program-year.close',
    subjects: async ([clusterId]) => (await ctx.lists.clusterMemberIds(clusterId)).userIds,
    object: ([clusterId]) => clusterId,
  },
  syncFromIdp: { kind: 'change', action: 'identity.sync', subjects: () => [] },
  resendNotification: {
    kind: 'change',
    action: 'notification.resend',
    subjects: async ([body]) => {
      const userId = (await ctx.outbox.byId(body.notificationId))?.userId
      return userId === undefined || userId === null ? [] : [userId]
    },
    object: ([body]) => body.notificationId,
  },
  // The trail itself names people by id only and no data of theirs.
  auditRecords: { kind: 'none' },
  statusMaster: { kind: 'none' },
  clusters: { kind: 'none' },
})

const accountPlans = (ctx: Pick<ServiceContext, 'users'>): Plans<Pick<Services['account'], 'deleteUser' | 'notifyUser'>> => ({
  deleteUser: { kind: 'change', action: 'user.delete', subjects: ([query]) => idsOf(ctx, query.emailId) },
  notifyUser: {
    kind: 'change',
    action: 'notification.send',
    subjects: ([body]) => idsOf(ctx, body.email),
    object: ([body]) => body.matchingTandemId,
  },
})

/**
 * The administrator's user id. ADMIN_EMAILS grants the role before any sign-in; such an admin gets
 * their record the way their first sign-in would make it (the account service's own rule).
 */
export type AdminIdOf = (actor: Actor) => Promise<UserId | null>

type AnyMethod = (...input: never[]) => Promise<Either<DomainError, unknown>>

/** `inner(actor)`: the calls as implemented, for this caller (most ignore who calls). */
const audited = <S extends object>(
  ctx: Pick<ServiceContext, 'audit' | 'clock'>,
  adminIdOf: AdminIdOf,
  plans: Plans<S>,
  inner: (actor: Actor) => Unaudited<S>,
): S => {
  const wrapped: Record<string, unknown> = {}
  for (const name of Object.keys(plans) as (keyof S & string)[]) {
    const plan = plans[name] as Plan<(actor: Actor, ...input: unknown[]) => Promise<Either<DomainError, unknown>>>
    wrapped[name] = async (actor: Actor, ...input: never[]) => {
      const method = inner(actor)[name] as unknown as AnyMethod
      if (plan.kind === 'none') return method(...input)
      const adminId = await adminIdOf(actor)
      // Only administrators reach these routes; one without a record cannot be named, so refuse.
      if (adminId === null) return left(notFound('User'))
      const object = plan.object?.(input) ?? null
      if (plan.kind === 'change') {
        const entry = { at: ctx.clock(), adminId, action: plan.action, objectId: object, subjectIds: await plan.subjects(input) }
        return ctx.audit.during(entry, () => method(...input))
      }
      const result = await method(...input)
      if (isLeft(result)) return result
      const value = result.right
      const record = async (subjectIds: readonly UserId[]) =>
        await ctx.audit.append({ at: ctx.clock(), adminId, action: plan.action, objectId: object, subjectIds })
      // An export is recorded once written, naming exactly the people it contained.
      if (isAuditedSpreadsheet(value))
        return {
          ...result,
          right: {
            ...value,
            write: async (out: NodeJS.WritableStream) => {
              await value.write(out)
              await record(value.subjectIds())
            },
          },
        }
      await record(await plan.subjects(input, value))
      return result
    }
  }
  return wrapped as S
}

const isAuditedSpreadsheet = (value: unknown): value is AuditedSpreadsheet =>
  typeof value === 'object' && value !== null && 'subjectIds' in value && 'write' in value

export type AuditedAdminPorts = Pick<ServiceContext, 'audit' | 'clock' | 'lists' | 'outbox' | 'users'>

export const auditedAdmin = (ctx: AuditedAdminPorts, adminIdOf: AdminIdOf, inner: Unaudited<Services['admin']>): Services['admin'] =>
  audited(ctx, adminIdOf, adminPlans(ctx), () => inner)

export type AuditedAccountPorts = Pick<ServiceContext, 'audit' | 'clock' | 'users'>

export const auditedAccount = (
  ctx: AuditedAccountPorts,
  adminIdOf: AdminIdOf,
  inner: Unaudited<Pick<Services['account'], 'deleteUser' | 'notifyUser'>>,
): Pick<Services['account'], 'deleteUser' | 'notifyUser'> => audited(ctx, adminIdOf, accountPlans(ctx), () => inner)

const exportPlans: Plans<Services['exports']> = {
  userData: { kind: 'read', action: 'export.users', subjects: () => [] },
  tandemData: { kind: 'read', action: 'export.teams', subjects: () => [] },
  attention: { kind: 'read', action: 'export.attention', subjects: () => [] },
}

/** The exports name the administrator who made them in the workbook, so `inner` is per caller. */
export const auditedExports = (
  ctx: Pick<ServiceContext, 'audit' | 'clock'>,
  adminIdOf: AdminIdOf,
  inner: (actor: Actor) => Unaudited<Services['exports']>,
): Services['exports'] => audited(ctx, adminIdOf, exportPlans, inner)

type MentorshipAdminReads = 'attention' | 'teamTimeline'

/**
 * The attention list names teams and why they need attention (drawn from the participants' answers);
 * a team's timeline shows both sides' answers and notes.
 */
const attentionPlans = (ctx: Pick<ServiceContext, 'lists'>): Plans<Pick<Services['mentorship'], MentorshipAdminReads>> => ({
  attention: {
    kind: 'read',
    action: 'attention.list',
    subjects: async (_, rows) => await ctx.lists.tandemUserIds(rows.map((r) => r.matchingTandemId)),
  },
  teamTimeline: {
    kind: 'read',
    action: 'team-timeline.read',
    subjects: async ([tandemId]) => await ctx.lists.tandemUserIds([tandemId]),
    object: ([tandemId]) => tandemId,
  },
})

export type AuditedMentorshipPorts = Pick<ServiceContext, 'audit' | 'clock' | 'lists'>

export const auditedMentorship = (
  ctx: AuditedMentorshipPorts,
  adminIdOf: AdminIdOf,
  inner: Omit<Services['mentorship'], MentorshipAdminReads> & Unaudited<Pick<Services['mentorship'], MentorshipAdminReads>>,
): Services['mentorship'] => ({
  ...inner,
  ...audited(ctx, adminIdOf, attentionPlans(ctx), () => ({ attention: inner.attention, teamTimeline: inner.teamTimeline })),
})

/** The waitlist's overview names who waits: a list of people, recorded as one. */
const waitlistPlans: Plans<Pick<Services['statistics'], 'waitlist'>> = {
  waitlist: { kind: 'read', action: 'waitlist.list', subjects: (_, view) => view.mentees.map((m) => userIdOf(m.userId)) },
}

export const auditedStatistics = (
  ctx: Pick<ServiceContext, 'audit' | 'clock'>,
  adminIdOf: AdminIdOf,
  inner: Omit<Services['statistics'], 'waitlist'> & Unaudited<Pick<Services['statistics'], 'waitlist'>>,
): Services['statistics'] => ({
  ...inner,
  ...audited(ctx, adminIdOf, waitlistPlans, () => ({ waitlist: inner.waitlist })),
})

/** The questionnaire holds no personal data: its changes are recorded as actions on no one. */
const questionnairePlans: Plans<Services['questionnaireVersions']> = {
  draft: { kind: 'none' },
  check: { kind: 'none' },
  versions: { kind: 'none' },
  saveDraft: { kind: 'change', action: 'questionnaire.draft.save', subjects: () => [] },
  publish: { kind: 'change', action: 'questionnaire.publish', subjects: () => [] },
  exportFile: { kind: 'none' },
  importFile: { kind: 'change', action: 'questionnaire.draft.import', subjects: () => [] },
  // Aggregate figures about everyone matching: recorded as a read of no one in particular.
  startPreview: { kind: 'read', action: 'questionnaire.preview', subjects: () => [] },
  preview: { kind: 'none' },
  // Stops the look the start recorded; it changes nobody's data.
  cancelPreview: { kind: 'change', action: 'questionnaire.preview.cancel', subjects: () => [], object: ([query]) => query.previewId },
}

export const auditedQuestionnaireVersions = (
  ctx: Pick<ServiceContext, 'audit' | 'clock'>,
  adminIdOf: AdminIdOf,
  inner: (actor: Actor) => Unaudited<Services['questionnaireVersions']>,
): Services['questionnaireVersions'] => audited(ctx, adminIdOf, questionnairePlans, inner)

/** Learning from outcomes reads aggregates of everyone matched and changes the questionnaire draft: actions on no one. */
const learningPlans: Plans<Services['learning']> = {
  report: { kind: 'read', action: 'learning.read', subjects: () => [], object: ([clusterId]) => clusterId },
  tryInDraft: { kind: 'change', action: 'learning.adopt', subjects: () => [], object: ([body]) => body.clusterId },
}

export const auditedLearning = (
  ctx: Pick<ServiceContext, 'audit' | 'clock'>,
  adminIdOf: AdminIdOf,
  inner: (actor: Actor) => Unaudited<Services['learning']>,
): Services['learning'] => audited(ctx, adminIdOf, learningPlans, inner)

/**
 * An administrator looking at someone else's photo (the user-information page shows it) reads
 * their data too; the participants' own reads of photos are not administrators' and stay out.
 */
export const auditedUser = (
  ctx: Pick<ServiceContext, 'audit' | 'clock'>,
  adminIdOf: AdminIdOf,
  user: Services['user'],
): Services['user'] => ({
  ...user,
  image: async (actor, userId) => {
    const result = await user.image(actor, userId)
    if (!actor.isAdmin || actor.userId === userId || isLeft(result) || result.right === null) return result
    const adminId = await adminIdOf(actor)
    if (adminId !== null)
      await ctx.audit.append({ at: ctx.clock(), adminId, action: 'user.photo.read', objectId: null, subjectIds: [userId] })
    return result
  },
})

export type ChangeActionsPorts = Pick<ServiceContext, 'lists' | 'outbox' | 'users'>

/**
 * Every action a change records (the audit page's "changes only" view, docs/privacy.md): read off
 * the plans above, so a new change is in the view the moment it has a plan.
 */
export const changeActions = (ctx: ChangeActionsPorts): readonly string[] => {
  const tables: readonly Record<string, { readonly kind: string; readonly action?: string }>[] = [
    adminPlans(ctx),
    accountPlans(ctx),
    exportPlans,
    attentionPlans(ctx),
    waitlistPlans,
    questionnairePlans,
  ]
  return [
    ...new Set(
      tables.flatMap((plans) => Object.values(plans).flatMap((p) => (p.kind === 'change' && p.action !== undefined ? [p.action] : []))),
    ),
  ].sort()
}
