import { type Kysely, type Migration, sql } from 'kysely'
import { portable } from '../dialect.js'

/**
 * A mentor's places (docs/matching.md#places): `mentor_capacity` (1 to 5, default 1) on the user, and in
 * place of the unique index that allowed one live tandem per mentor, a trigger that refuses a
 * tandem taking a place (inserted live, or made live) when the mentor's live tandems already fill
 * the capacity. On PostgreSQL the trigger locks the mentor's row first, so two transactions
 * taking a place of one mentor decide one after the other, each on what the other committed
 * (SQLSTATE TDM02); SQLite's one writing transaction needs no lock (RAISE: SQLITE_CONSTRAINT_TRIGGER).
 * Lowering a capacity changes no tandem. The live tandems of a mentor stay indexed for the count.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const t = portable(db)
    await db.schema
      .alterTable('users')
      .addColumn('mentor_capacity', t.integer, (c) => c.notNull().defaultTo(1))
      .execute()
    await sql`drop index tandems_one_live_per_mentor`.execute(db)
    await sql`create index tandems_live_by_mentor on tandems (mentor_id) where state in ('ACTIVE', 'MATCHED')`.execute(db)
    if (t.dialect === 'postgres') {
      await sql`
        create function tandem_mentor_capacity() returns trigger language plpgsql as $$
        declare
          places integer;
          taken bigint;
        begin
          if new.state not in ('ACTIVE', 'MATCHED') then return new; end if;
          if tg_op = 'UPDATE' and old.state in ('ACTIVE', 'MATCHED') and old.mentor_id = new.mentor_id then return new; end if;
          select mentor_capacity into places from users where id = new.mentor_id for update;
          select count(*) into taken from tandems
            where mentor_id = new.mentor_id and state in ('ACTIVE', 'MATCHED') and id <> new.id;
          if taken >= places then
            raise exception 'mentor % has no free place (% of % taken)', new.mentor_id, taken, places using errcode = 'TDM02';
          end if;
          return new;
        end
        $$`.execute(db)
      await sql`
        create trigger tandems_mentor_capacity before insert or update of state, mentor_id on tandems
        for each row execute function tandem_mentor_capacity()`.execute(db)
    } else {
      const refuse = (when: string) => `
        when new.state in ('ACTIVE', 'MATCHED')${when}
        begin
          select raise(abort, 'mentor has no free place')
          where (select count(*) from tandems where mentor_id = new.mentor_id and state in ('ACTIVE', 'MATCHED') and id <> new.id)
            >= (select mentor_capacity from users where id = new.mentor_id);
        end`
      await sql.raw(`create trigger tandems_mentor_capacity_insert before insert on tandems ${refuse('')}`).execute(db)
      await sql
        .raw(
          `create trigger tandems_mentor_capacity_update before update of state, mentor_id on tandems ${refuse(
            " and (old.state not in ('ACTIVE', 'MATCHED') or old.mentor_id <> new.mentor_id)",
          )}`,
        )
        .execute(db)
    }
  },
  async down(db: Kysely<unknown>) {
    if (portable(db).dialect === 'postgres') {
      await sql`drop trigger if exists tandems_mentor_capacity on tandems`.execute(db)
      await sql`drop function if exists tandem_mentor_capacity()`.execute(db)
    } else {
      await sql`drop trigger if exists tandems_mentor_capacity_insert`.execute(db)
      await sql`drop trigger if exists tandems_mentor_capacity_update`.execute(db)
    }
    await sql`drop index tandems_live_by_mentor`.execute(db)
    await sql`create unique index tandems_one_live_per_mentor on tandems (mentor_id) where state in ('ACTIVE', 'MATCHED')`.execute(db)
    await db.schema.alterTable('users').dropColumn('mentor_capacity').execute()
  },
}
