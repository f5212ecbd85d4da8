// `npm run restore -- PATH`: replaces the data folder's state with a backup's. The backup is checked
// before anything is touched; the old files (with the old -wal/-shm, which must never meet the
// restored database) move aside into replaced-<time>/, then the checked copies are renamed in.
import { randomUUID } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, renameSync, rmdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { checkDatabase } from '@tandem/store'
import * as E from 'fp-ts/lib/Either.js'
import { fileProblems, readManifest } from './backup.manifest.js'
import { DATABASE_COMPANIONS, DATABASE_FILE, MAIL_FOLDER, stateFiles } from './data-folder.js'
import { acquireRestoreLock } from './data-folder.lock.js'
import { syncFile, syncFolder } from './fsync.js'

export type RestoreSummary = {
  readonly files: readonly string[]
  /** Where the replaced files went; null when the folder held nothing to replace. */
  readonly replacedFolder: string | null
  readonly backupCreatedAt: string
}

/** Checks a backup folder without writing anything: manifest, sizes and hashes, integrity_check, foreign_key_check. */
export const verifyBackup = (source: string): E.Either<string, { files: string[]; createdAt: string }> => {
  const manifest = readManifest(source)
  if (E.isLeft(manifest)) return manifest
  const names = manifest.right.files.map((f) => f.name)
  if (!names.includes(DATABASE_FILE)) return E.left(`the backup in ${source} holds no ${DATABASE_FILE}`)
  const bad = names.filter((n) => n.includes('/') || n.includes('\\') || n.startsWith('.') || n === MAIL_FOLDER)
  if (bad.length > 0) return E.left(`the manifest names files a backup cannot hold: ${bad.join(', ')}`)
  const missing = fileProblems(source, manifest.right.files)
  if (missing.length > 0) return E.left(`the backup in ${source} is damaged: ${missing.join('; ')}`)
  const check = checkDatabase(join(source, DATABASE_FILE))
  if (check.problems.length > 0) return E.left(`the backup's database fails its checks: ${check.problems.join('; ')}`)
  return E.right({ files: names, createdAt: manifest.right.createdAt })
}

const moveAside = (dataDir: string, now: Date): string | null => {
  const present = [DATABASE_FILE, ...DATABASE_COMPANIONS, ...stateFiles(dataDir), MAIL_FOLDER].filter((n) => existsSync(join(dataDir, n)))
  if (present.length === 0) return null
  const folder = join(dataDir, `replaced-${now.toISOString().replace(/[:.]/g, '-')}`)
  mkdirSync(folder, { mode: 0o700 })
  // The database first: once it is gone nobody can open it with the old log, and its log follows it.
  for (const name of present) renameSync(join(dataDir, name), join(folder, name))
  syncFolder(folder)
  syncFolder(dataDir)
  return folder
}

export const restoreBackup = (dataDir: string, source: string, now: () => Date = () => new Date()): E.Either<string, RestoreSummary> => {
  const verified = verifyBackup(source)
  if (E.isLeft(verified)) return E.left(`${verified.left}. Nothing was changed.`)
  mkdirSync(dataDir, { recursive: true })
  const lock = acquireRestoreLock(dataDir)
  if (E.isLeft(lock)) return E.left(`${lock.left}. Nothing was changed.`)
  // Staged inside the data folder: the same file system, so the final renames are atomic.
  const staging = join(dataDir, `.restore-${randomUUID().slice(0, 8)}`)
  mkdirSync(staging, { mode: 0o700 })
  let swapping = false
  try {
    const manifest = readManifest(source)
    if (E.isLeft(manifest)) throw new Error(manifest.left)
    for (const name of verified.right.files) {
      copyFileSync(join(source, name), join(staging, name))
      syncFile(join(staging, name))
    }
    const copied = fileProblems(staging, manifest.right.files)
    if (copied.length > 0) {
      rmSync(staging, { recursive: true, force: true })
      if (!lock.right.interruptedBefore) lock.right.release()
      return E.left(`copying the backup failed: ${copied.join('; ')}. Nothing was changed.`)
    }
    swapping = true
    const replacedFolder = moveAside(dataDir, now())
    for (const name of verified.right.files) renameSync(join(staging, name), join(dataDir, name))
    syncFolder(dataDir)
    rmdirSync(staging)
    lock.right.release()
    return E.right({ files: verified.right.files, replacedFolder, backupCreatedAt: verified.right.createdAt })
  } catch (err) {
    // Once the swap has begun the restore lock stays: servers refuse the half-swapped folder.
    if (!swapping) {
      rmSync(staging, { recursive: true, force: true })
      if (!lock.right.interruptedBefore) lock.right.release()
    }
    throw err
  }
}
