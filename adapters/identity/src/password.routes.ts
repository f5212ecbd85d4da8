// Forgot and reset password: one answer whether or not the address exists, a mailed single-use
// link valid one hour, a new password under the strength rule, and every session ended after it.
import express, { type Request, type Response } from 'express'
import type { Language } from '@tandem/core'
import { decodeNewPassword, emailProblem } from './account.validation.js'
import type { IdentityFieldError, IdentityTextKey } from './identity.messages.js'
import * as page from './pages.render.js'
import {
  asForm,
  clientIp,
  formParser,
  handle,
  refused,
  otherLanguage,
  pageContext,
  queryString,
  renderMessage,
  requestLanguage,
  send,
  withLang,
  type IdentityRoutesDeps,
} from './routes.shared.js'

export const passwordRoutes = (deps: IdentityRoutesDeps): express.Router => {
  const router = express.Router()
  const form = formParser()
  const { mountPath } = deps

  const forgotForm = (
    req: Request,
    res: Response,
    status: number,
    language: Language,
    errors: readonly IdentityFieldError[],
    email: string,
    formError?: IdentityTextKey,
  ): void => {
    const body = `${page.errorSummary(language, errors, formError)}${page.paragraph(language, 'forgot-intro')}
<form method="post" action="${page.escapeHtml(withLang(`${mountPath}/forgot`, language))}" novalidate>
${page.hidden('csrf', deps.csrf.token(req, res))}
${page.input(language, errors, { name: 'email', label: 'field-email', type: 'email', autocomplete: 'email', value: email })}
${page.button(language, 'forgot-submit')}
</form>
<div class="links">${page.link(language, deps.appUrl, 'back-to-app')}</div>`
    send(res, status, page.layout(pageContext(language, withLang(`${mountPath}/forgot`, otherLanguage(language))), 'forgot-title', body))
  }

  router.get('/forgot', (req, res) => forgotForm(req, res, 200, requestLanguage(req), [], ''))

  router.post(
    '/forgot',
    form,
    handle(async (req, res) => {
      const language = requestLanguage(req)
      const body = asForm(req.body)
      const email = typeof body['email'] === 'string' ? body['email'].trim() : ''
      if (!deps.csrf.valid(req, body['csrf'])) return forgotForm(req, res, 403, language, [], email, 'csrf-invalid')
      if (refused(res, await deps.limitAttempt('forgot', { address: clientIp(req), account: email })))
        return forgotForm(req, res, 429, language, [], email, 'rate-limited')
      const problem = emailProblem(email)
      if (problem !== null) return forgotForm(req, res, 400, language, [{ field: 'email', key: problem }], email)
      const account = await deps.accounts.findByEmail(email)
      if (account !== undefined) {
        // Not awaited: the answer must not take longer when the address exists.
        const mailLink = async () => {
          const token = await deps.resetTokens.issue(account.subject)
          const link = `${deps.issuer}/reset?${new URLSearchParams({ token, lang: account.locale }).toString()}`
          await deps.sendMail(deps.composeResetMail({ to: account.email, givenName: account.givenName, language: account.locale, link }))
        }
        mailLink().catch(deps.onMailError)
      }
      return renderMessage(
        deps,
        res,
        200,
        language,
        'forgot-sent-title',
        'forgot-sent',
        withLang(`${mountPath}/forgot`, otherLanguage(language)),
        false,
      )
    }),
  )

  const resetForm = (
    req: Request,
    res: Response,
    status: number,
    language: Language,
    token: string,
    errors: readonly IdentityFieldError[],
    formError?: IdentityTextKey,
  ): void => {
    const body = `${page.errorSummary(language, errors, formError)}
<form method="post" action="${page.escapeHtml(withLang(`${mountPath}/reset`, language))}" novalidate>
${page.hidden('csrf', deps.csrf.token(req, res))}
${page.hidden('token', token)}
${page.input(language, errors, { name: 'password', label: 'field-password-new', type: 'password', autocomplete: 'new-password', hint: 'password-hint' })}
${page.input(language, errors, { name: 'password_repeat', label: 'field-password-repeat', type: 'password', autocomplete: 'new-password' })}
${page.button(language, 'reset-submit')}
</form>`
    send(
      res,
      status,
      page.layout(pageContext(language, withLang(`${mountPath}/reset`, otherLanguage(language), { token })), 'reset-title', body),
    )
  }

  const invalidLink = (res: Response, language: Language): void => {
    const body = `${page.errorSummary(language, [], 'reset-link-invalid')}<div class="links">${page.link(language, withLang(`${mountPath}/forgot`, language), 'signin-forgot')}</div>`
    send(res, 400, page.layout(pageContext(language, withLang(`${mountPath}/forgot`, otherLanguage(language))), 'reset-title', body))
  }

  router.get(
    '/reset',
    handle(async (req, res) => {
      const language = requestLanguage(req)
      const token = queryString(req, 'token') ?? ''
      if ((await deps.resetTokens.check(token)) === null) return invalidLink(res, language)
      return resetForm(req, res, 200, language, token, [])
    }),
  )

  router.post(
    '/reset',
    form,
    handle(async (req, res) => {
      const language = requestLanguage(req)
      const body = asForm(req.body)
      const token = typeof body['token'] === 'string' ? body['token'] : ''
      if (!deps.csrf.valid(req, body['csrf'])) return resetForm(req, res, 403, language, token, [], 'csrf-invalid')
      if ((await deps.resetTokens.check(token)) === null) return invalidLink(res, language)
      const decoded = decodeNewPassword(body)
      if (decoded.errors.length > 0) return resetForm(req, res, 400, language, token, decoded.errors)
      const subject = await deps.resetTokens.redeem(token)
      if (subject === null) return invalidLink(res, language)
      await deps.accounts.setPassword(subject, decoded.password)
      await deps.accounts.endSessions(subject)
      return renderMessage(
        deps,
        res,
        200,
        language,
        'reset-done-title',
        'reset-done',
        withLang(`${mountPath}/forgot`, otherLanguage(language)),
      )
    }),
  )

  return router
}
