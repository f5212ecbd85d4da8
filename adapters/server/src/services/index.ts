// The Services port of @tandem/http, implemented over the repositories, the world store and the core.
import { issuedBeforeDeletion } from '@tandem/core'
import type { Actor, KnownAccount, Services } from '@tandem/http'
import { cohortService } from '../cohort/cohort.service.js'
import { accountService, emailFromToken } from './account.service.js'
import { auditedAccount, auditedAdmin, auditedExports, auditedUser, type Unaudited } from './admin/audit.js'
import { adminService } from './admin/index.js'
import { exportService } from '../exports/export.service.js'
import { statisticsService } from '../statistics/statistics.service.js'
import type { ServiceContext } from './context.js'
import { matchingService } from './matching.service.js'
import { questionnaireService } from './questionnaire.service.js'
import { userService } from './user.service.js'
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
  // Every request resolves its caller: reuse the answer while nothing was committed meanwhile.
  const accounts = new Map<string, { readonly generation: string; readonly account: KnownAccount | null }>()
  const deletions = new Map<string, { readonly generation: string; readonly deletedAt: number | undefined }>()
  return {
    // A read, never a write: a changed e-mail in the token is answered here and stored by sign-in.
    accountOf: async (identity) => {
      const key = `${identity.issuer}\n${identity.subject}\n${identity.email}`
      const generation = await ctx.generation()
      const hit = accounts.get(key)
      if (hit !== undefined && hit.generation === generation) return hit.account
      const user = await ctx.users.bySubject(identity.issuer, identity.subject)
      const account = user === undefined ? null : { userId: user.id, email: await emailFromToken(ctx, user, identity), roles: user.roles }
      if (accounts.size > 10_000) accounts.clear()
      accounts.set(key, { generation, account })
      return account
    },
    // Asked before every request too; a deletion is a commit, so the answer holds for a generation.
    accountDeleted: async (identity) => {
      const key = `${identity.issuer}\n${identity.subject}`
      const generation = await ctx.generation()
      const hit = deletions.get(key)
      const deletedAt =
        hit !== undefined && hit.generation === generation
          ? hit.deletedAt
          : await ctx.deletedSubjects.deletedAt(identity.issuer, identity.subject)
      if (hit?.generation !== generation) {
        if (deletions.size > 10_000) deletions.clear()
        deletions.set(key, { generation, deletedAt })
      }
      return deletedAt !== undefined && issuedBeforeDeletion(identity.issuedAt, deletedAt)
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
    personalData: personalDataService(ctx),
    exports: auditedExports(ctx, adminIdOf, exportService(ctx)),
    statistics: statisticsService(ctx),
  }
}

export { clearInterruptedRuns, INTERRUPTED_RUN_AFTER, runMatching } from './matching.run.js'
export { createMentorPoolCache, type MentorPoolCache } from './mentor-pool.cache.js'
export type { ServiceContext, MasterData, Logger } from './context.js'
