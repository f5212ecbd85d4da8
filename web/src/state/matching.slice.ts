// Flags of the mentee's matching run: running (set on start, cleared on completion or failure; a
// second start meanwhile shows a warning) and no match found, which the server keeps as well (each
// answer of the person's details carries it: listeners.ts).
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'

export type MatchingState = { readonly running: boolean; readonly noMatch: boolean }

export const initialMatching: MatchingState = { running: false, noMatch: false }

export const matchingSlice = createSlice({
  name: 'matching',
  initialState: initialMatching,
  reducers: {
    runStarted: () => ({ running: true, noMatch: false }),
    /** The run answered; whether it found a mentor is the server's flag (the person's details, asked again). */
    runFinished: (state) => ({ ...state, running: false }),
    runFailed: (state) => ({ ...state, running: false }),
    /** The server's "no match found" flag, so the no-proposals panel survives a reload. */
    noMatchLoaded: (state, action: PayloadAction<boolean>) =>
      state.noMatch === action.payload ? state : { ...state, noMatch: action.payload },
  },
  selectors: {
    selectMatchingRunning: (s) => s.running,
    selectNoMatch: (s) => s.noMatch,
  },
})

export const { runStarted, runFinished, runFailed, noMatchLoaded } = matchingSlice.actions
export const { selectMatchingRunning, selectNoMatch } = matchingSlice.selectors
