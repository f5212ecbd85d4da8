// Who holds the data folder: every running server leaves a lock file (several servers may share one
// folder), a restore leaves its own. A restore refuses while a live server holds the folder, and a
// server refuses to start during a restore or after one was interrupted (the folder is half swapped).
import { randomUUID } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import * as E from 'fp-ts/lib/Either.js'
import { LOCKS_FOLDER } from './data-folder.js'

export type LockHolder = { readonly pid: number; readonly hostname: string; readonly startedAt: string }

const RESTORE_LOCK = 'restore.json'
const SERVER_LOCK = /^server-.+\.json$/

const me = (): LockHolder => ({ pid: process.pid, hostname: hostname(), startedAt: new Date().toISOString() })

const readHolder = (file: string): LockHolder | null => {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>
    return typeof parsed.pid === 'number' && typeof parsed.hostname === 'string'
      ? { pid: parsed.pid, hostname: parsed.hostname, startedAt: String(parsed.startedAt) }
      : null
  } catch {
    return null
  }
}

/** A process on another machine cannot be asked, so it counts as alive; EPERM means it runs under another user. */
export const isAlive = (holder: LockHolder): boolean => {
  if (holder.hostname !== hostname()) return true
  try {
    process.kill(holder.pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

const describe = (holder: LockHolder, file: string): string =>
  `pid ${holder.pid} on ${holder.hostname}, since ${holder.startedAt} (${file})`

/** The live servers holding the folder; lock files of dead ones (kill -9, power loss) are removed. */
export const liveServers = (dataDir: string): string[] => {
  const folder = join(dataDir, LOCKS_FOLDER)
  let names: string[]
  try {
    names = readdirSync(folder)
  } catch {
    return []
  }
  const live: string[] = []
  for (const name of names.filter((n) => SERVER_LOCK.test(n))) {
    const file = join(folder, name)
    const holder = readHolder(file)
    if (holder !== null && isAlive(holder)) live.push(describe(holder, file))
    else rmSync(file, { force: true })
  }
  return live
}

const restoreProblem = (dataDir: string): string | null => {
  const file = join(dataDir, LOCKS_FOLDER, RESTORE_LOCK)
  const holder = readHolder(file)
  if (holder === null) return null
  return isAlive(holder)
    ? `a restore is running in ${dataDir} (${describe(holder, file)}); start the server when it has finished`
    : `a restore into ${dataDir} was interrupted (${describe(holder, file)}); run \`npm run restore -- PATH\` again with the same backup, then start the server`
}

/** Taken by every server at start; answers the release, or why the folder cannot be served. */
export const acquireServerLock = (dataDir: string): E.Either<string, () => void> => {
  const folder = join(dataDir, LOCKS_FOLDER)
  mkdirSync(folder, { recursive: true })
  const file = join(folder, `server-${process.pid}-${randomUUID().slice(0, 8)}.json`)
  // Written before the restore lock is read (a restore does the opposite), so of a server and a
  // restore starting at once at least one sees the other.
  writeFileSync(file, JSON.stringify(me()), { flag: 'wx' })
  const problem = restoreProblem(dataDir)
  if (problem !== null) {
    rmSync(file, { force: true })
    return E.left(problem)
  }
  return E.right(() => rmSync(file, { force: true }))
}

export type RestoreLock = {
  /** Ends the restore: servers may start again. Call only once the folder is whole. */
  readonly release: () => void
  readonly interruptedBefore: boolean
}

/** Taken by a restore: refused while another restore or any live server holds the folder. */
export const acquireRestoreLock = (dataDir: string): E.Either<string, RestoreLock> => {
  const folder = join(dataDir, LOCKS_FOLDER)
  mkdirSync(folder, { recursive: true })
  const file = join(folder, RESTORE_LOCK)
  const earlier = readHolder(file)
  if (earlier !== null && isAlive(earlier)) return E.left(`another restore is running (${describe(earlier, file)})`)
  writeFileSync(file, JSON.stringify(me()), earlier === null ? { flag: 'wx' } : {})
  const release = () => rmSync(file, { force: true })
  const servers = liveServers(dataDir)
  if (servers.length > 0) {
    // An interrupted restore's lock stays: the folder is still half swapped.
    if (earlier === null) release()
    return E.left(`a server holds ${dataDir}: ${servers.join('; ')}. Stop every server of this data folder, then restore`)
  }
  return E.right({ release, interruptedBefore: earlier !== null })
}
