// The Parse messages `pg` sends while some work runs (every connection of the process): which
// statements PostgreSQL was asked to parse, and under which prepared statement's name.
import pg from 'pg'

export type Parsed = { readonly text: string; readonly name: string | undefined }

export const parsedDuring = async (work: () => Promise<unknown>): Promise<Parsed[]> => {
  const parsed: Parsed[] = []
  const prototype = pg.Connection.prototype as unknown as { parse: (query: { text: string; name?: string }) => void }
  const original = prototype.parse
  prototype.parse = function (this: unknown, query) {
    parsed.push({ text: query.text, name: query.name === '' ? undefined : query.name })
    return original.call(this, query)
  }
  try {
    await work()
  } finally {
    prototype.parse = original
  }
  return parsed
}
