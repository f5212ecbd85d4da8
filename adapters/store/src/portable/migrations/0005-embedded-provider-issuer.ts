import { EMBEDDED_PROVIDER_ISSUER } from '@tandem/core'
import { type Kysely, type Migration, sql } from 'kysely'
import { portable } from '../dialect.js'

/**
 * Users of the embedded provider were keyed by its URL issuer (`${PUBLIC_URL}/oidc`), so a new
 * PUBLIC_URL lost every account. They move to the stable EMBEDDED_PROVIDER_ISSUER: users whose
 * subject is one of the provider's accounts (its table exists only where it ran) under an issuer
 * ending in /oidc, the embedded provider's mount path.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    if (!(await portable(db).hasTable('identity_accounts'))) return
    await sql`update users set issuer = ${EMBEDDED_PROVIDER_ISSUER}
      where issuer like '%/oidc' and subject in (select id from identity_accounts)`.execute(db)
  },
  // Which issuer a user had before is not kept; the stable issuer is right for every older version too.
  async down() {},
}
