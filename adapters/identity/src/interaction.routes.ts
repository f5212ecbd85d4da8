// The provider's interaction pages: sign in and sign up (screen_hint=signup opens it first), and the
// silent consent of our own client. Mounted inside the /oidc router before oidc-provider itself.
import express, { type Request, type Response } from 'express'
import { errors, type InteractionResults } from 'oidc-provider'
import type { Language } from '@tandem/core'
import { decodeSignUp } from './account.validation.js'
import { pickLanguage, text as pickText, type IdentityFieldError, type IdentityTextKey } from './identity.messages.js'
import * as page from './pages.render.js'
import {
  asForm,
  formParser,
  handle,
  otherLanguage,
  pageContext,
  queryString,
  renderMessage,
  requestLanguage,
  send,
  stringParam,
  withLang,
  clientIp,
  refused,
  type Form,
  type IdentityRoutesDeps,
} from './routes.shared.js'

export const interactionRoutes = (deps: IdentityRoutesDeps): express.Router => {
  const router = express.Router()
  const form = formParser()
  const { provider, mountPath } = deps

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
    send(
      res,
      status,
      page.layout(
        pageContext(l, withLang(`${mountPath}/interaction/${v.uid}`, otherLanguage(l), { screen: 'signin' })),
        'signin-title',
        body,
      ),
    )
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
${page.paragraph(l, 'signup-confirm-hint')}
${page.button(l, 'signup-submit')}
</form>
<div class="links"><span>${page.escapeHtml(pickText(l, 'signup-have-account'))} ${page.link(l, withLang(`${mountPath}/interaction/${v.uid}`, l, { screen: 'signin' }), 'signup-to-signin')}</span></div>`
    send(
      res,
      status,
      page.layout(
        pageContext(l, withLang(`${mountPath}/interaction/${v.uid}`, otherLanguage(l), { screen: 'signup' })),
        'signup-title',
        body,
      ),
    )
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

  router.get(
    '/interaction/:uid',
    handle(async (req, res) => {
      const { details, language } = await interaction(req, res)
      if (details.prompt.name === 'login') {
        const screen: Screen = (queryString(req, 'screen') ?? stringParam(details.params['screen_hint'])) === 'signup' ? 'signup' : 'signin'
        const view = { uid: details.uid, language }
        return screen === 'signup' ? renderSignUp(req, res, 200, view) : renderSignIn(req, res, 200, view)
      }
      // Consent is never asked of our own client (loadExistingGrant grants it); this covers a grant
      // that lost scopes, e.g. after the scope list grew.
      if (details.prompt.name === 'consent' && details.params['client_id'] === deps.clientId && details.session?.accountId !== undefined) {
        const grant =
          details.grantId === undefined
            ? new provider.Grant({ accountId: details.session.accountId, clientId: deps.clientId })
            : await provider.Grant.find(details.grantId)
        if (grant === undefined) throw new errors.SessionNotFound('grant not found')
        grant.addOIDCScope(deps.grantScopes.oidc)
        grant.addResourceScope(deps.grantScopes.resourceIndicator, deps.grantScopes.resource)
        return finish(req, res, { consent: { grantId: await grant.save() } })
      }
      return finish(req, res, { error: 'access_denied', error_description: 'interaction not supported' })
    }),
  )

  router.post(
    '/interaction/:uid/login',
    form,
    handle(async (req, res) => {
      const { details, language } = await interaction(req, res)
      const body = asForm(req.body)
      const email = typeof body['email'] === 'string' ? body['email'].trim() : ''
      const view = { uid: details.uid, language, values: { email } }
      if (!deps.csrf.valid(req, body['csrf'])) return renderSignIn(req, res, 403, { ...view, formError: 'csrf-invalid' })
      if (refused(res, await deps.limitAttempt('signIn', { address: clientIp(req), account: email })))
        return renderSignIn(req, res, 429, { ...view, formError: 'rate-limited' })
      const password = typeof body['password'] === 'string' ? body['password'] : ''
      // One answer for an unknown e-mail and a wrong password, so the form reveals no accounts.
      const account = email === '' || password === '' ? null : await deps.accounts.verifyPassword(email, password)
      if (account === null) return renderSignIn(req, res, 400, { ...view, formError: 'credentials-wrong' })
      return finish(req, res, { login: { accountId: account.subject } })
    }),
  )

  router.post(
    '/interaction/:uid/signup',
    form,
    handle(async (req, res) => {
      const { details, language } = await interaction(req, res)
      const body = asForm(req.body)
      const { password: _password, ...values } = body
      const view = { uid: details.uid, language, values }
      if (!deps.csrf.valid(req, body['csrf'])) return renderSignUp(req, res, 403, { ...view, formError: 'csrf-invalid' })
      const email = typeof body['email'] === 'string' ? body['email'].trim() : ''
      if (refused(res, await deps.limitAttempt('signUp', { address: clientIp(req), account: email })))
        return renderSignUp(req, res, 429, { ...view, formError: 'rate-limited' })
      const decoded = decodeSignUp(body, language, deps.now())
      if (decoded._tag === 'Invalid') return renderSignUp(req, res, 400, { ...view, errors: decoded.errors })
      const created = await deps.accounts.createAccount(decoded.account)
      if (created._tag === 'Left') return renderSignUp(req, res, 400, { ...view, errors: [{ field: 'email', key: 'email-taken' }] })
      return finish(req, res, { login: { accountId: created.right.subject } })
    }),
  )

  // An expired or foreign interaction (old tab, lost cookie) ends on a page, not a stack trace.
  router.use('/interaction', ((error, req, res, next) => {
    if (error instanceof errors.SessionNotFound || error instanceof errors.InvalidRequest) {
      return renderMessage(
        deps,
        res,
        400,
        requestLanguage(req),
        'error-title',
        'error-text',
        withLang(req.originalUrl.split('?')[0] ?? mountPath, otherLanguage(requestLanguage(req))),
      )
    }
    return next(error)
  }) as express.ErrorRequestHandler)

  return router
}
