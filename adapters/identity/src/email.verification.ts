// Proof that an account of the embedded provider owns its e-mail address: a single-use link mailed
// after sign-up (valid 24 h) that /oidc/verify-email redeems; tokens then carry email_verified true.
import express from 'express'
import type { Language } from '@tandem/core'
import type { Account, AccountStore } from './account.store.js'
import type { IdentityDatabase } from './identity.database.js'
import { text } from './identity.messages.js'
import type { MailMessage, SendMail } from './mail.reset.js'
import * as page from './pages.render.js'
import { createResetTokens } from './reset.tokens.js'
import { handle, queryString, requestLanguage, send, withLang } from './routes.shared.js'

export type VerificationMailInput = { readonly to: string; readonly givenName: string; readonly language: Language; readonly link: string }
export type ComposeVerificationMail = (input: VerificationMailInput) => MailMessage

export const composeVerificationMail: ComposeVerificationMail = ({ to, givenName, language, link }) => {
  const greeting = text(language, 'mail-greeting').replace('{name}', givenName)
  return {
    to,
    subject: text(language, 'verify-mail-subject'),
    text: `${greeting}\n\n${text(language, 'verify-mail-body')}\n\n${link}\n\n${text(language, 'verify-mail-ignore')}\n`,
    html: `<p>${page.escapeHtml(greeting)}</p><p>${page.escapeHtml(text(language, 'verify-mail-body'))}</p><p><a href="${page.escapeHtml(link)}">${page.escapeHtml(link)}</a></p><p>${page.escapeHtml(text(language, 'verify-mail-ignore'))}</p>`,
  }
}

export type EmailVerification = {
  /** Issues a fresh link (earlier ones of the account stop working) and mails it. */
  readonly sendLink: (account: Account) => Promise<void>
  /** The account whose address the token confirmed, or null for an unknown, used or expired token. */
  readonly confirm: (token: string) => Promise<string | null>
}

export type EmailVerificationOptions = {
  readonly db: IdentityDatabase
  readonly now: () => number
  /** The provider's issuer (public URL + /oidc): the link points at its /verify-email page. */
  readonly issuer: string
  readonly sendMail: SendMail
  readonly compose?: ComposeVerificationMail
}

export const createEmailVerification = (options: EmailVerificationOptions): EmailVerification => {
  const tokens = createResetTokens(options.db, options.now, 'verify-email')
  const compose = options.compose ?? composeVerificationMail
  return {
    sendLink: async (account) => {
      const token = await tokens.issue(account.subject)
      const link = `${options.issuer}/verify-email?${new URLSearchParams({ token, lang: account.locale }).toString()}`
      await options.sendMail(compose({ to: account.email, givenName: account.givenName, language: account.locale, link }))
    },
    confirm: (token) => tokens.redeem(token),
  }
}

/** A slow or absent mail server must not hold up sign-up longer than this; the mail may still go out. */
export const SIGN_UP_MAIL_WAIT_MS = 3000

/**
 * The account store the sign-up page uses: every new account is sent its confirmation link. Waiting
 * for the hand-over (within SIGN_UP_MAIL_WAIT_MS) keeps mail order predictable; a failure is logged,
 * never shown, since participants may use the app unconfirmed.
 */
export const withSignUpConfirmation = (
  accounts: AccountStore,
  verification: EmailVerification,
  onMailError: (error: unknown) => void,
): AccountStore => ({
  ...accounts,
  createAccount: async (input) => {
    const created = await accounts.createAccount(input)
    if (created._tag === 'Right') {
      let timer: NodeJS.Timeout | undefined
      const sent = verification.sendLink(created.right).catch(onMailError)
      await Promise.race([
        sent,
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, SIGN_UP_MAIL_WAIT_MS)
        }),
      ])
      clearTimeout(timer)
    }
    return created
  },
})

export type EmailVerificationRoutesDeps = {
  readonly verification: EmailVerification
  /** Path of the router as the browser sees it (/oidc or /prefix/oidc). */
  readonly mountPath: string
  readonly appUrl: string
}

/** GET /verify-email?token=…&lang=…: the link of the mail. A page answers either way; a refused link changes nothing. */
export const emailVerificationRoutes = (deps: EmailVerificationRoutesDeps): express.Router => {
  const router = express.Router()
  router.get(
    '/verify-email',
    handle(async (req, res) => {
      const language = requestLanguage(req)
      const token = queryString(req, 'token') ?? ''
      const confirmed = token !== '' && (await deps.verification.confirm(token)) !== null
      const other: Language = language === 'en' ? 'de' : 'en'
      // The switch link must not carry the spent token; after success it shows the sign-in entry.
      const context = { language, switchLanguageHref: withLang(`${deps.mountPath}/forgot`, other) }
      const appLink = `<div class="links">${page.link(language, deps.appUrl, 'back-to-app')}</div>`
      if (confirmed)
        return send(res, 200, page.layout(context, 'verify-done-title', `${page.paragraph(language, 'verify-done')}${appLink}`))
      const forgot = `<div class="links">${page.link(language, withLang(`${deps.mountPath}/forgot`, language), 'signin-forgot')}</div>`
      return send(res, 400, page.layout(context, 'verify-title', `${page.errorSummary(language, [], 'verify-link-invalid')}${forgot}`))
    }),
  )
  return router
}
