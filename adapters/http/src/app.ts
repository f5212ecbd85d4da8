// The Express application: security headers, body limits, the bearer-token guard, the route table,
// the runtime configuration for the web app and the built SPA, all from one origin.
import { createHash } from 'node:crypto'
import { fail, fieldError, type FieldError } from '@tandem/core'
import express, { type NextFunction, type Request, type Response } from 'express'
import compression from 'compression'
import helmet from 'helmet'
import multer from 'multer'
import { MAX_IMAGE_BYTES } from './image.js'
import { jsonBody } from './json.body.js'
import { sameEmail, type VerifyToken } from './policy.js'
import { UPLOAD_FIELD, envelopeText, json, type Caller, type Incoming, type Reply, type Route } from './route.js'
import { routeTable } from './routes.js'
import { docsAssets } from './openapi/docs.page.js'
import { cachedVerifier } from './token.cache.js'
import type { Services } from '@tandem/application/ports'
import type { LimitAttempt } from './limits.port.js'
import { inlineScriptSources, serveWebApp } from './web.static.js'

/** What the web app reads at start (GET /app-config.json). */
export type AppConfig = {
  readonly apiBaseUrl: string
  readonly oidc: { readonly authority: string; readonly clientId: string; readonly scope: string }
  readonly organisation: {
    readonly name: string
    readonly email: string
    readonly phone: string
    readonly website: string
    /** Footer links to the organisation's social network pages. */
    readonly social?: readonly { readonly name: string; readonly url: string }[]
  }
  /** RETENTION_MONTHS: the privacy policy states it. */
  readonly retentionMonths?: number
}

/** The slice of a pino logger the app uses. */
export type AppLogger = {
  readonly info: (obj: object, msg?: string) => void
  readonly warn: (obj: object, msg?: string) => void
  readonly error: (obj: object, msg?: string) => void
}

export type AppOptions = {
  readonly services: Services
  readonly verifyToken: VerifyToken
  readonly adminEmails: readonly string[]
  readonly logger: AppLogger
  readonly appConfig: AppConfig
  /** The built web app (index.html + assets); omitted in API-only tests. */
  readonly webDist?: string
  /** Mounts handlers that must see the raw request before any body parser (the embedded OIDC provider). */
  readonly mountBeforeParsers?: (app: express.Express) => void
  /** Express `trust proxy` (default 'loopback'): which forwarded headers to believe. */
  readonly trustProxy?: string
  /**
   * Whether people reach the app over https (PUBLIC_URL). Only then are HSTS and
   * upgrade-insecure-requests sent: over plain http they would make the browser ask for the
   * scripts over https, and the page stays white.
   */
  readonly httpsOnly?: boolean
  /** The shared limiter of sign-up, sign-in and the error log (counters in the database). */
  readonly limitAttempt: LimitAttempt
}

const JSON_LIMIT = 256 * 1024

const bearerOf = (req: Request): string | null => {
  const header = req.headers.authorization
  if (typeof header !== 'string') return null
  const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(header.trim())
  return match?.[1] ?? null
}

const send = (res: Response, reply: Reply, route?: Route): void => {
  res.setHeader('Cache-Control', 'no-store')
  if (reply.kind === 'json') {
    // Written as it is: the text is final, so Express's send (type look-up, freshness, ETag) has nothing to add.
    const text = envelopeText(reply, route?.reportsStatus)
    res.statusCode = reply.status
    res.setHeader('Content-Type', 'application/json; charset=utf-8')
    res.setHeader('Content-Length', Buffer.byteLength(text))
    res.end(text)
  } else if (reply.kind === 'bytes') {
    // A reply that may be kept is tagged by its content: a matching If-None-Match gets 304 without it.
    if (reply.cacheControl !== undefined && reply.status === 200) {
      res.setHeader('Cache-Control', reply.cacheControl)
      res.setHeader('ETag', `"${createHash('sha256').update(reply.bytes).digest('base64url')}"`)
      if (res.req.fresh) {
        res.status(304).end()
        return
      }
    }
    res.status(reply.status).type(reply.contentType).send(reply.bytes)
  } else streamTo(res, reply)
}

