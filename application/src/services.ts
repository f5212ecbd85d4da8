// The Services port of @tandem/http, implemented over the repositories, the world store and the core.
import { consentsDue, issuedBeforeDeletion, type VerifiedIdentity } from '@tandem/core'
import { mentorshipService } from './mentorship/mentorship.service.js'
import { meetingsService } from './meetings/meetings.service.js'
import type { Actor, KnownAccount, Services } from './ports/services.port.js'
import { cohortService } from './cohort/cohort.service.js'
import { accountService, emailFromToken } from './account/account.service.js'
import {
  auditedAccount,
  auditedAdmin,
  auditedExports,
  auditedMentorship,
  auditedStatistics,
  auditedLearning,
  auditedQuestionnaireVersions,
  auditedUser,
  type Unaudited,
} from './audit/audit.js'
import { adminService } from './admin/index.js'
import { exportService } from './exports/export.service.js'
import { statisticsService } from './statistics/statistics.service.js'
import { learningService } from './learning/learning.service.js'
import type { ServiceContext } from './context.js'
import { matchingService } from './matching/matching.service.js'
import { questionnaireService } from './questionnaire/questionnaire.service.js'
import { questionnaireVersionsService } from './questionnaire/questionnaire.versions.service.js'
import { userService } from './users/user.service.js'
import { personalDataService } from './personal-data/personal-data.service.js'

/** Calls answered outside the services: NotifyUser renders mails with the mail adapter's templates. */
export type ServiceExtras = {
  readonly notifyUser: Unaudited<Services['account']>['notifyUser']
}

export const createServices = (ctx: ServiceContext, extras: ServiceExtras): Services => {
  const account = accountService(ctx)
  // Who the audit trail names: the administrator's record, found by subject or (another sign-in
  // of the same confirmed admin address) by address; else made as their first sign-in would.
  const adminIdOf = async (actor: Actor) => {
    if (actor.userId !== null) return actor.userId
    const byAddress = await ctx.users.byEmail(actor.email)
    if (byAddress !== undefined) return byAddress.roles.includes('Admin') ? byAddress.id : null
    await account.userDetails(actor)
    return (await ctx.users.bySubject(actor.identity.issuer, actor.identity.subject))?.id ?? null
  }
  // Every request resolves its caller and asks whether the account was deleted: both answers are
  // kept per identity, in one entry, and reused while nothing was committed meanwhile (a deletion
  // is a commit too, on any instance). The request's one generation read goes with the answer,
  // for the request's other cached answers.
  type Known = { readonly generation: string; readonly deletedAt: number | undefined; readonly account: KnownAccount | null }
  const known = new Map<string, Known>()
  const read = async (identity: VerifiedIdentity, generation: string): Promise<Known> => {
    // Both read at once (on PostgreSQL two connections: one wait instead of two); the account of a
    // deleted subject is read in vain, and never answered.
    const [deletedAt, user] = await Promise.all([
      ctx.deletedSubjects.deletedAt(identity.issuer, identity.subject),
      ctx.users.bySubject(identity.issuer, identity.subject),
    ])
    const account =
      user === undefined
        ? null
        : await Promise.all([emailFromToken(ctx, user, identity), ctx.users.acceptedConsents(user.id)]).then(([email, accepted]) => ({
            userId: user.id,
            email,
            roles: user.roles,
            consentsDue: consentsDue(accepted, ctx.consentVersions).length > 0,
          }))
    return { generation, deletedAt, account }
  }
  return {
    // A read, never a write: a changed e-mail in the token is answered here and stored by sign-in.
    accountOf: async (identity) => {
      const generation = await ctx.generation()
      const key = `${identity.issuer}\n${identity.subject}\n${identity.email}`
      let entry = known.get(key)
      // Another instance may have published a questionnaire version (answered at once when not).
      await ctx.activeQuestionnaire.refresh(generation)
      if (entry === undefined || entry.generation !== generation) {
        entry = await read(identity, generation)
        if (known.size > 10_000) known.clear()
        known.set(key, entry)
      }
      const deleted = entry.deletedAt !== undefined && issuedBeforeDeletion(identity.issuedAt, entry.deletedAt)
      return { account: deleted ? 'deleted' : entry.account, generation }
    },
    health: async () => {
      await ctx.lists.ping()
      return { status: 'ok', database: 'ok' }
    },
    account: {
      ...account,
      ...auditedAccount(ctx, adminIdOf, { deleteUser: account.deleteUser, notifyUser: extras.notifyUser }),
    },
    user: auditedUser(ctx, adminIdOf, userService(ctx)),
    questionnaire: questionnaireService(ctx),
    matching: matchingService(ctx),
    admin: auditedAdmin(ctx, adminIdOf, adminService(ctx)),
    cohort: cohortService(ctx),
    questionnaireVersions: auditedQuestionnaireVersions(ctx, adminIdOf, questionnaireVersionsService(ctx, adminIdOf)),
    learning: auditedLearning(ctx, adminIdOf, (actor) => {
      const learning = learningService({
        statistics: ctx.statistics,
        questionnaire: ctx.activeQuestionnaire.questionnaire,
        clock: ctx.clock,
      })
      return {
        report: learning.report,
        tryInDraft: (body) => learning.tryInDraft(questionnaireVersionsService(ctx, adminIdOf)(actor), body),
      }
    }),
    personalData: personalDataService(ctx),
    exports: auditedExports(ctx, adminIdOf, exportService(ctx)),
    statistics: auditedStatistics(ctx, adminIdOf, statisticsService(ctx)),
    mentorship: auditedMentorship(ctx, adminIdOf, mentorshipService(ctx)),
    meetings: meetingsService(ctx),
  }
}

export { clearInterruptedRuns, INTERRUPTED_RUN_AFTER, runMatching } from './matching/matching.run.js'
export { createMentorPoolCache, type MentorPoolCache } from './matching/mentor-pool.cache.js'
export type { ServiceContext, MasterData, Logger } from './context.js'
