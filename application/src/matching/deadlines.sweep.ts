// The deadline sweep (docs/matching.md): every proposal whose answer deadline passed expires, in one
// command of the world store; prepared personal-data downloads nobody fetched within the hour go too.
import { expireDeadlines } from '@tandem/core'
import { isLeft } from 'fp-ts/lib/Either.js'
import type { ServiceContext } from '../context.js'
import { expireDownloads } from '../personal-data/personal-data.jobs.js'

export type DeadlineSweepPorts = Pick<ServiceContext, 'downloads' | 'clock' | 'lists' | 'store' | 'logger'>

/** Applies every passed deadline; answers how many tandems expired. */
export const sweepDeadlines = async (ports: DeadlineSweepPorts): Promise<number> => {
  await expireDownloads(ports)
  const now = ports.clock()
  const ids = await ports.lists.expiredTandemIds(now)
  if (ids.length === 0) return 0
  const result = await ports.store.run({ userIds: await ports.lists.tandemUserIds(ids) }, expireDeadlines(now), now)
  if (isLeft(result)) {
    ports.logger.warn({ error: result.left }, 'deadline sweep refused')
    return 0
  }
  return ids.length
}
