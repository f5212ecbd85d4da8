// `npm run backup -- PATH`: a consistent copy of the data folder's state while servers run. The
// folder appears under PATH only when complete (written beside it, then renamed).
import { randomUUID } from 'node:crypto'
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join } from 'node:path'
import { backupDatabase, checkDatabase } from '@tandem/store'
import * as E from 'fp-ts/lib/Either.js'
import { BACKUP_FORMAT, describeFile, MANIFEST_FILE, type Manifest } from './backup.manifest.js'
import { DATABASE_FILE, stateFiles } from './data-folder.js'
import { syncFile, syncFolder } from './fsync.js'

export const takeBackup = async (
  dataDir: string,
  target: string,
  now: () => Date = () => new Date(),
): Promise<E.Either<string, Manifest>> => {
  const source = join(dataDir, DATABASE_FILE)
  if (!existsSync(source)) return E.left(`no database at ${source}: is DATA_DIR right?`)
  if (existsSync(target) && !(statSync(target).isDirectory() && readdirSync(target).length === 0)) {
    return E.left(`${target} already exists; name a new folder for the backup`)
  }
  mkdirSync(dirname(target), { recursive: true })
  const partial = `${target}.partial-${randomUUID().slice(0, 8)}`
  // The backup holds the provider's signing keys: only its owner may read it.
  mkdirSync(partial, { mode: 0o700 })
  try {
    await backupDatabase(source, join(partial, DATABASE_FILE))
    const check = checkDatabase(join(partial, DATABASE_FILE))
    if (check.problems.length > 0) {
      rmSync(partial, { recursive: true, force: true })
      return E.left(`the database copy failed its checks, nothing was written: ${check.problems.join('; ')}`)
    }
    const others = stateFiles(dataDir)
    for (const name of others) {
      copyFileSync(join(dataDir, name), join(partial, name))
      chmodSync(join(partial, name), statSync(join(dataDir, name)).mode & 0o777)
    }
    const names = [DATABASE_FILE, ...others]
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: 1,
      createdAt: now().toISOString(),
      migrations: [...check.migrations],
      files: names.map((name) => describeFile(partial, name)),
    }
    writeFileSync(join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 })
    for (const name of [...names, MANIFEST_FILE]) syncFile(join(partial, name))
    syncFolder(partial)
    if (existsSync(target)) rmdirSync(target)
    renameSync(partial, target)
    syncFolder(dirname(target))
    return E.right(manifest)
  } catch (err) {
    rmSync(partial, { recursive: true, force: true })
    throw err
  }
}
