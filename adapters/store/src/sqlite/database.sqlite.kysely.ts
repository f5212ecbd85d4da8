// A Kysely dialect for the SQLite store whose statements run through the store's own statement path
// (decision 0019): they wait while another request's transaction holds the shared connection and
// join the transaction of the work they belong to. Whoever executes a query on `db.kysely` (the
// migrations, the embedded identity provider) therefore never lands inside someone else's
// BEGIN IMMEDIATE … COMMIT, where a rollback would take its write along.
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely'

/** Runs one compiled statement on the store's connection, in turn with its transactions. */
export type RunCompiled = (query: CompiledQuery) => Promise<QueryResult<unknown>>

const refuseTransaction = (): Promise<never> =>
  // A Kysely transaction would hold the connection between awaits outside the store's mutex.
  Promise.reject(new Error('Kysely transactions are not available on the SQLite store; use db.transaction(…)'))

export const storeDialect = (runCompiled: RunCompiled): Dialect => {
  const connection: DatabaseConnection = {
    executeQuery: async <R>(query: CompiledQuery) => (await runCompiled(query)) as QueryResult<R>,
    // eslint-disable-next-line require-yield -- the interface asks for a generator; nothing here streams
    streamQuery: async function* () {
      throw new Error('streaming is not available on the SQLite store')
    },
  }
  const driver: Driver = {
    init: async () => undefined,
    acquireConnection: async () => connection,
    beginTransaction: refuseTransaction,
    commitTransaction: refuseTransaction,
    rollbackTransaction: refuseTransaction,
    releaseConnection: async () => undefined,
    // The store closes the connection itself.
    destroy: async () => undefined,
  }
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => driver,
    createQueryCompiler: () => new SqliteQueryCompiler(),
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's own signature
    createIntrospector: (db: Kysely<any>) => new SqliteIntrospector(db),
  }
}
