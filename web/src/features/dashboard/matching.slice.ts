// Flags of the mentee's matching run: running (set on start, cleared on completion or failure; a
// second start meanwhile shows a warning) and no match found, which the server keeps as well.
import type { Action, RootState } from '../../app/store.js'
import { accountApi } from '../account/account.api.js'

export type MatchingState = { readonly running: boolean; readonly noMatch: boolean }

export const initialMatching: MatchingState = { running: false, noMatch: false }

export const runStarted = () => ({ type: 'matching/runStarted' }) as const
export const runFinished = (payload: { noMatch: boolean }) => ({ type: 'matching/runFinished', payload }) as const
export const runFailed = () => ({ type: 'matching/runFailed' }) as const

export const matchingReducer = (state: MatchingState, action: Action): MatchingState => {
  // "no match found" must survive a reload: each GetUserDetails answer carries the server's flag
  // on the mentee entry, so the no-proposals panel comes back without a new run
  if (accountApi.endpoints.getMe.matchFulfilled(action)) {
    const noMatch = action.payload.data.userStatuses.find((s) => s.role === 'Mentee')?.noMatch === true
    return noMatch === state.noMatch ? state : { ...state, noMatch }
  }
  switch (action.type) {
    case 'matching/runStarted':
      return { running: true, noMatch: false }
    case 'matching/runFinished':
      return { running: false, noMatch: (action.payload as { noMatch: boolean }).noMatch }
    case 'matching/runFailed':
      return { ...state, running: false }
    default:
      return state
  }
}

export const selectMatchingRunning = (s: RootState) => s.matching.running
export const selectNoMatch = (s: RootState) => s.matching.noMatch
