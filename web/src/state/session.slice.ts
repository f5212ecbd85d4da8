// Who is signed in, the runtime configuration, and the error page the shell must show (401 when
// the server refuses the token, 403 when it refuses the role: the listener middleware reports every
// refused call as `apiRefused`, listeners.ts). Selectors live inside the slice.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { AppConfig } from './config.js'
import type { SignedInUser } from './auth.port.js'
import type { ApiError } from './envelope.js'

export type ErrorCode = 401 | 403 | 404

export type SessionState = {
  readonly config: AppConfig | null
  /** undefined while the provider is still being asked, null when nobody is signed in. */
  readonly user: SignedInUser | null | undefined
  readonly errorCode: ErrorCode | null
  /**
   * The API refused the token because an administrator deleted the account (401 AccountDeleted):
   * the shell shows the account-deleted page until the person signs out, whatever the route.
   */
  readonly accountDeleted: boolean
}

export const initialSession: SessionState = { config: null, user: undefined, errorCode: null, accountDeleted: false }

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSession,
  reducers: {
    configLoaded: (state, action: PayloadAction<AppConfig>) => ({ ...state, config: action.payload }),
    userChanged: (state, action: PayloadAction<SignedInUser | null>) => ({ ...state, user: action.payload }),
    errorRaised: (state, action: PayloadAction<ErrorCode>) => ({ ...state, errorCode: action.payload }),
    errorCleared: (state) => (state.errorCode === null ? state : { ...state, errorCode: null }),
    accountDeletedDetected: (state) => ({ ...state, accountDeleted: true }),
    /** A call the server refused: 401 and 403 open the error page, a deleted account its own page. */
    apiRefused: (state, action: PayloadAction<ApiError>) => {
      const error = action.payload
      // A deleted account is no sign-in problem: signing in again would not help, so it gets its own page.
      if (error.status === 401 && error.errorCode === 'AccountDeleted') return { ...state, accountDeleted: true }
      if (error.status === 401 || error.status === 403) return { ...state, errorCode: error.status }
      return state
    },
  },
  selectors: {
    selectConfig: (s) => s.config,
    selectUser: (s) => s.user,
    selectErrorCode: (s) => s.errorCode,
    selectAccountDeleted: (s) => s.accountDeleted,
  },
})

export const { configLoaded, userChanged, errorRaised, errorCleared, accountDeletedDetected, apiRefused } = sessionSlice.actions
export const { selectConfig, selectUser, selectErrorCode, selectAccountDeleted } = sessionSlice.selectors
