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
  },
  selectors: {
    selectConfig: (s) => s.config,
    selectUser: (s) => s.user,
    selectErrorCode: (s) => s.errorCode,
  },
})

export const { configLoaded, userChanged, errorRaised, errorCleared } = sessionSlice.actions
export const { selectConfig, selectUser, selectErrorCode } = sessionSlice.selectors
