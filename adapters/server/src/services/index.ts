// The Services port of @tandem/http, implemented over SQLite and the core.
import type { KnownAccount, Services } from '@tandem/http'
import { accountService, followTokenEmail } from './account.service.js'
import { adminService } from './admin.service.js'
import { exportService } from '../exports/export.service.js'
import type { ServiceContext } from './context.js'
import { matchingService } from './matching.service.js'
import { questionnaireService } from './questionnaire.service.js'
import { userService } from './user.service.js'

export const createServices = (ctx: ServiceContext): Services => {
  // Every request resolves its caller: reuse the answer while nothing was committed meanwhile.
  const accounts = new Map<string, { readonly generation: string; readonly account: KnownAccount | null }>()
  const ping = ctx.db.raw.prepare('select 1')
  return {
  accountOf: async (identity) => {
    const key = `${identity.issuer}\n${identity.subject}`
    const generation = ctx.db.generation()
    const hit = accounts.get(key)
    if (hit !== undefined && hit.generation === generation) return hit.account
    const found = ctx.users.bySubject(identity.issuer, identity.subject)
    const user = found === undefined ? undefined : followTokenEmail(ctx, found, identity)
    const account = user === undefined ? null : { userId: user.id, email: user.email, roles: user.roles }
    if (accounts.size > 10_000) accounts.clear()
    accounts.set(key, { generation, account })
    return account
  },
  health: async () => {
    ping.get()
    return { status: 'ok', database: 'ok' }
  },
  account: accountService(ctx),
  user: userService(ctx),
  questionnaire: questionnaireService(ctx),
  matching: matchingService(ctx),
  admin: adminService(ctx),
  exports: exportService(ctx),
  }
}

export { clearInterruptedRuns, applyDeadlinesFor, runMatching } from './matching.service.js'
export type { ServiceContext, MasterData, Logger } from './context.js'
