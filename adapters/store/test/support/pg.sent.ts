// The statements the `pg` clients of this process send while some work runs, each with how many
// statements its own client had sent and not yet had answered then (pipelining, decision 0022).
import pg from 'pg'

export type Sent = { readonly text: string; readonly unanswered: number }

export const sentDuring = async (work: () => Promise<unknown>): Promise<Sent[]> => {
  const sent: Sent[] = []
  const unanswered = new WeakMap<object, number>()
  const client = pg.Client.prototype as unknown as Record<string, (...args: unknown[]) => unknown>
  const query = client['query']!
  client['query'] = function (this: object, ...args: unknown[]) {
    const [first] = args
    const waiting = unanswered.get(this) ?? 0
    sent.push({ text: typeof first === 'string' ? first : String((first as { text?: unknown } | undefined)?.text), unanswered: waiting })
    unanswered.set(this, waiting + 1)
    const result = query.apply(this, args)
    const answered = () => unanswered.set(this, (unanswered.get(this) ?? 1) - 1)
    if (result instanceof Promise) void result.then(answered, answered)
    return result
  }
  try {
    await work()
  } finally {
    client['query'] = query
  }
  return sent
}
