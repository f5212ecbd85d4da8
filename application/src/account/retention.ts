// Retention in the server: who the core's rule applies to (participants; never administrators or
// the deleted-user placeholder) and their facts as the core reads them. Used by the sweep and by
// the administrators' list of who is due, so both decide alike.
import { type RetentionFacts, type UserId } from '@tandem/core'
import type { RetentionPerson } from '../ports/store/index.js'
import { isDeletedPlaceholder } from './account.erasure.js'

export const underRetention = (p: RetentionPerson): boolean => !isDeletedPlaceholder(p) && !p.roles.includes('Admin')

export const retentionFactsOf = (p: RetentionPerson): RetentionFacts => ({
  lastActiveAt: Math.max(p.registeredAt, p.lastSignedInAt ?? 0),
  programYearEndedAt: p.programYearEndedAt,
  hasLiveTandem: p.hasLiveTandem,
  noticeAt: p.noticeAt,
})

export type RetentionSweepResult = {
  readonly notified: readonly UserId[]
  readonly erased: readonly UserId[]
  readonly scrubbedMails: number
  readonly removedMailFiles: number
}
