// What the store does when the API answers, as the listener middleware: a refused call may open
// the error pages (session.slice `apiRefused`), and each answer of the person's details carries the
// server's "no match found" flag to the matching state.
import { createListenerMiddleware, isRejectedWithValue } from '@reduxjs/toolkit'
import { api } from './api.js'
import { apiErrorOf } from './envelope.js'
import { meApi } from './me.api.js'
import { apiRefused } from './session.slice.js'
import { noMatchLoaded } from './matching.slice.js'

export const listenerMiddleware = createListenerMiddleware()

type QueryMeta = { readonly arg?: { readonly type?: string; readonly subscribe?: boolean; readonly queryCacheKey?: string } }

listenerMiddleware.startListening({
  matcher: isRejectedWithValue,
  effect: (action, listenerApi) => {
    const error = apiErrorOf(action.payload)
    if (error === null) return
    const arg = (action.meta as QueryMeta).arg
    if (arg?.type === 'query' && arg.subscribe === false && arg.queryCacheKey !== undefined) {
      // a guess asked before its screen (prefetch.ts): the screen may not be this person's. Unless a
      // screen shows it by now, it is forgotten, not reported; a screen that shows it asks again.
      const subscriptions = listenerApi.dispatch(api.internalActions.internal_getRTKQSubscriptions()) as unknown as {
        readonly getSubscriptionCount: (queryCacheKey: string) => number
      }
      if (subscriptions.getSubscriptionCount(arg.queryCacheKey) === 0) {
        listenerApi.dispatch(api.internalActions.removeQueryResult({ queryCacheKey: arg.queryCacheKey as never }))
        return
      }
    }
    // A newer legal text waits for acceptance (a version published while the person was signed in):
    // no error page; the screen says so, and the person's details, asked again, bring the consents.
    if (error.errorCode === 'ConsentsDue') return
    listenerApi.dispatch(apiRefused(error))
  },
})

listenerMiddleware.startListening({
  matcher: meApi.endpoints.getMe.matchFulfilled,
  effect: (action, listenerApi) => {
    listenerApi.dispatch(noMatchLoaded(action.payload.userStatuses.find((s) => s.role === 'Mentee')?.noMatch === true))
  },
})
