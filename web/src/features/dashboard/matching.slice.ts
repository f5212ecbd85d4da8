// Flags of the mentee's matching run kept in the browser: running (set on start, cleared on
// completion or failure; a second start meanwhile shows a warning) and no match found.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'

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
  selectors: {
    selectMatchingRunning: (s) => s.running,
    selectNoMatch: (s) => s.noMatch,
  },
})

export const { runStarted, runFinished, runFailed } = matchingSlice.actions
export const { selectMatchingRunning, selectNoMatch } = matchingSlice.selectors
