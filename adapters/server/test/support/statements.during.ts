// The SQL statements the real database of a test server executes while some work runs: the SQLite
// file's prepared statements, or the queries of pg's clients (every pooled connection of the process).
import pg from 'pg'
import { onSqliteFile, type TandemServer } from '../../src/index.js'

export type Executed = {
  readonly sql: string
  readonly parameters: readonly unknown[]
  /**
   * How many statements of the process were sent and not yet answered when this one was sent: more
   * than 0 only on PostgreSQL, where reads of one request can run at once on several connections
   * (a SQLite statement has run before the next one starts).
   */
  readonly inFlight: number
}

/** The methods that run a statement: better-sqlite3's prepared statements, or pg's client. */
const statementMethods = (
  server: TandemServer,
): { readonly target: Record<string, (...args: unknown[]) => unknown>; readonly methods: readonly string[] } =>
  server.db.dialect === 'sqlite'
    ? {
        target: Object.getPrototypeOf(onSqliteFile(server).db.raw.prepare('select 1')) as Record<string, (...args: unknown[]) => unknown>,
        methods: ['all', 'get', 'run', 'iterate'],
      }
    : { target: pg.Client.prototype as unknown as Record<string, (...args: unknown[]) => unknown>, methods: ['query'] }

/** The SQL and parameters of a call: a SQLite statement's source, or pg's query text and values. */
const executedBy = (self: { source?: string }, args: readonly unknown[]): Omit<Executed, 'inFlight'> =>
  self.source !== undefined
    ? { sql: self.source, parameters: args }
    : typeof args[0] === 'string'
      ? { sql: args[0], parameters: Array.isArray(args[1]) ? args[1] : [] }
      : {
          // A prepared statement's config (postgres.ts): its text and values.
          sql: String((args[0] as { text?: unknown } | undefined)?.text),
          parameters: (args[0] as { values?: unknown[] } | undefined)?.values ?? [],
        }

/** Records every statement the server's database executes while `work` runs. */
export const statementsOf = async (server: TandemServer, work: () => Promise<unknown>): Promise<Executed[]> => {
  const executed: Executed[] = []
  let unanswered = 0
  const { target, methods } = statementMethods(server)
  const originals = Object.fromEntries(methods.map((method) => [method, target[method]!]))
  for (const method of methods) {
    const original = originals[method]!
    target[method] = function (this: { source?: string }, ...parameters: unknown[]) {
      executed.push({ ...executedBy(this, parameters), inFlight: unanswered })
      const result = original.apply(this, parameters)
      if (!(result instanceof Promise)) return result
      unanswered += 1
      return result.finally(() => {
        unanswered -= 1
      })
    }
  }
  try {
    await work()
  } finally {
    Object.assign(target, originals)
  }
  return executed
}