/** A file produced while it is sent (the spreadsheet exports): memory stays flat whatever its size. */
const streamTo = (res: Response, reply: Extract<Reply, { kind: 'stream' }>): void => {
  res.status(reply.status).type(reply.contentType).attachment(reply.filename)
  // Headers are gone once bytes flow, so a failure half-way can only cut the download short.
  reply.write(res).then(
    () => {
      if (!res.writableEnded) res.end()
    },
    (err: unknown) => res.destroy(err instanceof Error ? err : new Error(String(err))),
  )
}

/**
 * Helmet's headers do not depend on the request (no nonces): worked out once, by running its
 * middleware against a recorder, then set on every answer in one step instead of a dozen
 * middlewares each setting one.
 */
const sameForEveryAnswer = (middleware: (req: Request, res: Response, next: (err?: unknown) => void) => void): express.RequestHandler => {
  const headers: [string, string | number | readonly string[]][] = []
  const removed: string[] = []
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.push([name, value]),
    removeHeader: (name: string) => removed.push(name),
  }
  let failure: unknown
  middleware({} as Request, recorder as unknown as Response, (err) => {
    failure = err
  })
  // A directive helmet refuses is a mistake in the options above: the app does not start.
  if (failure !== undefined) throw failure instanceof Error ? failure : new Error('the security headers could not be worked out')
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value)
    for (const name of removed) res.removeHeader(name)
    next()
  }
}

