// The one RTK Query API slice: every call goes through `envelopeQuery`, which adds the bearer token,
// unwraps `{isSuccess, isFailure, value, errorMessage, errorCode}` and turns failures into `ApiError`
// values that carry the typed code (error.messages.ts turns it into a message, never the text).
// Features inject their endpoints (`api.injectEndpoints`) and share the cache tags below.
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react'
import { ErrorCode } from '@tandem/core'
import { apiUrl } from './config.js'
import type { AuthPort } from './auth.port.js'
import type { SessionState } from './session.slice.js'

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

export const envelopeQuery: BaseQueryFn<ApiRequest, unknown, ApiError> = async (request, api) => {
  const services = api.extra as Services
  const session = (api.getState() as { session: SessionState }).session
  const token = await services.auth.accessToken()
  const headers: Record<string, string> = { accept: 'application/json' }
  if (token !== null) headers['authorization'] = `Bearer ${token}`
  const isForm = typeof FormData !== 'undefined' && request.body instanceof FormData
  if (request.body !== undefined && !isForm) headers['content-type'] = 'application/json'
  let response: Response
  try {
    response = await fetch(withParams(apiUrl(session.config?.apiBaseUrl ?? '', request.url), request.params), {
      method: request.method ?? 'GET',
      headers,
      ...(request.body === undefined ? {} : { body: isForm ? request.body : JSON.stringify(request.body) }),
    })
  } catch (e) {
    // SPEC §8: a network error is only logged
    console.error('network error', e)
    return { error: { status: 0, errorCode: null } }
  }
  const body: unknown = await response.json().catch(() => null)
  if (isEnvelope(body)) {
    if (response.ok && body.isSuccess) return { data: body.value }
    return { error: { status: response.ok ? 400 : response.status, errorCode: errorCodeIn(body), value: body.value } }
  }
  // SPEC §7: call failures carry the status code, or 500 when there is none
  return { error: { status: response.ok ? 500 : response.status, errorCode: null } }
}

export const TAGS = ['Me', 'Profile', 'Questionnaire', 'Proposals', 'ProposedProfile', 'DeclineReasons'] as const

export const api = createApi({
  reducerPath: 'api',
  baseQuery: envelopeQuery,
  tagTypes: TAGS,
  endpoints: () => ({}),
})

/** Reads the `ApiError` of a failed query or mutation, or null. */
export const apiErrorOf = (error: unknown): ApiError | null =>
  typeof error === 'object' && error !== null && 'status' in error && typeof (error as ApiError).status === 'number'
    ? (error as ApiError)
    : null
