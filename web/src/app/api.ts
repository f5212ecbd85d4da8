// The one API of the app: every call goes through `envelopeQuery`, which adds the bearer token,
// unwraps `{isSuccess, isFailure, value, errorMessage, errorCode}` and turns failures into `ApiError`
// values that carry the typed code (error.messages.ts turns it into a message, never the text).
// Features inject their endpoints (`api.injectEndpoints`) and share the cache tags below; the cache
// itself is query.cache.ts, the hooks query.hooks.ts (RTK Query's shape, a fraction of its size:
// docs/decisions/0023).
import { ErrorCode } from '@tandem/core'
import { apiUrl } from './config.js'
import type { AuthPort } from './auth.port.js'
import type { AppStore, Thunk } from './store.js'
import type { Fulfilled, MutationDef, QueryDef } from './query.cache.js'
import { lazyQueryHook, mutationHook, queryHook, queryStateHook, type Endpoints, type Hooks, type SkipToken } from './query.hooks.js'

export type ApiRequest = {
  readonly url: string
  readonly method?: 'GET' | 'POST'
  readonly params?: Readonly<Record<string, string | number | boolean | undefined>>
  /** A JSON value, or FormData for the multipart photo upload. */
  readonly body?: unknown
}

/**
 * status 0 means the network failed; `errorCode` is the envelope's, null when the answer had none
 * (no envelope, or a code this build does not know).
 */
export type ApiError = { readonly status: number; readonly errorCode: ErrorCode | null; readonly value?: unknown }

/** What one call answered: its value, or the error. */
export type CallResult<R> = { readonly data: R; readonly error?: undefined } | { readonly data?: undefined; readonly error: ApiError }

/** The envelope's code when it is one this build knows. */
export const errorCodeIn = (body: unknown): ErrorCode | null => {
  const code = typeof body === 'object' && body !== null ? (body as { errorCode?: unknown }).errorCode : undefined
  return ErrorCode.is(code) ? code : null
}

export type Services = { readonly auth: AuthPort }

const isEnvelope = (u: unknown): u is { isSuccess: boolean; value: unknown } => typeof u === 'object' && u !== null && 'isSuccess' in u

const withParams = (url: string, params: ApiRequest['params']): string => {
  if (params === undefined) return url
  const query = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) if (v !== undefined) query.set(k, String(v))
  const text = query.toString()
  return text === '' ? url : `${url}?${text}`
}

export const envelopeQuery = async (request: ApiRequest, context: { auth: AuthPort; apiBaseUrl: string }): Promise<CallResult<unknown>> => {
  let token: string | null
  try {
    token = await context.auth.accessToken()
  } catch (e) {
    // the renewal failed (the provider unreachable): as a failed network, logged only
    console.error('access token unavailable', e)
    return { error: { status: 0, errorCode: null } }
  }
  const headers: Record<string, string> = { accept: 'application/json' }
  if (token !== null) headers['authorization'] = `Bearer ${token}`
  const isForm = typeof FormData !== 'undefined' && request.body instanceof FormData
  if (request.body !== undefined && !isForm) headers['content-type'] = 'application/json'
  let response: Response
  try {
    response = await fetch(withParams(apiUrl(context.apiBaseUrl, request.url), request.params), {
      method: request.method ?? 'GET',
      headers,
      ...(request.body === undefined ? {} : { body: isForm ? request.body : JSON.stringify(request.body) }),
    })
  } catch (e) {
    // docs/product.md#errors: a network error is only logged
    console.error('network error', e)
    return { error: { status: 0, errorCode: null } }
  }
  const body: unknown = await response.json().catch(() => null)
  if (isEnvelope(body)) {
    if (response.ok && body.isSuccess) return { data: body.value }
    return { error: { status: response.ok ? 400 : response.status, errorCode: errorCodeIn(body), value: body.value } }
  }
  // docs/product.md#calls: call failures carry the status code, or 500 when there is none
  return { error: { status: response.ok ? 500 : response.status, errorCode: null } }
}

export const TAGS = ['Me', 'Profile', 'Questionnaire', 'Proposals', 'ProposedProfile', 'DeclineReasons'] as const

export { skipToken, type SkipToken } from './query.hooks.js'

const builder = {
  query: <R, A>(def: Omit<QueryDef<R, A>, 'kind'>): QueryDef<R, A> => ({ ...def, kind: 'query' }),
  mutation: <R, A>(def: Omit<MutationDef<R, A>, 'kind'>): MutationDef<R, A> => ({ ...def, kind: 'mutation' }),
}

const capitalized = (name: string): string => `${name.charAt(0).toUpperCase()}${name.slice(1)}`

/** What `injectEndpoints` gives per endpoint besides the hooks. */
type EndpointTools<D extends Endpoints> = {
  readonly [K in keyof D]: D[K] extends QueryDef<infer R, infer A>
    ? {
        readonly matchFulfilled: (action: { readonly type: string; readonly payload?: unknown }) => action is Fulfilled<R>
        readonly useQueryState: (arg: A | SkipToken) => { readonly data: R | undefined }
      }
    : D[K] extends MutationDef<infer R, infer A>
      ? { readonly initiate: (arg: A) => Thunk<Promise<CallResult<R>>> }
      : never
}

const toolsOf = (name: string, def: QueryDef<unknown, unknown> | MutationDef<unknown, unknown>) =>
  def.kind === 'query'
    ? {
        matchFulfilled: (action: { type: string; payload?: unknown }) =>
          action.type === 'api/fulfilled' && (action.payload as { endpoint?: string } | undefined)?.endpoint === name,
        useQueryState: queryStateHook(name),
      }
    : { initiate: (arg: unknown) => (store: AppStore) => store.queries.mutate(def, arg) }

export const api = {
  injectEndpoints: <D extends Endpoints>({ endpoints }: { endpoints: (build: typeof builder) => D }) => {
    const defs = endpoints(builder)
    const hooks: Record<string, unknown> = {}
    const tools: Record<string, unknown> = {}
    for (const [name, def] of Object.entries(defs)) {
      tools[name] = toolsOf(name, def)
      if (def.kind === 'query') {
        hooks[`use${capitalized(name)}Query`] = queryHook(name, def)
        hooks[`useLazy${capitalized(name)}Query`] = lazyQueryHook(name, def)
      } else hooks[`use${capitalized(name)}Mutation`] = mutationHook(def)
    }
    return {
      ...(hooks as Hooks<D>),
      endpoints: tools as EndpointTools<D>,
      util: {
        /**
         * Asks for a query now (no hook yet), so a screen finds it under way or answered; a refusal
         * is left for the screen to meet (it asks again), not reported.
         */
        prefetch:
          // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any answer
          <K extends keyof D & string>(name: K, arg: D[K] extends QueryDef<any, infer A> ? A : never): Thunk<void> =>
            (store) =>
              void store.queries.fetch(name, defs[name] as QueryDef<unknown, unknown>, arg, 'guess'),
        invalidateTags: api.util.invalidateTags,
      },
    }
  },
  util: {
    /** Queries that provide one of the tags are asked again when shown, dropped otherwise. */
    invalidateTags:
      (tags: readonly string[]): Thunk<void> =>
      (store) =>
        store.queries.invalidate(tags),
  },
}

/** Reads the `ApiError` of a failed query or mutation, or null. */
export const apiErrorOf = (error: unknown): ApiError | null =>
  typeof error === 'object' && error !== null && 'status' in error && typeof (error as ApiError).status === 'number'
    ? (error as ApiError)
    : null
