// Flags of the mentee's matching run: running (set on start, cleared on completion or failure; a
// second start meanwhile shows a warning) and no match found, which the server keeps as well.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { accountApi } from '../account/account.api.js'

export type MatchingState = { readonly running: boolean; readonly noMatch: boolean }

const initialState: MatchingState = { running: false, noMatch: false }

export const matchingSlice = createSlice({
  name: 'matching',
  initialState,
  reducers: {
    runStarted: () => ({ running: true, noMatch: false }),
    runFinished: (_state, action: PayloadAction<{ noMatch: boolean }>) => ({ running: false, noMatch: action.payload.noMatch }),
    runFailed: (state) => ({ ...state, running: false }),
  },
  extraReducers: (builder) => {
    // "no match found" must survive a reload: each GetUserDetails answer carries the server's flag
    // on the mentee entry, so the no-proposals panel comes back without a new run
    builder.addMatcher(accountApi.endpoints.getMe.matchFulfilled, (state, action) => ({
      ...state,
      noMatch: action.payload.userStatuses.find((s) => s.role === 'Mentee')?.noMatch === true,
    }))
  },
  selectors: {
    selectMatchingRunning: (s) => s.running,
    selectNoMatch: (s) => s.noMatch,
  },
})

export const { runStarted, runFinished, runFailed } = matchingSlice.actions
export const { selectMatchingRunning, selectNoMatch } = matchingSlice.selectors
