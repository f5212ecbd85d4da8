// Who is signed in, the runtime configuration, and the error page the shell must show (401 when
// the server refuses the token, 403 when it refuses the role). Selectors live beside the slice.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { AppConfig } from './config.js'
import type { SignedInUser } from './auth.port.js'

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
  readonly accountDeleted?: boolean
}

const initialState: SessionState = { config: null, user: undefined, errorCode: null }

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    configLoaded: (state, action: PayloadAction<AppConfig>) => ({ ...state, config: action.payload }),
    userChanged: (state, action: PayloadAction<SignedInUser | null>) => ({ ...state, user: action.payload }),
    errorRaised: (state, action: PayloadAction<ErrorCode>) => ({ ...state, errorCode: action.payload }),
    errorCleared: (state) => ({ ...state, errorCode: null }),
    accountDeletedDetected: (state) => ({ ...state, accountDeleted: true }),
  },
  selectors: {
    selectConfig: (s) => s.config,
    selectUser: (s) => s.user,
    selectErrorCode: (s) => s.errorCode,
    selectAccountDeleted: (s) => s.accountDeleted === true,
  },
})

export const { configLoaded, userChanged, errorRaised, errorCleared, accountDeletedDetected } = sessionSlice.actions
export const { selectConfig, selectUser, selectErrorCode, selectAccountDeleted } = sessionSlice.selectors
