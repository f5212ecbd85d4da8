import { type Kysely, type Migration, sql } from 'kysely'
import { portable } from '../dialect.js'

/**
 * PostgreSQL only: the check that lets a conditional write go out without waiting for its answer
 * (`Database.sendChanging`). It answers the count of rows a write changed when that is the count
 * the write expected, and otherwise fails the statement — and with it the transaction — with
 * SQLSTATE TDM01 (dialect.ts). SQLite counts the rows where it runs, in the same process.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    if (portable(db).dialect !== 'postgres') return
    await sql`
      create function tandem_changed_rows(changed bigint, expected bigint) returns bigint language plpgsql as $$
      begin
        if changed is distinct from expected then
          raise exception 'a conditional write changed % of % rows', changed, expected using errcode = 'TDM01';
        end if;
        return changed;
      end
      $$`.execute(db)
  },
  async down(db: Kysely<unknown>) {
    if (portable(db).dialect === 'postgres') await sql`drop function if exists tandem_changed_rows(bigint, bigint)`.execute(db)
  },
}
