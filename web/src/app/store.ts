// The Redux store: the API cache, the session slice and a listener that turns refused tokens and
// roles into the shell's error page. `makeStore` is reused by tests with a preloaded state.
import { combineReducers, configureStore, createListenerMiddleware, isRejectedWithValue } from '@reduxjs/toolkit'
import { api, type ApiError, type Services } from './api.js'
import { accountDeletedDetected, errorRaised, sessionSlice } from './session.slice.js'
import { anonymousAuth } from './auth.port.js'
import { matchingSlice } from '../features/dashboard/matching.slice.js'

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  [sessionSlice.reducerPath]: sessionSlice.reducer,
  [matchingSlice.reducerPath]: matchingSlice.reducer,
})
export type RootState = ReturnType<typeof rootReducer>

const makeErrorListener = () => {
  const listener = createListenerMiddleware()
  listener.startListening({
    matcher: isRejectedWithValue,
    effect: (action, { dispatch }) => {
      const error = action.payload as ApiError | undefined
      // A deleted account is no sign-in problem: signing in again would not help, so it gets its own page.
      if (error?.status === 401 && error.errorCode === 'AccountDeleted') dispatch(accountDeletedDetected())
      else if (error?.status === 401) dispatch(errorRaised(401))
      else if (error?.status === 403) dispatch(errorRaised(403))
    },
  })
  return listener
}

export const makeStore = (preloadedState?: Partial<RootState>, services: Services = { auth: anonymousAuth }) => {
  const listener = makeErrorListener()
  return configureStore({
    reducer: rootReducer,
    ...(preloadedState === undefined ? {} : { preloadedState }),
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: services } })
        .prepend(listener.middleware)
        .concat(api.middleware),
  })
}

export type AppStore = ReturnType<typeof makeStore>
export type AppDispatch = AppStore['dispatch']
