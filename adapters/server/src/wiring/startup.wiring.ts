// What a start puts right before serving: the default program year of a fresh database, the demo's
// accounts, and the matching runs, cohort runs and previews a stopped process left behind.
import { clearInterruptedRuns, failInterruptedPreviews, type ServiceContext } from '@tandem/application'
import { calendarYearOf } from '@tandem/core'
import type { EmbeddedProvider } from '@tandem/identity'
import type { Database } from '@tandem/store'
import { QUIET_MS as COHORT_QUIET_MS } from '../cohort/cohort.runner.js'
import type { Config } from '../config.js'
import { DEMO_ACCOUNTS, seedDemo } from '../demo.seed.js'

/** A fresh database gets the default program year: mentees need one to start matching. */
const ensureDefaultCluster = async (ctx: Pick<ServiceContext, 'clock' | 'clusters'>): Promise<void> => {
  if ((await ctx.clusters.list()).length === 0) await ctx.clusters.create(String(calendarYearOf(ctx.clock())), true)
}

export const prepareAtStart = async (
  config: Config,
  db: Database,
  ctx: ServiceContext,
  provider: EmbeddedProvider | null,
): Promise<void> => {
  const { clock, logger, cohortRunner } = ctx
  await ensureDefaultCluster(ctx)
  if (config.demo && provider !== null) {
    await seedDemo(ctx, provider)
    // Demo addresses receive no mail; they count as confirmed so the demo admin is an admin.
    for (const email of Object.values(DEMO_ACCOUNTS)) {
      const account = await provider.accounts.findByEmail(email)
      if (account !== undefined) await provider.accounts.confirmEmail(account.subject)
    }
  }
  // On a shared PostgreSQL database another instance may be serving a run right now: only runs older
  // than any run takes are cleared (the sweep clears the rest later). The SQLite file's server
  // clears every one, as it always has.
  const cleared = await clearInterruptedRuns(ctx, db.dialect === 'postgres' ? 'stale' : 'all')
  // A cohort run's worker died with the process that ran it (this instance's previous process, or an
  // instance that went quiet); its draft was never written. Runs other live instances compute go on.
  const interruptedCohortRuns = await ctx.cohorts.failInterrupted(clock(), cohortRunner.owner, clock() - COHORT_QUIET_MS)
  if (interruptedCohortRuns > 0) logger.warn({ runs: interruptedCohortRuns }, 'cohort runs interrupted by the restart')
  // A preview's worker died the same way; the sweep fails those of instances that went quiet later.
  const interruptedPreviews = await failInterruptedPreviews(ctx, true)
  if (interruptedPreviews > 0) logger.warn({ previews: interruptedPreviews }, 'questionnaire previews interrupted by the restart')
  if (cleared > 0) logger.warn({ cleared }, 'cleared matching runs interrupted by a previous stop')
}
