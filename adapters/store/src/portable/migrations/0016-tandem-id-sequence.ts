import { type Kysely, type Migration, sql } from 'kysely'
import { portable } from '../dialect.js'

/**
 * New tandems' ids on PostgreSQL come from a sequence, taken when a command writes them, so that
 * commands of several instances never wait for one another to number theirs (decision 0022). It
 * starts after the highest id there is. SQLite numbers them inside its one writing transaction and
 * needs none.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    if (portable(db).dialect !== 'postgres') return
    await sql`create sequence tandem_ids as bigint`.execute(db)
    await sql`select setval('tandem_ids', coalesce((select max(id) from tandems), 0) + 1, false)`.execute(db)
  },
  async down(db: Kysely<unknown>) {
    if (portable(db).dialect === 'postgres') await sql`drop sequence if exists tandem_ids`.execute(db)
  },
}
