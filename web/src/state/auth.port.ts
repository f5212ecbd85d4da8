// What the app needs from the identity provider, as a port: the oidc-client-ts adapter implements
// it in the browser, component tests pass a stand-in with a fixed token.
import type { Language } from '@tandem/core'

/** The signed-in user as the id token describes them (OpenID Connect standard claims). */
export type SignedInUser = {
  readonly email: string
  readonly givenName: string
  readonly familyName: string
  /** yyyy-mm-dd or null */
  readonly birthdate: string | null
  readonly gender: string | null
  readonly locale: string | null
}

export type SignInRequest = {
  /** The route to land on after the provider sends the user back. */
  readonly returnTo: string
  readonly signup: boolean
  readonly language: Language
}

export type AuthPort = {
  /** A valid access token, renewed silently (popup fallback); null when nobody is signed in. */
  readonly accessToken: () => Promise<string | null>
  readonly currentUser: () => Promise<SignedInUser | null>
  readonly signIn: (request: SignInRequest) => Promise<void>
  /** Signs out at the provider; the page leaves the app. */
  readonly signOut: () => Promise<void>
  /** The password-reset flow of the provider. */
  readonly resetPassword: (language: Language) => Promise<void>
}

/** The port of a browser where nobody can sign in (tests of public pages). */
export const anonymousAuth: AuthPort = {
  accessToken: async () => null,
  currentUser: async () => null,
  signIn: async () => undefined,
  signOut: async () => undefined,
  resetPassword: async () => undefined,
}
