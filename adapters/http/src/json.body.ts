// A lean JSON body reader for the API: UTF-8 JSON only, a hard size limit (413 beyond), parse
// errors as 400. The API needs none of body-parser's encodings or charsets, and it is on every call.
import type { NextFunction, Request, Response } from 'express'

export type BodyError = Error & { type: 'entity.too.large' | 'entity.parse.failed' | 'encoding.unsupported'; status: number }

const bodyError = (type: BodyError['type'], status: number): BodyError => Object.assign(new Error(type), { type, status })

export const jsonBody = (limit: number) => (req: Request, _res: Response, next: NextFunction): void => {
  const type = req.headers['content-type'] ?? ''
  if (!/^application\/(?:[\w.+-]+\+)?json\s*(?:;\s*charset=utf-8\s*)?$/i.test(type.trim())) {
    req.body = undefined
    return next()
  }
  if (req.headers['content-encoding'] !== undefined && req.headers['content-encoding'] !== 'identity') return next(bodyError('encoding.unsupported', 415))
  const declared = Number(req.headers['content-length'] ?? Number.NaN)
  if (declared > limit) return next(bodyError('entity.too.large', 413))
  const chunks: Buffer[] = []
  let size = 0
  let failed = false
  req.on('data', (chunk: Buffer) => {
    if (failed) return
    size += chunk.length
    if (size > limit) {
      failed = true
      req.unpipe()
      next(bodyError('entity.too.large', 413))
      req.resume()
      return
    }
    chunks.push(chunk)
  })
  req.on('end', () => {
    if (failed) return
    try {
      const text = (chunks.length === 1 ? chunks[0] as Buffer : Buffer.concat(chunks)).toString('utf8')
      req.body = text.trim() === '' ? undefined : JSON.parse(text) as unknown
      next()
    } catch {
      next(bodyError('entity.parse.failed', 400))
    }
  })
  req.on('error', (err) => { if (!failed) { failed = true; next(err) } })
}
