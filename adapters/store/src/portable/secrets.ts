// Secrets the application makes for itself (keys of the hashes it stores instead of personal data),
// kept in the database so every process on it uses the same ones and a backup carries them.
import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from './database.js'
import type { Schema } from './schema.js'

/** The secret `name`, made at first use (32 random bytes) by whichever process comes first. */
export const secretNamed = (db: Database, name: string): Promise<string> => {
  const k = db.kysely
  return db.transaction(async () => {
    await db.run(
      k
        .insertInto('secrets')
        .values({ name, value: randomBytes(32).toString('base64url') })
        .onConflict((oc) => oc.column('name').doNothing()),
    )
    const row = await db.first(k.selectFrom('secrets').select('value').where('name', '=', name))
    if (row === undefined) throw new Error(`the secret ${name} could not be stored`)
    return row.value
  })
}

/**
 * The same secret through Kysely on either dialect (asynchronous, for the PostgreSQL store): the
 * insert-if-absent settles who made it, and the row never changes after, so the read needs no
 * transaction around it.
 */
export const readSecret = async (k: Kysely<Schema>, name: string): Promise<string> => {
  await k
    .insertInto('secrets')
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute()
  const row = await k.selectFrom('secrets').select('value').where('name', '=', name).executeTakeFirst()
  if (row === undefined) throw new Error(`the secret ${name} could not be stored`)
  return row.value
}
