// The one way the app calls the API: `envelopeQuery` adds the bearer token, unwraps
// `{isSuccess, isFailure, value, errorMessage, errorCode}` and turns failures into `ApiError` values
// that carry the typed code (error.messages.ts turns it into a message, never the text).
import { ErrorCode } from '@tandem/core'
import { apiUrl } from './config.js'
import type { AuthPort } from './auth.port.js'

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
export type ApiError = {
  readonly status: number
  readonly errorCode: ErrorCode | null
  readonly value?: unknown
  /** A refusal's Retry-After in seconds (429): how long the person has to wait, named in the message. */
  readonly retryAfterSeconds?: number
}

const retryAfterOf = (response: Response): { readonly retryAfterSeconds?: number } => {
  const seconds = Number(response.headers.get('retry-after') ?? '')
  return response.headers.has('retry-after') && Number.isFinite(seconds) && seconds >= 0 ? { retryAfterSeconds: seconds } : {}
}

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
    return {
      error: { status: response.ok ? 400 : response.status, errorCode: errorCodeIn(body), value: body.value, ...retryAfterOf(response) },
    }
  }
  // docs/product.md#calls: call failures carry the status code, or 500 when there is none
  return { error: { status: response.ok ? 500 : response.status, errorCode: null } }
}

/** Reads the `ApiError` of a failed query or mutation, or null. */
export const apiErrorOf = (error: unknown): ApiError | null =>
  typeof error === 'object' && error !== null && 'status' in error && typeof (error as ApiError).status === 'number'
    ? (error as ApiError)
    : null
