// The hooks a screen uses to read queries and run mutations, in RTK Query's shape (`data`,
// `isLoading` for the first answer, `isFetching` for any call, `refetch`, `[trigger, state]`), on
// the store's query cache.
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { useAppStore } from './hooks.js'
import type { ApiError, CallResult } from './api.js'
import { keyOf, type MutationDef, type QueryDef, type QueryOutcome } from './query.cache.js'

/** Passed instead of an argument: the query is not asked (yet). */
export const skipToken: unique symbol = Symbol('skip')
export type SkipToken = typeof skipToken

export type QueryOptions = {
  readonly skip?: boolean
  /** Milliseconds between calls while shown; 0 or none: no polling. */
  readonly pollingInterval?: number
  /** Ask again when a screen shows it, even if an answer is cached. */
  readonly refetchOnMountOrArgChange?: boolean
}

export type QueryResult<R> = {
  /** The latest answer this hook had (of an earlier argument while the current one loads). */
  readonly data: R | undefined
  readonly currentData: R | undefined
  readonly error: ApiError | undefined
  readonly isUninitialized: boolean
  /** No answer yet. */
  readonly isLoading: boolean
  readonly isFetching: boolean
  readonly isSuccess: boolean
  readonly isError: boolean
  readonly refetch: () => Promise<QueryOutcome<R>>
}

export type MutationState<R> = {
  readonly isLoading: boolean
  readonly isSuccess: boolean
  readonly isError: boolean
  readonly data: R | undefined
  readonly error: ApiError | undefined
  readonly reset: () => void
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any endpoint's answer and argument
export type Endpoints = Record<string, QueryDef<any, any> | MutationDef<any, any>>

export type Hooks<D extends Endpoints> = {
  readonly [K in keyof D & string as D[K] extends { kind: 'query' } ? `use${Capitalize<K>}Query` : never]: D[K] extends QueryDef<
    infer R,
    infer A
  >
    ? (arg: A | SkipToken, options?: QueryOptions) => QueryResult<R>
    : never
} & {
  readonly [K in keyof D & string as D[K] extends { kind: 'query' } ? `useLazy${Capitalize<K>}Query` : never]: D[K] extends QueryDef<
    infer R,
    infer A
  >
    ? () => readonly [(arg: A) => Promise<QueryOutcome<R>>, QueryResult<R>]
    : never
} & {
  readonly [K in keyof D & string as D[K] extends { kind: 'mutation' } ? `use${Capitalize<K>}Mutation` : never]: D[K] extends MutationDef<
    infer R,
    infer A
  >
    ? () => readonly [(arg: A) => Promise<CallResult<R>>, MutationState<R>]
    : never
}

const useEntry = (key: string | null) => {
  const cache = useAppStore().queries
  return useSyncExternalStore(cache.subscribe, () => (key === null ? undefined : cache.peek(key)))
}

const useQueryResult = (name: string, def: QueryDef<unknown, unknown>, arg: unknown, options: QueryOptions): QueryResult<unknown> => {
  const cache = useAppStore().queries
  const skipped = arg === skipToken || options.skip === true
  const key = skipped ? null : keyOf(name, arg)
  // the argument as of the last change of key: effects and refetch follow the key, not each render
  const [held, setHeld] = useState({ key, arg })
  if (held.key !== key) setHeld({ key, arg })
  const state = useEntry(key)
  const refetchOnMount = options.refetchOnMountOrArgChange === true
  useEffect(
    () => (held.key === null ? undefined : cache.retain(name, def, held.arg, refetchOnMount)),
    [cache, held, name, def, refetchOnMount],
  )
  const interval = held.key === null ? 0 : (options.pollingInterval ?? 0)
  useEffect(() => {
    if (held.key === null || interval <= 0) return
    const timer = setInterval(() => void cache.fetch(name, def, held.arg, 'fresh'), interval)
    return () => clearInterval(timer)
  }, [cache, held, name, def, interval])
  const refetch = useCallback(
    () =>
      held.key === null
        ? Promise.resolve({ data: undefined, error: undefined, isSuccess: false, isError: false })
        : cache.fetch(name, def, held.arg, 'fresh'),
    [cache, held, name, def],
  )
  // the last answer this hook showed, kept while another argument's answer loads
  const [last, setLast] = useState<unknown>(undefined)
  const fresh = skipped ? undefined : state?.data
  if (fresh !== undefined && fresh !== last) setLast(fresh)
  if (skipped && last !== undefined) setLast(undefined)
  const data = skipped ? undefined : (fresh ?? last)
  return useMemo(() => {
    const pending = !skipped && (state === undefined || state.status === 'pending')
    return {
      data,
      currentData: state?.status === 'fulfilled' ? state.data : undefined,
      error: state?.status === 'rejected' ? state.error : undefined,
      isUninitialized: skipped,
      isLoading: pending && data === undefined,
      isFetching: pending,
      isSuccess: !skipped && (state?.status === 'fulfilled' || (pending && data !== undefined)),
      isError: state?.status === 'rejected',
      refetch,
    }
  }, [skipped, state, data, refetch])
}

export const queryHook =
  (name: string, def: QueryDef<unknown, unknown>) =>
  (arg: unknown, options: QueryOptions = {}): QueryResult<unknown> =>
    useQueryResult(name, def, arg, options)

/** `[trigger, result]`: asks when triggered (even if cached), then shows that argument's answer. */
export const lazyQueryHook = (name: string, def: QueryDef<unknown, unknown>) => () => {
  const cache = useAppStore().queries
  const [arg, setArg] = useState<{ readonly value: unknown } | null>(null)
  const trigger = useCallback(
    (value: unknown) => {
      setArg({ value })
      return cache.fetch(name, def, value, 'fresh')
    },
    [cache],
  )
  return [trigger, useQueryResult(name, def, arg === null ? skipToken : arg.value, {})] as const
}

/** The cached answer of an argument, without asking for it. */
export const queryStateHook = (name: string) => (arg: unknown) => {
  const state = useEntry(arg === skipToken ? null : keyOf(name, arg))
  return { data: state?.data }
}

const IDLE = { isLoading: false, isSuccess: false, isError: false, data: undefined, error: undefined } as const

export const mutationHook = (def: MutationDef<unknown, unknown>) => () => {
  const cache = useAppStore().queries
  const [state, setState] = useState<Omit<MutationState<unknown>, 'reset'>>(IDLE)
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])
  const trigger = useCallback(
    async (arg: unknown) => {
      setState({ ...IDLE, isLoading: true })
      const result = await cache.mutate(def, arg)
      if (mounted.current)
        setState(
          result.error === undefined ? { ...IDLE, isSuccess: true, data: result.data } : { ...IDLE, isError: true, error: result.error },
        )
      return result
    },
    [cache],
  )
  const reset = useCallback(() => setState(IDLE), [])
  return [trigger, useMemo(() => ({ ...state, reset }), [state, reset])] as const
}
