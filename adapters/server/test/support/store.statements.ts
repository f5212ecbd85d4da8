// Plain SQL for the tests, run through the store itself (`db.all`) as its repositories run their
// queries: the same statement on SQLite and PostgreSQL, and a write counts as a change (on
// PostgreSQL it bumps the revision the caches are keyed by, as on SQLite the file's version does).
import type { Database } from '@tandem/store'
import type { RawBuilder } from 'kysely'

export const runOn = <R>(db: Database, statement: RawBuilder<R>): Promise<R[]> => db.all({ compile: () => statement.compile(db.kysely) })
