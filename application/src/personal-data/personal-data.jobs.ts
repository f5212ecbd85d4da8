// Preparing a person's download off the request: the request starts a job and answers at once; the
// job reads the parts one event-loop turn apart (other requests run in between), zips them (zlib
// works on libuv's thread pool) and keeps the archive for its owner until fetched or replaced.
// The job's state and the archive live in the database (decision 0021), so the poll and the
// download may reach any instance; the archive is deleted when fetched, replaced or an hour old.
import { randomUUID } from 'node:crypto'
import type { UserId } from '@tandem/core'
import type { DownloadStatus } from '../ports/store/index.js'
import type { ServiceContext } from '../context.js'
import { personalDataArchive } from './personal-data.archive.js'
import { collectPersonalData } from './personal-data.collect.js'

export type JobState = DownloadStatus

/** How long a prepared archive waits for its owner. */
export const KEEP_MS = 60 * 60 * 1000
const PARTS = ['account', 'answers', 'tandems', 'notifications', 'administratorReads'] as const

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

/** Deletes the preparations older than the keeping time (archives nobody fetched); the sweeps call it too. */
export const expireDownloads = async (ctx: Pick<ServiceContext, 'downloads' | 'clock'>): Promise<number> =>
  await ctx.downloads.expire(ctx.clock() - KEEP_MS)

export type CreatePersonalDataJobsPorts = Pick<
  ServiceContext,
  'activeQuestionnaire' | 'answers' | 'audit' | 'clock' | 'downloads' | 'logger' | 'meetings' | 'mentorship' | 'outbox' | 'store' | 'users'
>

export const createPersonalDataJobs = (ctx: CreatePersonalDataJobsPorts) => {
  const { downloads } = ctx

  const run = async (id: UserId, job: string): Promise<void> => {
    // A newer job for the same person replaces this one: its results are dropped (the writes name the job).
    const update = async (state: JobState['state'], progress: number, archive: Buffer | null = null) =>
      await downloads.update(id, job, state, progress, archive)
    try {
      await nextTurn()
      const done = new Set<string>()
      let reported = Promise.resolve(true)
      const collected = await collectPersonalData(ctx, id, (part) => {
        done.add(part)
        const progress = Math.round((done.size / (PARTS.length + 1)) * 100)
        reported = reported.then(() => update('preparing', progress))
      })
      await reported
      if (collected === undefined) return void (await update('failed', 0))
      await nextTurn()
      const archive = await personalDataArchive(collected, (await ctx.users.byId(id))?.language ?? 'en')
      await update('ready', 100, archive)
    } catch (error) {
      ctx.logger.error({ err: error, userId: id }, 'preparing a personal data download failed')
      await update('failed', 0).catch(() => undefined)
    }
  }

  const since = () => ctx.clock() - KEEP_MS

  return {
    /** Starts (or restarts) the preparation of the person's archive. */
    start: async (id: UserId): Promise<JobState> => {
      await expireDownloads(ctx)
      const job = randomUUID()
      await downloads.start(id, job, ctx.clock())
      void run(id, job)
      return { state: 'preparing', progress: 0 }
    },
    /** The job's state, or undefined when none was started (or it expired). */
    status: async (id: UserId): Promise<JobState | undefined> => await downloads.status(id, since()),
    /** The ready archive, once: fetched, it is gone from the database. */
    take: async (id: UserId): Promise<Buffer | undefined> => await downloads.take(id, since()),
  }
}

export type PersonalDataJobs = ReturnType<typeof createPersonalDataJobs>
