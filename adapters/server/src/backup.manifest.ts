// The manifest of a backup folder: what it holds, with sizes and SHA-256, so a restore can tell a
// complete, unchanged backup from a truncated or altered one before it replaces anything.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as E from 'fp-ts/lib/Either.js'
import * as t from 'io-ts'
import { PathReporter } from 'io-ts/lib/PathReporter.js'

export const MANIFEST_FILE = 'manifest.json'
export const BACKUP_FORMAT = 'tandem-backup'

const BackupFile = t.strict({ name: t.string, bytes: t.number, sha256: t.string })

export const Manifest = t.strict({
  format: t.literal(BACKUP_FORMAT),
  version: t.literal(1),
  createdAt: t.string,
  /** The schema migrations applied in the backed-up database. */
  migrations: t.array(t.string),
  files: t.array(BackupFile),
})
export type Manifest = t.TypeOf<typeof Manifest>
export type BackupFile = t.TypeOf<typeof BackupFile>

export const describeFile = (folder: string, name: string): BackupFile => {
  const bytes = readFileSync(join(folder, name))
  return { name, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') }
}

/** Reads and decodes the manifest of a backup folder. */
export const readManifest = (folder: string): E.Either<string, Manifest> => {
  let raw: unknown
  try {
    raw = JSON.parse(readFileSync(join(folder, MANIFEST_FILE), 'utf8'))
  } catch (err) {
    return E.left(`${folder} is no Tandem backup: cannot read ${MANIFEST_FILE} (${(err as Error).message})`)
  }
  const decoded = Manifest.decode(raw)
  return E.isLeft(decoded)
    ? E.left(`${join(folder, MANIFEST_FILE)} is not a Tandem backup manifest: ${PathReporter.report(decoded).join('; ')}`)
    : decoded
}

/** Every file the manifest lists is there with its size and hash; answers the differences. */
export const fileProblems = (folder: string, files: readonly BackupFile[]): string[] =>
  files.flatMap((expected) => {
    let actual: BackupFile
    try {
      actual = describeFile(folder, expected.name)
    } catch {
      return [`${expected.name} is missing`]
    }
    if (actual.bytes !== expected.bytes) return [`${expected.name} has ${actual.bytes} bytes, the manifest says ${expected.bytes}`]
    return actual.sha256 === expected.sha256 ? [] : [`${expected.name} differs from the manifest (SHA-256)`]
  })
