// The answers of the API's queries, one entry per endpoint and argument: asked once however many
// screens show it, kept a while after the last one closes, asked again when a mutation invalidates
// one of its tags (dropped instead when nothing shows it). Each answer and refusal is also reported
// as an action, so the session can react to 401/403 and slices to the answers they care about.
import type { ApiError, ApiRequest, CallResult } from './api.js'

export type QueryDef<R, A> = {
  readonly kind: 'query'
  readonly query: (arg: A) => ApiRequest
  readonly providesTags?: readonly string[]
  /** Seconds an answer nothing shows stays cached (60 unless said). */
  readonly keepUnusedDataFor?: number
  /** Carries the answer's type only. */
  readonly _answer?: (r: R) => R
}

export type MutationDef<R, A> = {
  readonly kind: 'mutation'
  readonly query: (arg: A) => ApiRequest
  /** Invalidated after the call, answered or refused (a refusal may follow a change elsewhere). */
  readonly invalidatesTags?: readonly string[]
  readonly _answer?: (r: R) => R
}

export type QueryState = { readonly status: 'pending' | 'fulfilled' | 'rejected'; readonly data?: unknown; readonly error?: ApiError }

/** What a refetch or a lazy query's trigger resolves to. */
export type QueryOutcome<R> = {
  readonly data: R | undefined
  readonly error: ApiError | undefined
  readonly isSuccess: boolean
  readonly isError: boolean
}

export type Fulfilled<R> = { readonly type: 'api/fulfilled'; readonly payload: { readonly endpoint: string; readonly data: R } }
export type Rejected = { readonly type: 'api/rejected'; readonly payload: ApiError }

/**
 * cached: an answer or a running call will do; fresh: a running call will do; restart: ask anew;
 * guess: like cached, for a screen that may not come (a refusal is forgotten, not reported).
 */
export type FetchMode = 'cached' | 'fresh' | 'restart' | 'guess'

type Slot = {
  state: QueryState
  readonly name: string
  readonly def: QueryDef<unknown, unknown>
  readonly arg: unknown
  users: number
  seq: number
  running: Promise<QueryOutcome<unknown>> | undefined
  drop: ReturnType<typeof setTimeout> | undefined
}

const sortedKeys = (_key: string, value: unknown): unknown =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)))
    : value

export const keyOf = (name: string, arg: unknown): string => `${name}(${JSON.stringify(arg, sortedKeys) ?? ''})`

const outcomeOf = <R>(state: QueryState): QueryOutcome<R> => ({
  data: state.data as R | undefined,
  error: state.status === 'rejected' ? state.error : undefined,
  isSuccess: state.status === 'fulfilled',
  isError: state.status === 'rejected',
})

export const createQueryCache = (
  call: (request: ApiRequest) => Promise<CallResult<unknown>>,
  report: (action: Fulfilled<unknown> | Rejected) => void,
) => {
  const slots = new Map<string, Slot>()
  const listeners = new Set<() => void>()
  const changed = () => {
    for (const listener of listeners) listener()
  }
  const settle = (slot: Slot, state: QueryState) => {
    slot.state = state
    changed()
  }

  const fetch = (name: string, def: QueryDef<unknown, unknown>, arg: unknown, mode: FetchMode): Promise<QueryOutcome<unknown>> => {
    const key = keyOf(name, arg)
    const found = slots.get(key)
    if (found !== undefined && mode !== 'restart' && found.running !== undefined) return found.running
    if (found !== undefined && (mode === 'cached' || mode === 'guess') && found.state.status === 'fulfilled')
      return Promise.resolve(outcomeOf(found.state))
    const slot: Slot = found ?? { state: { status: 'pending' }, name, def, arg, users: 0, seq: 0, running: undefined, drop: undefined }
    if (found === undefined) slots.set(key, slot)
    const seq = ++slot.seq
    settle(slot, { ...slot.state, status: 'pending' })
    const running = call(def.query(arg)).then((result) => {
      const state: QueryState =
        result.error === undefined
          ? { status: 'fulfilled', data: result.data }
          : { status: 'rejected', data: slot.state.data, error: result.error }
      const current = slots.get(key) === slot && slot.seq === seq
      if (mode === 'guess' && result.error !== undefined && !(current && slot.users > 0)) {
        // the screen it was asked for may not be this person's: a screen that shows it asks again
        if (current) {
          slots.delete(key)
          changed()
        }
        return outcomeOf(state)
      }
      // a newer call for the same entry, or an entry dropped meanwhile, keeps what it has
      if (current) {
        slot.running = undefined
        settle(slot, state)
      }
      report(
        result.error === undefined
          ? { type: 'api/fulfilled', payload: { endpoint: name, data: result.data } }
          : { type: 'api/rejected', payload: result.error },
      )
      return outcomeOf(state)
    })
    slot.running = running
    return running
  }

  const invalidate = (tags: readonly string[]): void => {
    for (const [key, slot] of [...slots]) {
      if (!(slot.def.providesTags ?? []).some((tag) => tags.includes(tag))) continue
      if (slot.users > 0) void fetch(slot.name, slot.def, slot.arg, 'restart')
      else {
        clearTimeout(slot.drop)
        slots.delete(key)
      }
    }
    changed()
  }

  return {
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    peek: (key: string): QueryState | undefined => slots.get(key)?.state,
    fetch,
    /** A screen shows the entry: ask for it unless cached; returns the release. */
    retain: (name: string, def: QueryDef<unknown, unknown>, arg: unknown, refetch: boolean): (() => void) => {
      const key = keyOf(name, arg)
      void fetch(name, def, arg, refetch ? 'fresh' : 'cached')
      const slot = slots.get(key) as Slot
      clearTimeout(slot.drop)
      slot.drop = undefined
      slot.users += 1
      return () => {
        slot.users -= 1
        if (slot.users > 0) return
        slot.drop = setTimeout(
          () => {
            if (slots.get(key) !== slot || slot.users > 0) return
            slots.delete(key)
            changed()
          },
          (def.keepUnusedDataFor ?? 60) * 1000,
        )
      }
    },
    invalidate,
    mutate: async <R>(def: MutationDef<R, unknown>, arg: unknown): Promise<CallResult<R>> => {
      const result = (await call(def.query(arg))) as CallResult<R>
      if (def.invalidatesTags !== undefined) invalidate(def.invalidatesTags)
      if (result.error !== undefined) report({ type: 'api/rejected', payload: result.error })
      return result
    },
  }
}

export type QueryCache = ReturnType<typeof createQueryCache>
