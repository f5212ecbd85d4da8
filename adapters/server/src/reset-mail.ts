// The password-reset mail of the embedded identity provider, written by the mail adapter's
// PASSWORD_RESET template (same layout, footer and language rules as every other Tandem mail).
import { randomUUID } from 'node:crypto'
import { RESET_LINK_VALIDITY, type ComposeResetMail, type SendMail } from '@tandem/identity'
import { composeDirectMail, type MailTransport, type OrganisationInfo } from '@tandem/mail'

/** The mail states how long the link works: the identity adapter's validity. */
const VALID_MINUTES = Math.round(RESET_LINK_VALIDITY / 60_000)

/** The provider options `composeResetMail` and `sendMail`: sent at once, never through the outbox
 *  (decision 0003: a stored live link is a liability, a late one useless). */
export const resetMailWiring = (
  transport: MailTransport,
  org: OrganisationInfo,
): { readonly composeResetMail: ComposeResetMail; readonly sendMail: SendMail } => {
  const host = new URL(org.publicUrl).hostname || 'localhost'
  const language = new Map<string, string>()
  return {
    composeResetMail: ({ to, givenName, language: lang, link }) => {
      const mail = composeDirectMail(
        { type: 'PASSWORD_RESET', data: { firstName: givenName, link, validMinutes: VALID_MINUTES } },
        { recipient: { email: to, name: givenName }, language: lang },
        org,
        '',
      )
      language.set(to, lang)
      return { to, subject: mail.subject, text: mail.text, html: mail.html }
    },
    sendMail: async (m) => {
      const lang = language.get(m.to)
      language.delete(m.to)
      await transport.send({
        to: { email: m.to, name: '' },
        subject: m.subject,
        text: m.text,
        html: m.html,
        // Unique and not guessable from the time: nothing links two resets of one account.
        messageId: `<tandem-reset-${randomUUID()}@${host}>`,
        headers: {
          'X-Tandem-Notification': 'PASSWORD_RESET',
          'Auto-Submitted': 'auto-generated',
          ...(lang === undefined ? {} : { 'Content-Language': lang }),
        },
      })
    },
  }
}
