// The identity-provider adapter: oidc-client-ts with the session kept in session storage, code +
// PKCE, refresh tokens renewed silently, a popup when the provider needs the user, and the
// provider's error codes of docs/product.md#errors turned into the flow they call for.
// oidc-client-ts (~13 KiB compressed) loads when it has work: a sign-in, a sign-out, a callback, or
// a token that expires soon. Until then the signed-in user and a valid access token are read from
// the library's own session-storage entry, so a participant's first load does not wait for it.
import type { User, UserManager } from 'oidc-client-ts'
import type { AppConfig } from '../state/config.js'
import type { AuthPort, SignedInUser, SignInRequest } from '../state/auth.port.js'
import type { Language } from '@tandem/core'

export type ProviderErrorAction = 'resetPassword' | 'signIn' | 'signInRedirect' | 'login'

/**
 * docs/product.md#errors: forgot-password starts the reset flow, a cancelled sign-up signs in again, a missing
 * session, a token timeout or "reauthenticate" redirect to sign in, any other code calls login.
 */
export const providerErrorAction = (error: string, description = ''): ProviderErrorAction => {
  const text = `${error} ${description}`.toLowerCase()
  if (text.includes('forgot')) return 'resetPassword'
  if (text.includes('cancel') || error === 'access_denied') return 'signIn'
  if (/login_required|interaction_required|session|timeout|expired|reauthenticate/.test(text)) return 'signInRedirect'
  return 'login'
}

type RouteState = { readonly returnTo?: string }

const SAME_ORIGIN = 'https://tandem.invalid'

/**
 * After sign-in the person lands on the page they asked for (path, query and fragment), carried
 * through the sign-in state. Only a path of this app counts: an absolute or protocol-relative
 * address, or anything the URL parser would read as another origin, lands on home instead.
 */
export const landingAfterSignIn = (returnTo: unknown): string => {
  if (typeof returnTo !== 'string' || !returnTo.startsWith('/') || returnTo.startsWith('//') || returnTo.includes('\\')) return '/'
  try {
    const url = new URL(returnTo, SAME_ORIGIN)
    return url.origin === SAME_ORIGIN ? `${url.pathname}${url.search}${url.hash}` : '/'
  } catch {
    return '/'
  }
}

/** What oidc-client-ts keeps of a user in storage (`User.toStorageString`), as far as it is read here. */
type StoredUser = {
  readonly access_token?: unknown
  readonly refresh_token?: unknown
  readonly expires_at?: unknown
  readonly profile?: Record<string, unknown>
}

const toSignedInUser = (user: Pick<User, 'profile'> | StoredUser): SignedInUser => {
  const p = user.profile ?? {}
  const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null)
  return {
    email: str(p.email) ?? '',
    givenName: str(p.given_name) ?? '',
    familyName: str(p.family_name) ?? '',
    birthdate: str(p.birthdate),
    gender: str(p.gender),
    locale: str(p.locale),
  }
}

/** The provider wants the user: no session, consent, or a refresh token it no longer accepts. */
export const needsInteraction = (e: unknown): boolean =>
  typeof e === 'object' &&
  e !== null &&
  'error' in e &&
  /login_required|interaction_required|consent_required|invalid_grant/.test(String(e.error))

export type OidcAuth = AuthPort & {
  /** Completes a sign-in when the URL carries `?code=&state=`; returns where to go next. */
  readonly completeSignInIfPresent: (url: URL) => Promise<{ returnTo: string } | { error: string; description: string } | null>
  readonly onUserChanged: (listener: (user: SignedInUser | null) => void) => void
}

/** Seconds before the access token expires when the library is loaded to renew it ahead of time. */
const RENEW_AHEAD_S = 120

/** oidc-client-ts itself: a chunk of its own the app loads when needed; the early sign-in has it at once. */
export type OidcLibrary = Pick<typeof import('oidc-client-ts'), 'UserManager' | 'WebStorageStateStore'>

