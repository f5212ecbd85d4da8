// The Services port of @tandem/http, implemented over the repositories, the world store and the core.
import { issuedBeforeDeletion } from '@tandem/core'
import type { KnownAccount, Services } from '@tandem/http'
import { cohortService } from '../cohort/cohort.service.js'
import { accountService, emailFromToken } from './account.service.js'
import { adminService } from './admin/index.js'
import { exportService } from '../exports/export.service.js'
import { statisticsService } from '../statistics/statistics.service.js'
import type { ServiceContext } from './context.js'
import { matchingService } from './matching.service.js'
import { questionnaireService } from './questionnaire.service.js'
import { userService } from './user.service.js'

/** Calls answered outside the services: NotifyUser renders mails with the mail adapter's templates. */
export type ServiceExtras = {
  readonly notifyUser: Services['account']['notifyUser']
}

export const createServices = (ctx: ServiceContext, extras: ServiceExtras): Services => {
  // Every request resolves its caller: reuse the answer while nothing was committed meanwhile.
  const accounts = new Map<string, { readonly generation: string; readonly account: KnownAccount | null }>()
  return {
    // A read, never a write: a changed e-mail in the token is answered here and stored by sign-in.
    accountOf: async (identity) => {
      const key = `${identity.issuer}\n${identity.subject}\n${identity.email}`
      const generation = ctx.generation()
      const hit = accounts.get(key)
      if (hit !== undefined && hit.generation === generation) return hit.account
      const user = ctx.users.bySubject(identity.issuer, identity.subject)
      const account = user === undefined ? null : { userId: user.id, email: emailFromToken(ctx, user, identity), roles: user.roles }
      if (accounts.size > 10_000) accounts.clear()
      accounts.set(key, { generation, account })
      return account
    },
    accountDeleted: async (identity) => {
      const deletedAt = ctx.deletedSubjects.deletedAt(identity.issuer, identity.subject)
      return deletedAt !== undefined && issuedBeforeDeletion(identity.issuedAt, deletedAt)
    },
    health: async () => {
      ctx.lists.ping()
      return { status: 'ok', database: 'ok' }
    },
    account: { ...accountService(ctx), notifyUser: extras.notifyUser },
    user: userService(ctx),
    questionnaire: questionnaireService(ctx),
    matching: matchingService(ctx),
    admin: adminService(ctx),
    cohort: cohortService(ctx),
    exports: exportService(ctx),
    statistics: statisticsService(ctx),
  }
}

export { clearInterruptedRuns, runMatching } from './matching.run.js'
export { createMentorPoolCache, type MentorPoolCache } from './mentor-pool.cache.js'
export type { ServiceContext, MasterData, Logger } from './context.js'
