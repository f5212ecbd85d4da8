// The app's store: the session and matching state, the query cache of the API, and `dispatch` for
// actions and for thunks (a function given the store). Small on purpose: it is in every first
// download (docs/decisions/0023). `makeStore` is reused by tests with a preloaded state.
import { envelopeQuery, type Services } from './api.js'
import { createQueryCache, type QueryCache } from './query.cache.js'
import { initialSession, sessionReducer, type SessionState } from './session.slice.js'
import { anonymousAuth } from './auth.port.js'
import { initialMatching, matchingReducer, type MatchingState } from '../features/dashboard/matching.slice.js'

export type RootState = { readonly session: SessionState; readonly matching: MatchingState }
export type Action = { readonly type: string; readonly payload?: unknown }
export type Thunk<T> = (store: AppStore) => T
export type AppDispatch = {
  <T>(thunk: Thunk<T>): T
  <A extends Action>(action: A): A
}
export type AppStore = {
  readonly getState: () => RootState
  readonly dispatch: AppDispatch
  readonly subscribe: (listener: () => void) => () => void
  readonly queries: QueryCache
}

export const makeStore = (preloadedState?: Partial<RootState>, services: Services = { auth: anonymousAuth }): AppStore => {
  let state: RootState = { session: initialSession, matching: initialMatching, ...preloadedState }
  const listeners = new Set<() => void>()
  const reduce = (action: Action) => {
    const next = { session: sessionReducer(state.session, action), matching: matchingReducer(state.matching, action) }
    if (next.session === state.session && next.matching === state.matching) return
    state = next
    for (const listener of listeners) listener()
  }
  const dispatch = (input: Action | Thunk<unknown>) => {
    if (typeof input === 'function') return input(store)
    reduce(input)
    return input
  }
  const store: AppStore = {
    getState: () => state,
    dispatch,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    queries: createQueryCache(
      (request) => envelopeQuery(request, { auth: services.auth, apiBaseUrl: state.session.config?.apiBaseUrl ?? '' }),
      (action) => reduce(action),
    ),
  }
  return store
}
