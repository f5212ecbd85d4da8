// The store's personal data as the application needs it; @tandem/store implements it.
import type { Instant, UserId } from '@tandem/core'

export type DownloadState = 'preparing' | 'ready' | 'failed'

export type DownloadStatus = {
  readonly state: DownloadState
  readonly progress: number
}

export type PersonalDataDownloads = {
  /** Starts a preparation named `job`, replacing the person's earlier one (and its archive). */
  start: (userId: UserId, job: string, at: Instant) => Promise<void>
  /** Records the progress of preparation `job`; false when a newer one replaced it (or it is gone). */
  update: (userId: UserId, job: string, state: DownloadState, progress: number, archive?: Buffer | null) => Promise<boolean>
  /** The state of the person's preparation started after `since`; undefined when there is none. */
  status: (userId: UserId, since: Instant) => Promise<DownloadStatus | undefined>
  /** The ready archive, once: one statement deletes the row and answers it, so two instances cannot both hand it out. */
  take: (userId: UserId, since: Instant) => Promise<Buffer | undefined>
  /** Deletes the preparations started at or before `since` (their archives were never fetched). */
  expire: (since: Instant) => Promise<number>
}