export const createOidcAuth = (
  config: AppConfig,
  origin: string = window.location.origin,
  library: () => Promise<OidcLibrary> = () => import('oidc-client-ts'),
): OidcAuth => {
  // the library's own key: WebStorageStateStore's prefix "oidc." and UserManager's `user:authority:client`
  const userKey = `oidc.user:${config.oidc.authority}:${config.oidc.clientId}`
  const stored = (): StoredUser | null => {
    try {
      const raw = window.sessionStorage.getItem(userKey)
      const value: unknown = raw === null ? null : JSON.parse(raw)
      return typeof value === 'object' && value !== null ? value : null
    } catch {
      return null
    }
  }
  /** Seconds the stored access token has left; undefined when the token carries no expiry. */
  const secondsLeft = (user: StoredUser): number | undefined =>
    typeof user.expires_at === 'number' ? user.expires_at - Math.floor(Date.now() / 1000) : undefined

  const userListeners: ((user: SignedInUser | null) => void)[] = []
  let loading: Promise<UserManager> | null = null
  const managerOf = (): Promise<UserManager> => {
    loading ??= library().then(({ UserManager, WebStorageStateStore }) => {
      const manager = new UserManager({
        authority: config.oidc.authority,
        client_id: config.oidc.clientId,
        redirect_uri: `${origin}/`,
        post_logout_redirect_uri: `${origin}/`,
        popup_redirect_uri: `${origin}/`,
        response_type: 'code',
        scope: config.oidc.scope,
        userStore: new WebStorageStateStore({ store: window.sessionStorage }),
        stateStore: new WebStorageStateStore({ store: window.sessionStorage }),
        automaticSilentRenew: true,
        loadUserInfo: false,
      })
      manager.events.addUserLoaded((user) => userListeners.forEach((l) => l(toSignedInUser(user))))
      manager.events.addUserUnloaded(() => userListeners.forEach((l) => l(null)))
      manager.events.addSilentRenewError(() => undefined)
      return manager
    })
    return loading
  }

  // The library renews the token a minute before it expires once it runs: load it in time.
  const atStart = stored()
  const left = atStart === null ? undefined : secondsLeft(atStart)
  if (left !== undefined) {
    window.setTimeout(() => void managerOf(), Math.max(0, left - RENEW_AHEAD_S) * 1000)
  }

  const signIn = async ({ returnTo, signup, language }: SignInRequest): Promise<void> => {
    const state: RouteState = { returnTo }
    const manager = await managerOf()
    await manager.signinRedirect({
      state,
      ui_locales: language,
      ...(signup ? { extraQueryParams: { screen_hint: 'signup', ui_locales: language } } : { extraQueryParams: { ui_locales: language } }),
    })
  }

  const renew = async (manager: UserManager): Promise<User | null> => {
    try {
      return await manager.signinSilent()
    } catch (e) {
      if (!needsInteraction(e)) throw e
      // the provider needs the user (consent, expired session): ask in a popup, keep the page
      return await manager.signinPopup()
    }
  }

  /** Resolves with the next loaded user, or null after `ms`. */
  const nextLoadedUser = (manager: UserManager, ms: number): Promise<User | null> =>
    new Promise((resolve) => {
      const done = (user: User | null) => {
        manager.events.removeUserLoaded(onLoaded)
        window.clearTimeout(timer)
        resolve(user)
      }
      const onLoaded = (user: User) => done(user)
      const timer = window.setTimeout(() => done(null), ms)
      manager.events.addUserLoaded(onLoaded)
    })

  // One renewal at a time: refresh tokens rotate, so two parallel refreshes would spend the same
  // token and the second would fail. The automatic renewal may already be under way: wait for it.
  let renewing: Promise<User | null> | null = null
  const renewOnce = (): Promise<User | null> => {
    renewing ??= (async () => {
      try {
        const manager = await managerOf()
        const loaded = await nextLoadedUser(manager, 3_000)
        if (loaded !== null && !loaded.expired) return loaded
        const current = await manager.getUser()
        if (current !== null && !current.expired) return current
        return await renew(manager)
      } finally {
        renewing = null
      }
    })()
    return renewing
  }

  return {
    accessToken: async () => {
      const user = stored()
      if (user === null || typeof user.access_token !== 'string') return null
      const seconds = secondsLeft(user)
      if (seconds === undefined || seconds > 0) return user.access_token
      try {
        const renewed = await renewOnce()
        return renewed?.access_token ?? null
      } catch {
        return null
      }
    },
    currentUser: async () => {
      const user = stored()
      if (user === null) return null
      const seconds = secondsLeft(user)
      const expired = seconds !== undefined && seconds <= 0
      return expired && typeof user.refresh_token !== 'string' ? null : toSignedInUser(user)
    },
    signIn,
    signOut: async () => {
      const manager = await managerOf()
      const user = await manager.getUser()
      await manager.removeUser()
      await manager.signoutRedirect(user?.id_token !== undefined ? { id_token_hint: user.id_token } : {})
    },
    resetPassword: async (language: Language) => {
      const base = config.oidc.authority.replace(/\/+$/, '')
      window.location.assign(`${base}/forgot?ui_locales=${language}`)
    },
    completeSignInIfPresent: async (url: URL) => {
      const params = url.searchParams
      if (params.has('error') && params.has('state')) {
        return { error: params.get('error') ?? '', description: params.get('error_description') ?? '' }
      }
      if (!(params.has('code') && params.has('state'))) return null
      const manager = await managerOf()
      if (window.opener !== null && window.opener !== window) {
        await manager.signinPopupCallback(url.href)
        return { returnTo: '/' }
      }
      const user = await manager.signinRedirectCallback(url.href)
      const state = (user.state ?? {}) as RouteState
      return { returnTo: landingAfterSignIn(state.returnTo) }
    },
    onUserChanged: (listener) => {
      userListeners.push(listener)
    },
  }
}
