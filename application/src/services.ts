// The Services port of @tandem/http, implemented over the repositories, the world store and the core.
import { issuedBeforeDeletion } from '@tandem/core'
import type { Actor, KnownAccount, Services } from './ports/services.port.js'
import { cohortService } from './cohort/cohort.service.js'
import { accountService, emailFromToken } from './account/account.service.js'
import { auditedAccount, auditedAdmin, auditedExports, auditedUser, type Unaudited } from './admin/audit.js'
import { adminService } from './admin/index.js'
import { exportService } from './exports/export.service.js'
import { statisticsService } from './statistics/statistics.service.js'
import type { ServiceContext } from './context.js'
import { matchingService } from './matching/matching.service.js'
import { questionnaireService } from './questionnaire/questionnaire.service.js'
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
  // Every request resolves its caller and asks whether the account was deleted: reuse each answer
  // while nothing was committed meanwhile (a deletion is a commit too). Both answers are checked
  // against one generation read, the request's.
  const perGeneration = <V>() => {
    const kept = new Map<string, { readonly generation: string; readonly value: V }>()
    return async (generation: string, key: string, read: () => Promise<V>): Promise<V> => {
      const hit = kept.get(key)
      if (hit !== undefined && hit.generation === generation) return hit.value
      const value = await read()
      if (kept.size > 10_000) kept.clear()
      kept.set(key, { generation, value })
      return value
    }
  }
  const accounts = perGeneration<KnownAccount | null>()
  const deletions = perGeneration<number | undefined>()
  return {
    // A read, never a write: a changed e-mail in the token is answered here and stored by sign-in.
    accountOf: async (identity) => {
      const generation = await ctx.generation()
      // Both read at once (on PostgreSQL two connections: one wait instead of two); the account of a
      // deleted subject is read in vain, and never answered.
      const [deletedAt, account] = await Promise.all([
        deletions(generation, `${identity.issuer}\n${identity.subject}`, () =>
          ctx.deletedSubjects.deletedAt(identity.issuer, identity.subject),
        ),
        accounts(generation, `${identity.issuer}\n${identity.subject}\n${identity.email}`, async () => {
          const user = await ctx.users.bySubject(identity.issuer, identity.subject)
          return user === undefined ? null : { userId: user.id, email: await emailFromToken(ctx, user, identity), roles: user.roles }
        }),
      ])
      return deletedAt !== undefined && issuedBeforeDeletion(identity.issuedAt, deletedAt) ? 'deleted' : account
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

export { clearInterruptedRuns, INTERRUPTED_RUN_AFTER, runMatching } from './matching/matching.run.js'
export { createMentorPoolCache, type MentorPoolCache } from './matching/mentor-pool.cache.js'
export type { ServiceContext, MasterData, Logger } from './context.js'
