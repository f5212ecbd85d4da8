// A lean JSON body reader for the API: UTF-8 JSON only (anything else with a body is 415), a hard
// size limit (413 beyond), parse errors as 400. The API needs none of body-parser's encodings or
// charsets, and it is on every call.
import { jsonDepthErrors, type FieldError } from '@tandem/core'
import type { NextFunction, Request, Response } from 'express'

export type BodyError = Error & {
  type: 'entity.too.large' | 'entity.parse.failed' | 'entity.too.deep' | 'encoding.unsupported' | 'media.unsupported'
  status: number
  /** The field errors a 400 answers with, when the body was read but refused (too deep). */
  errors?: readonly FieldError[]
}

const hasBody = (req: Request): boolean => req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0

const bodyError = (type: BodyError['type'], status: number): BodyError => Object.assign(new Error(type), { type, status })

export const jsonBody =
  (limit: number) =>
  (req: Request, _res: Response, next: NextFunction): void => {
    const type = req.headers['content-type']
    if (type === undefined || !/^application\/(?:[\w.+-]+\+)?json\s*(?:;\s*charset=utf-8\s*)?$/i.test(type.trim())) {
      // A POST without a body and without a type is fine (CreateCluster?yearText, docs/product.md#calls); any body
      // or type that is not JSON is refused as such, not misread as a missing body.
      if (type === undefined && !hasBody(req)) {
        req.body = undefined
        return next()
      }
      return next(bodyError('media.unsupported', 415))
    }
    if (req.headers['content-encoding'] !== undefined && req.headers['content-encoding'] !== 'identity')
      return next(bodyError('encoding.unsupported', 415))
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
      let body: unknown
      try {
        const text = (chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)).toString('utf8')
        body = text.trim() === '' ? undefined : (JSON.parse(text) as unknown)
      } catch {
        return next(bodyError('entity.parse.failed', 400))
      }
      // Nothing recursive (decoding, checks, the questionnaire file's text) ever sees a body nested
      // too deeply to walk: refused here, for every route alike.
      const tooDeep = jsonDepthErrors(body)
      if (tooDeep.length > 0) return next(Object.assign(bodyError('entity.too.deep', 400), { errors: tooDeep }))
      req.body = body
      next()
    })
    req.on('error', (err) => {
      if (!failed) {
        failed = true
        next(err)
      }
    })
  }
