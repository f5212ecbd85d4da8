// Moves an installation from its data folder (SQLite) into an empty PostgreSQL database: both
// brought to the current schema (Tandem's and the identity provider's migrations), the provider's
// keys taken into the database first (an older folder keeps them in oidc-keys.json), then every
// table copied and verified in one transaction (copyIntoPostgres), and the copy checked once more
// from the target: each row count, and a sign-in with an existing password when one is given.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { createAccountStore, createIdentitySchema, loadOrCreateKeys } from '@tandem/identity'
import {
  checkTargetEmpty,
  copyIntoPostgres,
  migrateToLatest,
  openDatabase,
  openPostgresKysely,
  type CopiedTable,
  type CopyFailure,
} from '@tandem/store'
import * as E from 'fp-ts/lib/Either.js'
import type { Kysely } from 'kysely'
import { acquireRestoreLock, liveServers } from './data-folder.lock.js'
import { DATABASE_FILE } from './data-folder.js'

export type CopyRequest = {
  readonly dataDir: string
  readonly url: string
  /** An existing account's e-mail and password: the copy must let it sign in. */
  readonly signIn?: { readonly email: string; readonly password: string }
  readonly onTable?: (table: string, rows: number) => void
}

export type CopyReport = { readonly tables: readonly CopiedTable[]; readonly signedIn: string | null }

const describe = (failure: CopyFailure): string => {
  switch (failure._tag) {
    case 'TargetNotEmpty':
      return `the PostgreSQL database is not empty (tables: ${failure.tables.join(', ')}); give an empty one`
    case 'TablesMissing':
      return `the PostgreSQL database lacks tables of the source after its migrations: ${failure.tables.join(', ')}`
    case 'Mismatch':
      return `table ${failure.table} differs after the copy (${failure.source.rows} rows in the file, ${failure.target.rows} in PostgreSQL); nothing was kept`
    case 'Refused':
      return `PostgreSQL refused a row of table ${failure.table}: ${failure.message}; nothing was kept`
  }
}

export const isPostgresUrl = (url: string): boolean => /^postgres(ql)?:\/\//.test(url)

export const copyInstallation = async (request: CopyRequest): Promise<E.Either<string, CopyReport>> => {
  if (!isPostgresUrl(request.url)) return E.left('--to must be a postgres:// or postgresql:// address')
  const file = join(request.dataDir, DATABASE_FILE)
  if (!existsSync(file)) return E.left(`no installation in ${request.dataDir} (${DATABASE_FILE} is missing)`)
  // Nothing may write to the file while it is read: no server may serve the folder, and none may
  // start during the copy (the restore's lock keeps them out, as it does during a restore).
  const servers = liveServers(request.dataDir)
  if (servers.length > 0) return E.left(`a server serves ${request.dataDir} (${servers.join('; ')}); stop the server first`)
  const lock = acquireRestoreLock(request.dataDir)
  if (E.isLeft(lock)) return E.left(`${lock.left}; stop the server first`)
  if (lock.right.interruptedBefore) {
    return E.left(`a restore into ${request.dataDir} was interrupted; finish it (npm run restore) before copying`)
  }
  const source = await openDatabase(file)
  const target = openPostgresKysely(request.url)
  try {
    const untyped = target as unknown as Kysely<unknown>
    const notEmpty = await checkTargetEmpty(untyped)
    if (notEmpty !== null) return E.left(describe(notEmpty))
    await createIdentitySchema(source.kysely)
    await loadOrCreateKeys(source.kysely, request.dataDir)
    await migrateToLatest(untyped)
    await createIdentitySchema(target)
    const result = await copyIntoPostgres(source.raw, untyped, request.onTable)
    if ('failure' in result) return E.left(describe(result.failure))
    for (const table of result.copied) {
      const counted = await target
        .selectFrom(table.table as never)
        .select((eb) => eb.fn.countAll<number>().as('rows'))
        .executeTakeFirstOrThrow()
      if (Number(counted.rows) !== table.rows)
        return E.left(`table ${table.table} holds ${String(counted.rows)} rows after the commit, expected ${table.rows}`)
    }
    if (request.signIn === undefined) return E.right({ tables: result.copied, signedIn: null })
    const account = await createAccountStore(target).verifyPassword(request.signIn.email, request.signIn.password)
    return account === null
      ? E.left(`the copy is complete, but ${request.signIn.email} cannot sign in with the given password there`)
      : E.right({ tables: result.copied, signedIn: account.email })
  } finally {
    await target.destroy()
    await source.close()
    lock.right.release()
  }
}
