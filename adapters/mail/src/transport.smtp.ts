// Delivery through an SMTP server with nodemailer, configured by SMTP_URL
// (smtp://user:pass@host:587 for STARTTLS, smtps://...:465 for TLS; nodemailer reads
// query options such as ?requireTLS=true or ?tls.rejectUnauthorized=false).
import nodemailer from 'nodemailer'
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js'
import { DeliveryError, errorText, type MailTransport, type OutgoingMail } from './transport.port.js'

/** nodemailer's own defaults wait up to ten minutes on a silent socket; a delivery worker holds a
 *  lease meanwhile, so fail fast and let the backoff try later. The URL may still override them. */
const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 } as const

/** Errors nodemailer raises before any server reply that no retry can fix. */
const PERMANENT_CODES: ReadonlySet<string> = new Set(['EENVELOPE', 'EMESSAGE'])

export const classifySmtpError = (error: unknown): DeliveryError => {
  const e = error as { readonly responseCode?: unknown; readonly code?: unknown }
  const responseCode = typeof e.responseCode === 'number' ? e.responseCode : null
  // Authentication and TLS failures are configuration problems of ours, not of the message:
  // keep the messages and retry until the operator fixes the settings.
  const configuration = e.code === 'EAUTH' || e.code === 'ETLS'
  const permanent =
    !configuration &&
    (responseCode !== null ? responseCode >= 500 && responseCode < 600 : typeof e.code === 'string' && PERMANENT_CODES.has(e.code))
  return new DeliveryError(errorText(error), permanent, responseCode)
}

export type SmtpOptions = {
  /** The sender, for example `"Tandem" <noreply@example.org>`. */
  readonly from: string
  /** Keep one connection open between messages of a batch. */
  readonly pool?: boolean
}

export const smtpTransport = (url: string, options: SmtpOptions): MailTransport => {
  // nodemailer parses `url` itself; what the URL sets wins over the keys next to it
  const config: SMTPTransport.Options = { ...TIMEOUTS, ...(options.pool === true ? { pool: true } : {}), url }
  const transporter = nodemailer.createTransport(config)
  return {
    send: async (message: OutgoingMail) => {
      try {
        await transporter.sendMail(toNodemailer(options.from, message))
      } catch (error) {
        throw classifySmtpError(error)
      }
    },
    close: async () => transporter.close(),
  }
}

export const toNodemailer = (from: string, m: OutgoingMail) => ({
  from,
  to: { name: m.to.name, address: m.to.email },
  subject: m.subject,
  text: m.text,
  html: m.html,
  messageId: m.messageId,
  headers: { ...m.headers },
  ...(m.icalEvent === undefined ? {} : { icalEvent: { ...m.icalEvent } }),
})
