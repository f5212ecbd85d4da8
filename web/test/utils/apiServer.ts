// A stand-in for the Tandem API at the HTTP boundary: a real loopback HTTP server that answers
// the routes a test declares with the envelope, and records every request for assertions.
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { errorMessageOf, type ErrorCode } from '@tandem/core'

export type RecordedRequest = {
  readonly method: string
  readonly path: string
  readonly query: Readonly<Record<string, string>>
  readonly body: unknown
  readonly authorization: string | undefined
}

export type Reply = { readonly status?: number; readonly body: unknown; readonly dropConnection?: boolean }
/** A reply, or a promise of one: a test holds an answer back until it has looked at the screen. */
export type Handler = (request: RecordedRequest) => Reply | Promise<Reply>

export const ok = (value: unknown): Reply => ({ body: { isSuccess: true, isFailure: false, value, errorMessage: null, errorCode: null } })
/** A failure as the real server sends it: the code and the message clients read for it (docs/product.md#errors). */
export const fail = (status: number, errorCode: ErrorCode, value: unknown = null): Reply => ({
  status,
  body: { isSuccess: false, isFailure: true, value, errorMessage: errorMessageOf(errorCode), errorCode },
})

/** The connection is cut without an answer, as when the server is unreachable. */
export const unreachable = (): Reply => ({ body: null, dropConnection: true })

const readBody = async (req: IncomingMessage): Promise<unknown> => {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const text = Buffer.concat(chunks).toString('utf8')
  if (text === '') return undefined
  if ((req.headers['content-type'] ?? '').includes('application/json')) return JSON.parse(text)
  return text
}

export type ApiServer = {
  readonly url: string
  readonly requests: RecordedRequest[]
  readonly routes: Map<string, Handler>
  readonly close: () => Promise<void>
  /** Requests to one route, `METHOD /path`. */
  readonly calls: (route: string) => readonly RecordedRequest[]
}

/** Routes are keyed `METHOD /path` (path compared case-insensitively, like the real server). */
export const startApiServer = async (routes: Record<string, Handler>): Promise<ApiServer> => {
  const table = new Map(Object.entries(routes).map(([k, v]) => [k.toLowerCase(), v]))
  const requests: RecordedRequest[] = []
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost')
      const request: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: await readBody(req),
        authorization: req.headers.authorization,
      }
      requests.push(request)
      res.setHeader('access-control-allow-origin', '*')
      res.setHeader('access-control-allow-headers', '*')
      if (request.method === 'OPTIONS') return void res.writeHead(204).end()
      const handler = table.get(`${request.method} ${request.path}`.toLowerCase())
      const reply =
        handler === undefined
          ? { status: 404, body: { isSuccess: false, isFailure: true, value: null, errorMessage: 'NotFound', errorCode: 'NotFound' } }
          : await handler(request)
      if (reply.dropConnection === true) return void req.socket.destroy()
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body))
    })()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    routes: table,
    close: () => {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    },
    calls: (route) => {
      const [method, path] = route.split(' ')
      return requests.filter((r) => r.method === method && r.path.toLowerCase() === (path ?? '').toLowerCase())
    },
  }
}
