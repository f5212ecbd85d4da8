// The layout of DATA_DIR in one place: which parts are state (a backup holds them, a restore
// replaces them) and which are output or bookkeeping that belongs to one running history.
import { readdirSync } from 'node:fs'
import { hostname } from 'node:os'
import { resolve } from 'node:path'

/** DATA_DIR as the server resolves it; the backup and restore commands use the same. */
export const dataDirFrom = (env: Readonly<Record<string, string | undefined>>, cwd = process.cwd()): string =>
  resolve(cwd, env['DATA_DIR'] === undefined || env['DATA_DIR'].trim() === '' ? './data' : env['DATA_DIR'].trim())

export const DATABASE_FILE = 'tandem.db'
/** SQLite's files beside the database: they belong to the history that wrote them and never move with a backup. */
export const DATABASE_COMPANIONS = [`${DATABASE_FILE}-wal`, `${DATABASE_FILE}-shm`, `${DATABASE_FILE}-journal`] as const
/** `.eml` files of the development transport: output, the outbox table is the history. */
export const MAIL_FOLDER = 'mail'
/** Lock files of running servers and of a restore. */
export const LOCKS_FOLDER = 'locks'

/**
 * State besides the database: every regular file directly in the folder (`oidc-keys.json` and any
 * later key file), so a new one is backed up without touching this list. Folders (mail, locks,
 * replaced-…) and hidden files (work in progress) are not state.
 */
export const stateFiles = (dataDir: string): string[] =>
  readdirSync(dataDir, { withFileTypes: true })
    .filter(
      (e) =>
        e.isFile() && !e.name.startsWith('.') && e.name !== DATABASE_FILE && !(DATABASE_COMPANIONS as readonly string[]).includes(e.name),
    )
    .map((e) => e.name)
    .sort()

/**
 * Which instance a worker's rows belong to: the host and the data folder, the same across restarts
 * (each instance has a folder of its own), so a restarted instance knows its earlier process's runs.
 */
export const workerOwner = (dataDir: string): string => `${hostname()}:${resolve(dataDir)}`
