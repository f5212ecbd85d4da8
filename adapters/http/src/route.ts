// A route of the table: its policy, the codecs of its query and body, whose e-mail it names, the
// side it acts on, and a handler. `defineRoute` does the common steps: the caller check (401, or
// 403 Forbidden for a non-administrator), decode (400 with field errors), owner check (403
// Forbidden), side check (403 WrongRole). Every JSON answer is one envelope, written once.
import { decodeOrFieldErrors, fail, holdsSide, ok, type DomainError, type Envelope, type Side } from '@tandem/core'
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js'
import * as t from 'io-ts'
import type { LimitedAction } from './limits.port.js'
import { sameEmail, type Actor, type Policy } from './policy.js'
import { errorCodeOf, statusOf } from './status.map.js'

export type Reply =
  | { readonly kind: 'json'; readonly status: number; readonly body: Envelope<unknown> }
  | {
      readonly kind: 'bytes'
      readonly status: number
      readonly contentType: string
      readonly bytes: Buffer
      /** Its Cache-Control when it may be kept (the calendar feed); else no-store as every answer. */
      readonly cacheControl?: string
    }
  | {
      readonly kind: 'stream'
      readonly status: number
      readonly contentType: string
      readonly filename: string
      readonly write: (out: NodeJS.WritableStream) => Promise<void>
    }

export type Upload = { readonly bytes: Buffer }
/** The multipart field that carries the upload of a multipart route. */
export const UPLOAD_FIELD = 'imageFile'

/** The parts of a request a route reads; express stays outside the table. */
export type Incoming = {
  readonly query: unknown
  readonly body: unknown
  readonly params: Readonly<Record<string, string>>
  readonly file: Upload | null
  /** The caller's network address (req.ip), where the app passes it: the key of per-address limits. */
  readonly address?: string
}

/** What a successful call answers: the JSON envelope (the default), or something else the API description names. */
export type Produces = 'envelope' | 'image' | 'spreadsheet' | 'archive' | 'openapi' | 'html' | 'calendar'

export type Route = {
  readonly method: 'GET' | 'POST'
  readonly path: string
  readonly policy: Policy
  /** multipart/form-data instead of JSON (the profile image). */
  readonly multipart?: boolean
  readonly summary: string
  /** The codecs of the query and body, read by the API description (openapi/). */
  readonly query?: t.Decoder<unknown, unknown>
  readonly body?: t.Decoder<unknown, unknown>
  /** The codec of the envelope's value on success, where the API description names it (openapi/). */
  readonly answers?: t.Decoder<unknown, unknown>
  /** The codec of the envelope's value on a 409, where the refusal says what changed (openapi/). */
  readonly conflict?: t.Decoder<unknown, unknown>
  readonly produces?: Produces
  /** The limiter's budget each call of the route counts against (the app checks it, 429 beyond). */
  readonly limit?: LimitedAction
  /** Its envelope also carries the status code, and value false on a refusal (envelopeText). */
  readonly reportsStatus?: boolean
  /** The largest JSON body it takes, in bytes, when not the API's usual limit (413 beyond). */
  readonly bodyLimit?: number
  readonly run: (caller: Caller, incoming: Incoming) => Promise<Reply>
}

/**
 * Who sent a request, as far as the token tells: a signed-in actor, nobody (no token, or one that
 * failed verification), or the holder of a token issued before their account was deleted.
 */
export type Caller = Actor | null | 'deleted'

type Common<Q, B> = {
  readonly method: 'GET' | 'POST'
  readonly path: string
  readonly multipart?: boolean
  readonly summary: string
  readonly limit?: LimitedAction
  readonly reportsStatus?: boolean
  readonly bodyLimit?: number
  readonly query?: t.Type<Q, unknown, unknown>
  readonly body?: t.Type<B, unknown, unknown>
  readonly answers?: t.Decoder<unknown, unknown>
  readonly conflict?: t.Decoder<unknown, unknown>
  readonly produces?: Produces
}

type Input<A, Q, B> = { readonly actor: A; readonly query: Q; readonly body: B; readonly incoming: Incoming }

/** An anonymous route runs for signed-out callers too, so its handler is told there may be nobody. */
type AnonymousSpec<Q, B> = Common<Q, B> & {
  readonly policy: 'anonymous'
  readonly handle: (input: Input<Actor | null, Q, B>) => Promise<Reply>
}

type SignedInSpec<Q, B> = Common<Q, B> & {
  readonly policy: 'self' | 'admin'
  /** The e-mail addresses the request names as its subject: a participant may only name their own. */
  readonly owner?: (query: Q, body: B) => readonly string[]
  /**
   * The participant side the request acts as (a role or roleName parameter, or the side the route
   * belongs to). A caller who does not hold it gets 403 WrongRole here, for every such route alike.
   */
  readonly side?: (query: Q, body: B) => Side | undefined
  /**
   * Answers while a newer legal text waits for the caller's acceptance: accepting it, the person's
   * details, their data and deleting their account. Every other signed-in route refuses them (403
   * ConsentsDue) until they accept, as the web app does.
   */
  readonly whileConsentsDue?: true
  readonly handle: (input: Input<Actor, Q, B>) => Promise<Reply>
}

export type RouteSpec<Q, B> = AnonymousSpec<Q, B> | SignedInSpec<Q, B>

export const json = (status: number, body: Envelope<unknown>): Reply => ({ kind: 'json', status, body })

export const denied = (): Reply => json(403, fail('Forbidden'))

const ACCOUNT_DELETED: DomainError = { _tag: 'AccountDeleted' }
const CONSENTS_DUE: DomainError = { _tag: 'ConsentsDue' }