export const createApp = (options: AppOptions): express.Express => {
  const app = express()
  const { services, logger } = options
  const verifyToken = cachedVerifier(options.verifyToken)
  const admins = options.adminEmails.map((e) => e.trim().toLowerCase()).filter((e) => e !== '')

  app.disable('x-powered-by')
  // API answers are no-store; hashing every body for an ETag would be wasted work.
  app.set('etag', false)
  app.set('trust proxy', options.trustProxy ?? 'loopback')
  const authorityOrigin = (() => {
    try {
      return new URL(options.appConfig.oidc.authority).origin
    } catch {
      return null
    }
  })()
  const httpsOnly = options.httpsOnly ?? false
  app.use(
    sameForEveryAnswer(
      helmet({
        strictTransportSecurity: httpsOnly,
        contentSecurityPolicy: {
          directives: {
            'upgrade-insecure-requests': httpsOnly ? [] : null,
            'script-src': ["'self'", ...(options.webDist === undefined ? [] : inlineScriptSources(options.webDist))],
            'connect-src': ["'self'", ...(authorityOrigin === null ? [] : [authorityOrigin])],
            'img-src': ["'self'", 'data:', 'blob:'],
            'frame-src': ["'self'", ...(authorityOrigin === null ? [] : [authorityOrigin])],
          },
        },
      }),
    ),
  )
  // brotli or gzip for every text answer made on the fly (API JSON, the provider's pages);
  // the web app's files come precompressed (web.static.ts) and are left as they are.
  // A client that accepts no encoding (a script, a probe) skips it: compression would only hook
  // the answer to leave it as it is.
  const compress = compression()
  app.use((req, res, next) => (req.headers['accept-encoding'] === undefined ? next() : compress(req, res, next)))
  options.mountBeforeParsers?.(app)

  /** Who sends the request; a missing, malformed or unverified token is nobody (the route answers 401 where it needs someone). */
  const callerOf = async (req: Request): Promise<Caller> => {
    const token = bearerOf(req)
    if (token === null) return null
    const identity = await verifyToken(token)
    if (identity === null) return null
    // Checked for every provider before anything else: a deleted person's old token must not even
    // reach sign-up, which would register them again.
    const { account, generation } = await services.accountOf(identity)
    if (account === 'deleted') return 'deleted'
    const email = account?.email ?? identity.email
    const roles = account?.roles ?? []
    // Admin comes from the address (ADMIN_EMAILS, or a stored Admin role that sign-up derived from
    // it), so it needs the provider's word that the bearer owns that address: anyone can sign up
    // under someone else's e-mail. Unconfirmed, the holder is a plain signed-in user.
    const isAdmin = identity.emailVerified && (roles.includes('Admin') || admins.some((a) => sameEmail(a, email)))
    return { identity, userId: account?.userId ?? null, email, roles, isAdmin, consentsDue: account?.consentsDue ?? false, generation }
  }

  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, fieldSize: 1024 },
  }).single(UPLOAD_FIELD)
  const parseJson = jsonBody(JSON_LIMIT)

  const handlerOf =
    (route: Route) =>
    async (req: Request, res: Response): Promise<void> => {
      const caller = await callerOf(req)
      if (route.limit !== undefined) {
        // The error log counts a signed-in reporter apart from the address they share (a school, an
        // office); sign-up and sign-in count the address.
        const signedIn = route.limit === 'logError' && caller !== null && caller !== 'deleted'
        const decision = await options.limitAttempt(
          route.limit,
          signedIn
            ? { account: `${caller.identity.issuer} ${caller.identity.subject}` }
            : { address: req.ip ?? req.socket.remoteAddress ?? 'unknown' },
        )
        if (!decision.allowed) {
          res.setHeader('Retry-After', String(decision.retryAfterSeconds))
          return send(res, json(429, fail('TooManyRequests')))
        }
      }
      const file = (req as Request & { file?: { buffer: Buffer } }).file
      const incoming: Incoming = {
        query: { ...(req.query as Record<string, unknown>) },
        body: route.method === 'GET' ? undefined : (req.body as unknown),
        params: (req.params ?? {}) as Record<string, string>,
        file: file === undefined ? null : { bytes: file.buffer },
        ...(req.ip === undefined ? {} : { address: req.ip }),
      }
      send(res, await route.run(caller, incoming), route)
    }
  const parserOf = (route: Route) =>
    route.method === 'GET'
      ? null
      : route.multipart === true
        ? upload
        : route.bodyLimit === undefined
          ? parseJson
          : jsonBody(route.bodyLimit)

  // Paths without parameters are found in one map look-up (case-insensitive, trailing slash
  // ignored, as Express matches them); the few with parameters go through Express's router.
  const routes = routeTable(services)
  const byKey = new Map<string, { readonly parse: ReturnType<typeof parserOf>; readonly handle: ReturnType<typeof handlerOf> }>()
  const keyOf = (method: string, path: string) => `${method} ${path.toLowerCase().replace(/\/+$/, '')}`
  for (const route of routes) {
    const handle = handlerOf(route)
    const parse = parserOf(route)
    if (route.path.includes(':')) {
      if (route.method === 'GET') app.get(route.path, handle)
      else if (parse !== null) app.post(route.path, parse, handle)
    } else {
      byKey.set(keyOf(route.method, route.path), { parse, handle })
    }
  }
  app.use((req, res, next) => {
    const entry = byKey.get(keyOf(req.method === 'HEAD' ? 'GET' : req.method, req.path))
    if (entry === undefined) return next()
    const handle = () => {
      entry.handle(req, res).catch(next)
    }
    if (entry.parse === null) return handle()
    entry.parse(req, res, (err?: unknown) => (err === undefined || err === null ? handle() : next(err)))
  })

  app.get('/app-config.json', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache')
    res.json(options.appConfig)
  })

  app.use('/api/docs/assets', docsAssets())
  app.all('/api/{*rest}', (_req, res) => send(res, json(404, fail('NotFound'))))

  if (options.webDist !== undefined) serveWebApp(app, options.webDist)

  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const e = err as { type?: string; code?: string; status?: number; errors?: readonly FieldError[] }
    if (e.type === 'entity.too.large' || e.code === 'LIMIT_FILE_SIZE') return send(res, json(413, fail('PayloadTooLarge')))
    if (e.type === 'encoding.unsupported' || e.type === 'media.unsupported') return send(res, json(415, fail('UnsupportedMediaType')))
    if (e.type === 'entity.too.deep' && e.errors !== undefined) return send(res, json(400, fail('ValidationFailed', e.errors)))
    if (e.type === 'entity.parse.failed' || (e.code ?? '').startsWith('LIMIT_') || e.status === 400) {
      return send(res, json(400, fail('ValidationFailed', [fieldError('$', 'invalid-value')])))
    }
    logger.error({ err, method: req.method, path: req.path }, 'request failed')
    send(res, json(500, fail('Unexpected')))
  })
  return app
}

export { routeTable }
