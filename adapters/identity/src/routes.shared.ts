// Helpers shared by the identity pages' routes: dependencies, form and query reading, language
// choice and the HTML response with the common page frame.
import express, { type Request, type RequestHandler, type Response } from 'express'
import type { default as Provider } from 'oidc-provider'
import type { Language } from '@tandem/core'
import type { AccountStore } from './account.store.js'
import type { Csrf } from './csrf.js'
import { pickLanguage, type IdentityTextKey } from './identity.messages.js'
import type { ComposeResetMail, SendMail } from './mail.reset.js'
import * as page from './pages.render.js'
import type { LimitAttempt, LimitDecision } from './limits.port.js'
import type { ResetTokens } from './reset.tokens.js'

export type IdentityRoutesDeps = {
  readonly provider: Provider
  readonly accounts: AccountStore
  readonly resetTokens: ResetTokens
  readonly limitAttempt: LimitAttempt
  readonly csrf: Csrf
  readonly sendMail: SendMail
  readonly composeResetMail: ComposeResetMail
  readonly onMailError: (error: unknown) => void
  /** Path of the router as the browser sees it: /oidc, or /prefix/oidc behind a path prefix. */
  readonly mountPath: string
  readonly issuer: string
  readonly appUrl: string
  readonly legalUrls: { readonly terms: string; readonly privacy: string }
  readonly grantScopes: { readonly oidc: string; readonly resource: string; readonly resourceIndicator: string }
  readonly clientId: string
  readonly now: () => number
}

export type Form = Readonly<Record<string, unknown>>
export const asForm = (body: unknown): Form => (typeof body === 'object' && body !== null ? (body as Form) : {})
export const formField = (form: Form, name: string): string => (typeof form[name] === 'string' ? form[name].trim() : '')

export const queryString = (req: Request, name: string): string | undefined => {
  const value = req.query[name]
  return typeof value === 'string' ? value : undefined
}
export const stringParam = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)
export const clientIp = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? 'unknown'

/** Tells a refused client when to come back (the page itself says so in words). */
export const refused = (res: Response, decision: LimitDecision): boolean => {
  if (decision.allowed) return false
  res.setHeader('Retry-After', String(decision.retryAfterSeconds))
  return true
}

/** Form bodies are parsed on the identity's own POST routes only, small and flat. */
export const formParser = (): RequestHandler => express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 30 })

export const handle =
  (fn: (req: Request, res: Response) => Promise<void>): RequestHandler =>
  (req, res, next) => {
    fn(req, res).catch(next)
  }

/**
 * Headers of every identity page: never cached, never framed (clickjacking a password form), and no
 * Referer, so the reset token in the URL cannot leak to a linked page.
 */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Cache-Control': 'no-store',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
}

export const send = (res: Response, status: number, html: string): void => {
  res.status(status).type('html').set(PAGE_HEADERS).send(html)
}

export const withLang = (path: string, language: Language, extra: Readonly<Record<string, string>> = {}): string =>
  `${path}?${new URLSearchParams({ ...extra, lang: language }).toString()}`
export const otherLanguage = (language: Language): Language => (language === 'en' ? 'de' : 'en')
export const requestLanguage = (req: Request): Language => pickLanguage(queryString(req, 'lang'), req.headers['accept-language'])

export const pageContext = (language: Language, switchHref: string): page.PageContext => ({
  language,
  switchLanguageHref: switchHref,
})

/** A page with one message and, by default, a link back to the app (which starts sign-in). */
export const renderMessage = (
  deps: IdentityRoutesDeps,
  res: Response,
  status: number,
  language: Language,
  title: IdentityTextKey,
  message: IdentityTextKey,
  switchHref: string,
  withAppLink = true,
): void => {
  const body = `${page.paragraph(language, message)}${withAppLink ? `<div class="links">${page.link(language, deps.appUrl, 'back-to-app')}</div>` : ''}`
  send(res, status, page.layout(pageContext(language, switchHref), title, body))
}
