// A person's prepared download of their data (migration 0015): the preparation's state and progress
// and, once ready, the archive, in the database so that any instance answers the poll and hands the
// archive out (decision 0021). One row per person; a new preparation replaces it, fetching deletes it,
// and rows older than the keeping time are deleted by whoever looks next and by the sweep.
import type { Instant } from '@tandem/core'
import type { Database } from '../portable/database.js'
import type { DownloadState, DownloadStatus, PersonalDataDownloads } from '@tandem/application/ports'

export type { DownloadState, DownloadStatus, PersonalDataDownloads }

const STATES: readonly string[] = ['preparing', 'ready', 'failed']
const stateOf = (value: string): DownloadState => (STATES.includes(value) ? (value as DownloadState) : 'failed')

export const createPersonalDataDownloads = (db: Database): PersonalDataDownloads => {
  const k = db.kysely
  return {
    /** Starts a preparation named `job`, replacing the person's earlier one (and its archive). */
    start: async (userId: number, job: string, at: Instant): Promise<void> => {
      await db.run(
        k
          .insertInto('personal_data_downloads')
          .values({ user_id: userId, job, started_at: at, state: 'preparing', progress: 0, archive: null })
          .onConflict((c) => c.column('user_id').doUpdateSet({ job, started_at: at, state: 'preparing', progress: 0, archive: null })),
      )
    },
    /** Records the progress of preparation `job`; false when a newer one replaced it (or it is gone). */
    update: async (userId: number, job: string, state: DownloadState, progress: number, archive: Buffer | null = null): Promise<boolean> =>
      (await db.run(
        k.updateTable('personal_data_downloads').set({ state, progress, archive }).where('user_id', '=', userId).where('job', '=', job),
      )) === 1,
    /** The state of the person's preparation started after `since`; undefined when there is none. */
    status: async (userId: number, since: Instant): Promise<DownloadStatus | undefined> => {
      const row = await db.first(
        k.selectFrom('personal_data_downloads').select(['state', 'progress']).where('user_id', '=', userId).where('started_at', '>', since),
      )
      return row === undefined ? undefined : { state: stateOf(row.state), progress: row.progress }
    },
    /** The ready archive, once: one statement deletes the row and answers it, so two instances cannot both hand it out. */
    take: async (userId: number, since: Instant): Promise<Buffer | undefined> => {
      const row = await db.first(
        k
          .deleteFrom('personal_data_downloads')
          .where('user_id', '=', userId)
          .where('state', '=', 'ready')
          .where('started_at', '>', since)
          .returning('archive'),
      )
      return row?.archive === null || row?.archive === undefined ? undefined : Buffer.from(row.archive)
    },
    /** Deletes the preparations started at or before `since` (their archives were never fetched). */
    expire: async (since: Instant): Promise<number> => {
      // Looked up first: a write that deletes nothing would still count as a change for the caches.
      const old = await db.first(k.selectFrom('personal_data_downloads').select('user_id').where('started_at', '<=', since).limit(1))
      return old === undefined ? 0 : await db.run(k.deleteFrom('personal_data_downloads').where('started_at', '<=', since))
    },
  }
}
