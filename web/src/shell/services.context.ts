// The ports the components reach directly (sign in and out), provided once at the root.
import { createContext, useContext } from 'react'
import { anonymousAuth, type AuthPort } from '../state/auth.port.js'

export const AuthContext = createContext<AuthPort>(anonymousAuth)
export const useAuth = (): AuthPort => useContext(AuthContext)
