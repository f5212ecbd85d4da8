// CSRF protection of the identity forms: a random value in an HttpOnly cookie and its HMAC in a
// hidden field. A cross-site form can neither read the cookie nor compute the field.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Request, Response } from 'express'

export const CSRF_COOKIE = 'tandem_csrf'

export type Csrf = {
  /** The hidden-field value for this browser, setting the cookie first when it has none. */
  readonly token: (req: Request, res: Response) => string
  readonly valid: (req: Request, submitted: unknown) => boolean
}

export const readCookie = (req: Request, name: string): string | undefined => {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) return decodeURIComponent(rest.join('='))
  }
  return undefined
}

export const createCsrf = (secret: string, cookiePath: string, secure: boolean): Csrf => {
  const sign = (value: string): string => createHmac('sha256', secret).update(value).digest('base64url')
  const newValues = new WeakMap<Request, string>()
  return {
    token: (req, res) => {
      let value = readCookie(req, CSRF_COOKIE) ?? newValues.get(req)
      if (value === undefined || !/^[\w-]{20,}$/.test(value)) {
        value = randomBytes(24).toString('base64url')
        newValues.set(req, value)
        res.append('Set-Cookie', `${CSRF_COOKIE}=${value}; Path=${cookiePath}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`)
      }
      return sign(value)
    },
    valid: (req, submitted) => {
      const value = readCookie(req, CSRF_COOKIE)
      if (value === undefined || typeof submitted !== 'string') return false
      const expected = Buffer.from(sign(value))
      const given = Buffer.from(submitted)
      return expected.length === given.length && timingSafeEqual(expected, given)
    },
  }
}
