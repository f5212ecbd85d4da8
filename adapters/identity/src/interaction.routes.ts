// The provider's interaction pages (sign in, sign up) and the forgot/reset-password pages, mounted
// inside the /oidc router before oidc-provider itself. Form bodies are parsed on these routes only.
import express, { type Request, type RequestHandler, type Response } from 'express'
import { errors, type default as Provider, type InteractionResults } from 'oidc-provider'
import type { Language } from '@tandem/core'
import type { AccountStore } from './account.store.js'
import { decodeNewPassword, decodeSignUp, emailProblem } from './account.validation.js'
import type { Csrf } from './csrf.js'
import { pickLanguage, text as pickText, type IdentityFieldError, type IdentityTextKey } from './identity.messages.js'
import type { ComposeResetMail, SendMail } from './mail.reset.js'
import * as page from './pages.render.js'
import { allowAttempt, type RateLimiter, type RateLimits } from './rate.limit.js'
import type { ResetTokens } from './reset.tokens.js'

export type InteractionDeps = {
  readonly provider: Provider
  readonly accounts: AccountStore
  readonly resetTokens: ResetTokens
  readonly limiter: RateLimiter
  readonly limits: RateLimits
  readonly csrf: Csrf
  readonly sendMail: SendMail
  readonly composeResetMail: ComposeResetMail
  readonly onMailError: (error: unknown) => void
  /** Path of the router, e.g. /oidc. */
  readonly mountPath: string
  readonly issuer: string
  readonly appUrl: string
  readonly legalUrls: { readonly terms: string; readonly privacy: string }
  readonly grantScopes: { readonly oidc: string; readonly resource: string; readonly resourceIndicator: string }
  readonly clientId: string
  readonly now: () => number
}

type Form = Readonly<Record<string, unknown>>
const asForm = (body: unknown): Form => (typeof body === 'object' && body !== null ? (body as Form) : {})
const queryString = (req: Request, name: string): string | undefined => {
  const value = req.query[name]
  return typeof value === 'string' ? value : undefined
}
const clientIp = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? 'unknown'

const send = (res: Response, status: number, html: string): void => {
  res.status(status).type('html').set('Cache-Control', 'no-store').send(html)
}

