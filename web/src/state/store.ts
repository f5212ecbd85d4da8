// The app's store (Redux Toolkit): the session, the matching run and the API slice's cache, with
// the listener middleware that reacts to the API's answers. `makeStore(preloadedState)` is reused
// by tests; the services (the auth port) reach the base query as the thunk's extra argument.
import { combineSlices, configureStore } from '@reduxjs/toolkit'
import { setupListeners } from '@reduxjs/toolkit/query'
import { api } from './api.js'
import { anonymousAuth } from './auth.port.js'
import type { Services } from './envelope.js'
import { listenerMiddleware } from './listeners.js'
import { matchingSlice } from './matching.slice.js'
import { sessionSlice } from './session.slice.js'

const rootReducer = combineSlices(sessionSlice, matchingSlice, api)

export type RootState = ReturnType<typeof rootReducer>

export const makeStore = (preloadedState?: Partial<RootState>, services: Services = { auth: anonymousAuth }) => {
  const store = configureStore({
    reducer: rootReducer,
    ...(preloadedState === undefined ? {} : { preloadedState }),
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument: services } })
        .prepend(listenerMiddleware.middleware)
        .concat(api.middleware),
  })
  // refetchOnFocus / refetchOnReconnect of the queries that ask for it
  setupListeners(store.dispatch)
  return store
}

export type AppStore = ReturnType<typeof makeStore>
export type AppDispatch = AppStore['dispatch']
