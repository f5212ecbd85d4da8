// Who is signed in, the runtime configuration, and the error page the shell must show (401 when
// the server refuses the token, 403 when it refuses the role: every refused call is reported by the
// query cache as `api/rejected`). Selectors live beside the state.
import type { AppConfig } from './config.js'
import type { SignedInUser } from './auth.port.js'
import type { ApiError } from './api.js'
import type { Action, RootState } from './store.js'

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

export const initialSession: SessionState = { config: null, user: undefined, errorCode: null }

export const configLoaded = (payload: AppConfig) => ({ type: 'session/configLoaded', payload }) as const
export const userChanged = (payload: SignedInUser | null) => ({ type: 'session/userChanged', payload }) as const
export const errorRaised = (payload: ErrorCode) => ({ type: 'session/errorRaised', payload }) as const
export const errorCleared = () => ({ type: 'session/errorCleared' }) as const
export const accountDeletedDetected = () => ({ type: 'session/accountDeletedDetected' }) as const

const refused = (state: SessionState, error: ApiError): SessionState =>
  // A deleted account is no sign-in problem: signing in again would not help, so it gets its own page.
  error.status === 401 && error.errorCode === 'AccountDeleted'
    ? { ...state, accountDeleted: true }
    : error.status === 401 || error.status === 403
      ? { ...state, errorCode: error.status }
      : state

export const sessionReducer = (state: SessionState, action: Action): SessionState => {
  switch (action.type) {
    case 'session/configLoaded':
      return { ...state, config: action.payload as AppConfig }
    case 'session/userChanged':
      return { ...state, user: action.payload as SignedInUser | null }
    case 'session/errorRaised':
      return { ...state, errorCode: action.payload as ErrorCode }
    case 'session/errorCleared':
      return state.errorCode === null ? state : { ...state, errorCode: null }
    case 'session/accountDeletedDetected':
      return { ...state, accountDeleted: true }
    case 'api/rejected':
      return refused(state, action.payload as ApiError)
    default:
      return state
  }
}

export const selectConfig = (s: RootState) => s.session.config
export const selectUser = (s: RootState) => s.session.user
export const selectErrorCode = (s: RootState) => s.session.errorCode
export const selectAccountDeleted = (s: RootState) => s.session.accountDeleted === true
