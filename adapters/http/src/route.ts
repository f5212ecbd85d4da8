// A route of the table: its policy, the codecs of its query and body, whose e-mail it names, the
// side it acts on, and a handler. `defineRoute` does the common steps: decode (400 with field
// errors), owner check (403 Forbidden), side check (403 WrongRole).
import {
  decodeOrFieldErrors,
  fail,
  holdsSide,
  ok,
  type DomainError,
  type Envelope,
  type Side,
  type StartMatchingResponse,
} from '@tandem/core'
import { isLeft, type Either } from 'fp-ts/lib/Either.js'
import * as t from 'io-ts'
import type { LimitedAction } from './limits.port.js'
import { sameEmail, type Actor, type Policy } from './policy.js'
import { errorCodeOf, statusOf } from './status.map.js'

export type Reply =
  | { readonly kind: 'json'; readonly status: number; readonly body: unknown }
  | { readonly kind: 'bytes'; readonly status: number; readonly contentType: string; readonly bytes: Buffer }
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
export type Produces = 'envelope' | 'image' | 'spreadsheet' | 'archive' | 'openapi' | 'html'

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
  readonly produces?: Produces
  /** The limiter's budget each call of the route counts against (the app checks it, 429 beyond). */
  readonly limit?: LimitedAction
  readonly run: (actor: Actor | null, incoming: Incoming) => Promise<Reply>
}

type Common<Q, B> = {
  readonly method: 'GET' | 'POST'
  readonly path: string
  readonly multipart?: boolean
  readonly summary: string
  readonly limit?: LimitedAction
  readonly query?: t.Type<Q, unknown, unknown>
  readonly body?: t.Type<B, unknown, unknown>
  /** Reshapes every answer of the route, refusals included (start matching's statusCode). */
  readonly finish?: (reply: Reply) => Reply
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
  readonly handle: (input: Input<Actor, Q, B>) => Promise<Reply>
}

export type RouteSpec<Q, B> = AnonymousSpec<Q, B> | SignedInSpec<Q, B>

export const json = (status: number, body: unknown): Reply => ({ kind: 'json', status, body })

export const denied = (): Reply => json(403, fail('Forbidden'))

/** The envelope of a refusal: its message, and the field errors of a 400. */
const failureOf = (error: DomainError): Envelope<unknown> =>
  fail(errorCodeOf(error), error._tag === 'ValidationFailed' ? error.errors : null)

export const fromDomainError = (error: DomainError): Reply => json(statusOf(error), failureOf(error))

export const answer = <T>(result: Either<DomainError, T>): Reply =>
  isLeft(result) ? fromDomainError(result.left) : json(200, ok(result.right))

/**
 * Start matching's own reply (CreateMatchingTandem, docs/product.md#calls): the envelope with the status code in
 * the body as well, which the web app reads; a refusal carries value false unless it has field errors.
 */
export const startMatchingReply = (result: Either<DomainError, boolean>): Reply => {
  if (!isLeft(result)) return json(200, { ...ok(result.right), statusCode: 200 } satisfies StartMatchingResponse)
  const status = statusOf(result.left)
  const failure = failureOf(result.left)
  return json(status, { ...failure, value: failure.value ?? false, statusCode: status })
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
  run: async (actor, incoming) => (spec.finish ?? ((reply: Reply) => reply))(await decide(spec, actor, incoming)),
})

const decide = async <Q, B>(spec: RouteSpec<Q, B>, actor: Actor | null, incoming: Incoming): Promise<Reply> => {
  const query = decodeOrFieldErrors((spec.query ?? nothing) as t.Type<Q, unknown, unknown>, incoming.query)
  const body = decodeOrFieldErrors((spec.body ?? nothing) as t.Type<B, unknown, unknown>, incoming.body)
  if (isLeft(query) || isLeft(body)) {
    const errors = [...(isLeft(query) ? query.left : []), ...(isLeft(body) ? body.left : [])]
    return json(400, fail('ValidationFailed', errors))
  }
  if (spec.policy === 'anonymous') return spec.handle({ actor, query: query.right, body: body.right, incoming })
  if (actor === null) return json(401, fail('Unauthorized'))
  if (spec.policy === 'self' && spec.owner !== undefined) {
    const named = spec.owner(query.right, body.right)
    if (!named.every((email) => sameEmail(email, actor.email))) return denied()
  }
  const side = spec.policy === 'self' ? spec.side?.(query.right, body.right) : undefined
  if (side !== undefined && !holdsSide(actor.roles, side)) return json(403, fail('WrongRole'))
  return spec.handle({ actor, query: query.right, body: body.right, incoming })
}