export const interactionRoutes = (deps: InteractionDeps): express.Router => {
  const router = express.Router()
  const form = express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 30 })
  const { provider, mountPath } = deps
  const assetsPath = `${mountPath}/assets`

  const pageContext = (language: Language, switchHref: string): page.PageContext => ({ language, assetsPath, switchLanguageHref: switchHref })
  const withLang = (path: string, language: Language, extra: Readonly<Record<string, string>> = {}): string =>
    `${path}?${new URLSearchParams({ ...extra, lang: language }).toString()}`
  const other = (language: Language): Language => (language === 'en' ? 'de' : 'en')

  type Screen = 'signin' | 'signup'
  type LoginView = {
    readonly uid: string
    readonly language: Language
    readonly errors?: readonly IdentityFieldError[]
    readonly formError?: IdentityTextKey
    readonly values?: Form
  }

  const renderSignIn = (req: Request, res: Response, status: number, v: LoginView): void => {
    const l = v.language
    const errors = v.errors ?? []
    const action = `${mountPath}/interaction/${v.uid}/login`
    const body = `${page.errorSummary(l, errors, v.formError)}
<form method="post" action="${page.escapeHtml(withLang(action, l))}" novalidate>
${page.hidden('csrf', deps.csrf.token(req, res))}
${page.input(l, errors, { name: 'email', label: 'field-email', type: 'email', autocomplete: 'username', value: typeof v.values?.['email'] === 'string' ? v.values['email'] : '' })}
${page.input(l, errors, { name: 'password', label: 'field-password', type: 'password', autocomplete: 'current-password' })}
${page.button(l, 'signin-submit')}
</form>
<div class="links">
${page.link(l, withLang(`${mountPath}/forgot`, l), 'signin-forgot')}
<span>${page.escapeHtml(pickText(l, 'signin-no-account'))} ${page.link(l, withLang(`${mountPath}/interaction/${v.uid}`, l, { screen: 'signup' }), 'signin-to-signup')}</span>
</div>`
    send(res, status, page.layout(pageContext(l, withLang(`${mountPath}/interaction/${v.uid}`, other(l), { screen: 'signin' })), 'signin-title', body))
  }

  const renderSignUp = (req: Request, res: Response, status: number, v: LoginView): void => {
    const l = v.language
    const errors = v.errors ?? []
    const values = v.values ?? {}
    const value = (name: string): string => (typeof values[name] === 'string' ? values[name] : '')
    const action = `${mountPath}/interaction/${v.uid}/signup`
    const body = `${page.errorSummary(l, errors, v.formError)}
<form method="post" action="${page.escapeHtml(withLang(action, l))}" novalidate>
${page.hidden('csrf', deps.csrf.token(req, res))}
${page.input(l, errors, { name: 'given_name', label: 'field-given-name', type: 'text', autocomplete: 'given-name', value: value('given_name') })}
${page.input(l, errors, { name: 'family_name', label: 'field-family-name', type: 'text', autocomplete: 'family-name', value: value('family_name') })}
${page.input(l, errors, { name: 'birthdate', label: 'field-birthdate', type: 'date', autocomplete: 'bday', value: value('birthdate') })}
${page.genderSelect(l, errors, value('gender'))}
${page.input(l, errors, { name: 'email', label: 'field-email', type: 'email', autocomplete: 'email', value: value('email') })}
${page.input(l, errors, { name: 'password', label: 'field-password', type: 'password', autocomplete: 'new-password', hint: 'password-hint' })}
${page.checkbox(l, errors, 'terms', deps.legalUrls.terms, values['terms'] === 'on')}
${page.checkbox(l, errors, 'privacy', deps.legalUrls.privacy, values['privacy'] === 'on')}
${page.button(l, 'signup-submit')}
</form>
<div class="links"><span>${page.escapeHtml(pickText(l, 'signup-have-account'))} ${page.link(l, withLang(`${mountPath}/interaction/${v.uid}`, l, { screen: 'signin' }), 'signup-to-signin')}</span></div>`
    send(res, status, page.layout(pageContext(l, withLang(`${mountPath}/interaction/${v.uid}`, other(l), { screen: 'signup' })), 'signup-title', body))
  }

  const renderMessage = (res: Response, status: number, language: Language, title: IdentityTextKey, message: IdentityTextKey, switchHref: string, withAppLink = true): void => {
    const body = `${page.paragraph(language, message)}${withAppLink ? `<div class="links">${page.link(language, deps.appUrl, 'back-to-app')}</div>` : ''}`
    send(res, status, page.layout(pageContext(language, switchHref), title, body))
  }

  /** Loads the interaction of the cookie; a missing or foreign one ends in the error page. */
  const interaction = async (req: Request, res: Response) => {
    const details = await provider.interactionDetails(req, res)
    if (details.uid !== req.params['uid']) throw new errors.SessionNotFound('interaction mismatch')
    const language = pickLanguage(queryString(req, 'lang'), stringParam(details.params['ui_locales']), req.headers['accept-language'])
    return { details, language }
  }

  const finish = async (req: Request, res: Response, result: InteractionResults): Promise<void> => {
    await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false })
  }

  router.get('/assets/tandem.css', (_req, res) => {
    res.type('css').set('Cache-Control', 'public, max-age=3600').send(page.STYLESHEET)
  })

  router.get('/interaction/:uid', handle(async (req, res) => {
    const { details, language } = await interaction(req, res)
    if (details.prompt.name === 'login') {
      const screen: Screen = (queryString(req, 'screen') ?? stringParam(details.params['screen_hint'])) === 'signup' ? 'signup' : 'signin'
      const view = { uid: details.uid, language }
      return screen === 'signup' ? renderSignUp(req, res, 200, view) : renderSignIn(req, res, 200, view)
    }
    // Consent is never asked of our own client (loadExistingGrant grants it); this covers a grant
    // that lost scopes, e.g. after the scope list grew.
    if (details.prompt.name === 'consent' && details.params['client_id'] === deps.clientId && details.session?.accountId !== undefined) {
      const grant = details.grantId === undefined ? new provider.Grant({ accountId: details.session.accountId, clientId: deps.clientId }) : await provider.Grant.find(details.grantId)
      if (grant === undefined) throw new errors.SessionNotFound('grant not found')
      grant.addOIDCScope(deps.grantScopes.oidc)
      grant.addResourceScope(deps.grantScopes.resourceIndicator, deps.grantScopes.resource)
      return finish(req, res, { consent: { grantId: await grant.save() } })
    }
    return finish(req, res, { error: 'access_denied', error_description: 'interaction not supported' })
  }))

  router.post('/interaction/:uid/login', form, handle(async (req, res) => {
    const { details, language } = await interaction(req, res)
    const body = asForm(req.body)
    const email = typeof body['email'] === 'string' ? body['email'].trim() : ''
    const view = { uid: details.uid, language, values: { email } }
    if (!deps.csrf.valid(req, body['csrf'])) return renderSignIn(req, res, 403, { ...view, formError: 'csrf-invalid' })
    if (!allowAttempt(deps.limiter, deps.limits.signIn, 'signin', clientIp(req), email)) return renderSignIn(req, res, 429, { ...view, formError: 'rate-limited' })
    const password = typeof body['password'] === 'string' ? body['password'] : ''
    // One answer for an unknown e-mail and a wrong password, so the form reveals no accounts.
    const account = email === '' || password === '' ? null : await deps.accounts.verifyPassword(email, password)
    if (account === null) return renderSignIn(req, res, 400, { ...view, formError: 'credentials-wrong' })
    return finish(req, res, { login: { accountId: account.subject } })
  }))

  router.post('/interaction/:uid/signup', form, handle(async (req, res) => {
    const { details, language } = await interaction(req, res)
    const body = asForm(req.body)
    const { password: _password, ...values } = body
    const view = { uid: details.uid, language, values }
    if (!deps.csrf.valid(req, body['csrf'])) return renderSignUp(req, res, 403, { ...view, formError: 'csrf-invalid' })
    const email = typeof body['email'] === 'string' ? body['email'].trim() : ''
    if (!allowAttempt(deps.limiter, deps.limits.signUp, 'signup', clientIp(req), email)) return renderSignUp(req, res, 429, { ...view, formError: 'rate-limited' })
    const decoded = decodeSignUp(body, language, deps.now())
    if (decoded._tag === 'Invalid') return renderSignUp(req, res, 400, { ...view, errors: decoded.errors })
    const created = await deps.accounts.createAccount(decoded.account)
    if (created._tag === 'Left') return renderSignUp(req, res, 400, { ...view, errors: [{ field: 'email', key: 'email-taken' }] })
    return finish(req, res, { login: { accountId: created.right.subject } })
  }))

  const forgotForm = (req: Request, res: Response, status: number, language: Language, errors: readonly IdentityFieldError[], email: string, formError?: IdentityTextKey): void => {
    const body = `${page.errorSummary(language, errors, formError)}${page.paragraph(language, 'forgot-intro')}
<form method="post" action="${page.escapeHtml(withLang(`${mountPath}/forgot`, language))}" novalidate>
${page.hidden('csrf', deps.csrf.token(req, res))}
${page.input(language, errors, { name: 'email', label: 'field-email', type: 'email', autocomplete: 'email', value: email })}
${page.button(language, 'forgot-submit')}
</form>`
    send(res, status, page.layout(pageContext(language, withLang(`${mountPath}/forgot`, other(language))), 'forgot-title', body))
  }

  const requestLanguage = (req: Request): Language => pickLanguage(queryString(req, 'lang'), req.headers['accept-language'])

  router.get('/forgot', (req, res) => forgotForm(req, res, 200, requestLanguage(req), [], ''))

  router.post('/forgot', form, (req, res) => {
    const language = requestLanguage(req)
    const body = asForm(req.body)
    const email = typeof body['email'] === 'string' ? body['email'].trim() : ''
    if (!deps.csrf.valid(req, body['csrf'])) return forgotForm(req, res, 403, language, [], email, 'csrf-invalid')
    if (!allowAttempt(deps.limiter, deps.limits.forgot, 'forgot', clientIp(req), email)) return forgotForm(req, res, 429, language, [], email, 'rate-limited')
    const problem = emailProblem(email)
    if (problem !== null) return forgotForm(req, res, 400, language, [{ field: 'email', key: problem }], email)
    const account = deps.accounts.findByEmail(email)
    if (account !== undefined) {
      const token = deps.resetTokens.issue(account.subject)
      const link = `${deps.issuer}/reset?${new URLSearchParams({ token, lang: account.locale }).toString()}`
      // Not awaited: the answer must not take longer when the address exists.
      deps.sendMail(deps.composeResetMail({ to: account.email, givenName: account.givenName, language: account.locale, link })).catch(deps.onMailError)
    }
    return renderMessage(res, 200, language, 'forgot-sent-title', 'forgot-sent', withLang(`${mountPath}/forgot`, other(language)), false)
  })

  const resetForm = (req: Request, res: Response, status: number, language: Language, token: string, errors: readonly IdentityFieldError[], formError?: IdentityTextKey): void => {
    const body = `${page.errorSummary(language, errors, formError)}
<form method="post" action="${page.escapeHtml(withLang(`${mountPath}/reset`, language))}" novalidate>
${page.hidden('csrf', deps.csrf.token(req, res))}
${page.hidden('token', token)}
${page.input(language, errors, { name: 'password', label: 'field-password-new', type: 'password', autocomplete: 'new-password', hint: 'password-hint' })}
${page.input(language, errors, { name: 'password_repeat', label: 'field-password-repeat', type: 'password', autocomplete: 'new-password' })}
${page.button(language, 'reset-submit')}
</form>`
    send(res, status, page.layout(pageContext(language, withLang(`${mountPath}/reset`, other(language), { token })), 'reset-title', body))
  }

  const invalidLink = (res: Response, language: Language): void => {
    const body = `${page.errorSummary(language, [], 'reset-link-invalid')}<div class="links">${page.link(language, withLang(`${mountPath}/forgot`, language), 'signin-forgot')}</div>`
    send(res, 400, page.layout(pageContext(language, withLang(`${mountPath}/forgot`, other(language))), 'reset-title', body))
  }

  router.get('/reset', (req, res) => {
    const language = requestLanguage(req)
    const token = queryString(req, 'token') ?? ''
    if (deps.resetTokens.check(token) === null) return invalidLink(res, language)
    return resetForm(req, res, 200, language, token, [])
  })

  router.post('/reset', form, handle(async (req, res) => {
    const language = requestLanguage(req)
    const body = asForm(req.body)
    const token = typeof body['token'] === 'string' ? body['token'] : ''
    if (!deps.csrf.valid(req, body['csrf'])) return resetForm(req, res, 403, language, token, [], 'csrf-invalid')
    if (deps.resetTokens.check(token) === null) return invalidLink(res, language)
    const decoded = decodeNewPassword(body)
    if (decoded.errors.length > 0) return resetForm(req, res, 400, language, token, decoded.errors)
    const subject = deps.resetTokens.redeem(token)
    if (subject === null) return invalidLink(res, language)
    await deps.accounts.setPassword(subject, decoded.password)
    await deps.accounts.endSessions(subject)
    return renderMessage(res, 200, language, 'reset-done-title', 'reset-done', withLang(`${mountPath}/forgot`, other(language)))
  }))

  // An expired or foreign interaction (old tab, lost cookie) ends on a page, not a stack trace.
  router.use('/interaction', ((error, req, res, next) => {
    if (error instanceof errors.SessionNotFound || error instanceof errors.InvalidRequest) {
      return renderMessage(res, 400, requestLanguage(req), 'error-title', 'error-text', withLang(req.originalUrl.split('?')[0] ?? mountPath, other(requestLanguage(req))))
    }
    return next(error)
  }) as express.ErrorRequestHandler)

  return router
}

const stringParam = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)

const handle = (fn: (req: Request, res: Response) => Promise<void>): RequestHandler => (req, res, next) => {
  fn(req, res).catch(next)
}
