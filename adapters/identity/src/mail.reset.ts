// The password-reset e-mail in the account's language. The server may replace it with the mail
// adapter's PASSWORD_RESET template through `composeResetMail`.
import type { Language } from '@tandem/core'
import { escapeHtml } from './pages.render.js'
import { text } from './identity.messages.js'

export type MailMessage = { readonly to: string; readonly subject: string; readonly text: string; readonly html: string }
/** The mail port: delivery (SMTP or the `.eml` folder) is the mail adapter's business. */
export type SendMail = (message: MailMessage) => Promise<void>

export type ResetMailInput = { readonly to: string; readonly givenName: string; readonly language: Language; readonly link: string }
export type ComposeResetMail = (input: ResetMailInput) => MailMessage

export const composeResetMail: ComposeResetMail = ({ to, givenName, language, link }) => {
  const greeting = text(language, 'mail-greeting').replace('{name}', givenName)
  return {
    to,
    subject: text(language, 'mail-subject'),
    text: `${greeting}\n\n${text(language, 'mail-body')}\n\n${link}\n\n${text(language, 'mail-ignore')}\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(text(language, 'mail-body'))}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(text(language, 'mail-ignore'))}</p>`,
  }
}
