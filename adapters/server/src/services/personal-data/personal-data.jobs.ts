// Preparing a person's download off the request: the request starts a job and answers at once; the
// job reads the parts one event-loop turn apart (other requests run in between), zips them (zlib
// works on libuv's thread pool) and keeps the archive for its owner until fetched or replaced.
// Jobs live in this process's memory: an archive is personal data and never touches the disk.
import type { UserId } from '@tandem/core'
import type { ServiceContext } from '../context.js'
import { personalDataArchive } from './personal-data.archive.js'
import { collectPersonalData } from './personal-data.collect.js'

export type JobState = { readonly state: 'preparing' | 'ready' | 'failed'; readonly progress: number }

type Job = JobState & { readonly archive?: Buffer }

/** How long a prepared archive waits for its owner. */
const KEEP_MS = 60 * 60 * 1000
const PARTS = ['account', 'answers', 'tandems', 'notifications', 'administratorReads'] as const

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

export const createPersonalDataJobs = (ctx: ServiceContext) => {
  const jobs = new Map<UserId, Job & { readonly startedAt: number }>()

  const run = async (id: UserId): Promise<void> => {
    const startedAt = jobs.get(id)?.startedAt ?? ctx.clock()
    const update = (job: Job) => {
      // A newer job for the same person replaces this one: its results are dropped.
      if (jobs.get(id)?.startedAt === startedAt) jobs.set(id, { ...job, startedAt })
    }
    try {
      await nextTurn()
      const done = new Set<string>()
      const collected = await collectPersonalData(ctx, id, (part) => {
        done.add(part)
        update({ state: 'preparing', progress: Math.round((done.size / (PARTS.length + 1)) * 100) })
      })
      if (collected === undefined) return update({ state: 'failed', progress: 0 })
      await nextTurn()
      const archive = await personalDataArchive(collected, (await ctx.users.byId(id))?.language ?? 'en')
      update({ state: 'ready', progress: 100, archive })
    } catch (error) {
      ctx.logger.error({ err: error, userId: id }, 'preparing a personal data download failed')
      update({ state: 'failed', progress: 0 })
    }
  }

  const expire = (): void => {
    const now = ctx.clock()
    for (const [id, job] of jobs) if (now - job.startedAt > KEEP_MS) jobs.delete(id)
  }

  return {
    /** Starts (or restarts) the preparation of the person's archive. */
    start: (id: UserId): JobState => {
      expire()
      jobs.set(id, { state: 'preparing', progress: 0, startedAt: ctx.clock() })
      void run(id)
      return { state: 'preparing', progress: 0 }
    },
    /** The job's state, or undefined when none was started (or it expired). */
    status: (id: UserId): JobState | undefined => {
      expire()
      const job = jobs.get(id)
      return job === undefined ? undefined : { state: job.state, progress: job.progress }
    },
    /** The ready archive, once: fetched, it is gone from memory. */
    take: (id: UserId): Buffer | undefined => {
      const job = jobs.get(id)
      if (job?.archive === undefined) return undefined
      jobs.delete(id)
      return job.archive
    },
  }
}

export type PersonalDataJobs = ReturnType<typeof createPersonalDataJobs>