/** What a refusal's envelope carries as its value: the field errors of a 400, what changed for a stale edit. */
const failureValueOf = (error: DomainError): unknown => {
  if (error._tag === 'ValidationFailed') return error.errors
  if (error._tag === 'InvalidTransition') return error.changed ?? null
  return null
}

/** The envelope of a refusal: its code and its value. */
const failureOf = (error: DomainError): Envelope<unknown> => fail(errorCodeOf(error), failureValueOf(error))

export const fromDomainError = (error: DomainError): Reply => json(statusOf(error), failureOf(error))

export const answer = <T>(result: Either<DomainError, T>): Reply =>
  isLeft(result) ? fromDomainError(result.left) : json(200, ok(result.right))

/** JSON texts of values already written: a value is immutable, so one served again (a cached dashboard answer) is not serialised anew. */
const valueTexts = new WeakMap<object, string>()
const valueText = (value: unknown): string => {
  if (value === null || value === undefined) return 'null'
  if (typeof value !== 'object') return JSON.stringify(value)
  let text = valueTexts.get(value)
  if (text === undefined) {
    text = JSON.stringify(value)
    valueTexts.set(value, text)
  }
  return text
}

/**
 * The JSON text of an envelope, the one shape of every JSON answer, written once. A route that
 * reports its status (start matching, docs/product.md#calls) has the status code beside the envelope and, as its
 * value is a boolean, false for a refusal without field errors.
 */
export const envelopeText = (reply: Extract<Reply, { kind: 'json' }>, reportsStatus = false): string => {
  const e = reply.body
  const value = reportsStatus && e.isFailure && e.value === null ? 'false' : valueText(e.value)
  const status = reportsStatus ? `,"statusCode":${reply.status}` : ''
  return `{"isSuccess":${e.isSuccess},"isFailure":${e.isFailure},"value":${value},"errorMessage":${JSON.stringify(e.errorMessage)},"errorCode":${JSON.stringify(e.errorCode)}${status}}`
}

const nothing = new t.Type<undefined, unknown, unknown>(
  'Nothing',
  (u): u is undefined => u === undefined,
  () => t.success(undefined),
  () => undefined,
)

export const defineRoute = <Q = undefined, B = undefined>(spec: RouteSpec<Q, B>): Route => ({
  method: spec.method,
  path: spec.path,
  policy: spec.policy,
  summary: spec.summary,
  ...(spec.multipart === true ? { multipart: true } : {}),
  ...(spec.query === undefined ? {} : { query: spec.query }),
  ...(spec.body === undefined ? {} : { body: spec.body }),
  ...(spec.produces === undefined ? {} : { produces: spec.produces }),
  ...(spec.limit === undefined ? {} : { limit: spec.limit }),
  ...(spec.reportsStatus === true ? { reportsStatus: true } : {}),
  ...(spec.bodyLimit === undefined ? {} : { bodyLimit: spec.bodyLimit }),
  ...(spec.answers === undefined ? {} : { answers: spec.answers }),
  ...(spec.conflict === undefined ? {} : { conflict: spec.conflict }),
  run: (caller, incoming) => decide(spec, caller, incoming),
})

type Decoded<Q, B> = { readonly query: Q; readonly body: B }

/** The query and body through the route's codecs: a 400 naming every field that fails. */
const decoded = <Q, B>(spec: RouteSpec<Q, B>, incoming: Incoming): Either<Reply, Decoded<Q, B>> => {
  const query = decodeOrFieldErrors((spec.query ?? nothing) as t.Type<Q, unknown, unknown>, incoming.query)
  const body = decodeOrFieldErrors((spec.body ?? nothing) as t.Type<B, unknown, unknown>, incoming.body)
  if (isLeft(query) || isLeft(body)) {
    const errors = [...(isLeft(query) ? query.left : []), ...(isLeft(body) ? body.left : [])]
    return left(json(400, fail('ValidationFailed', errors)))
  }
  return right({ query: query.right, body: body.right })
}

/**
 * The one check of who calls, before anything is decoded: a signed-in route refuses a deleted
 * account's token (401 AccountDeleted), a missing or bad one (401) and, on an admin route, anyone
 * but an administrator (403), and a caller whose consents are due on a route that does not allow it
 * (403 ConsentsDue). An anonymous route takes every caller, a deleted one as nobody.
 */
const decide = async <Q, B>(spec: RouteSpec<Q, B>, caller: Caller, incoming: Incoming): Promise<Reply> => {
  if (spec.policy === 'anonymous') {
    const input = decoded(spec, incoming)
    if (isLeft(input)) return input.left
    return spec.handle({ actor: caller === 'deleted' ? null : caller, ...input.right, incoming })
  }
  if (caller === 'deleted') return fromDomainError(ACCOUNT_DELETED)
  if (caller === null) return json(401, fail('Unauthorized'))
  if (spec.policy === 'admin' && !caller.isAdmin) return denied()
  if (caller.consentsDue && spec.whileConsentsDue !== true) return fromDomainError(CONSENTS_DUE)
  const input = decoded(spec, incoming)
  if (isLeft(input)) return input.left
  const { query, body } = input.right
  if (spec.policy === 'self' && spec.owner !== undefined) {
    if (!spec.owner(query, body).every((email) => sameEmail(email, caller.email))) return denied()
  }
  const side = spec.policy === 'self' ? spec.side?.(query, body) : undefined
  if (side !== undefined && !holdsSide(caller.roles, side)) return json(403, fail('WrongRole'))
  return spec.handle({ actor: caller, query, body, incoming })
}
