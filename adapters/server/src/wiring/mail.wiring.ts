// The mail wiring: the organisation the mails sign with, the log the mail adapter writes (scrubbed
// of addresses), and the transport (SMTP, or .eml files in the data folder without SMTP_URL).
import { join } from 'node:path'
import { withoutPersonalData } from '@tandem/application'
import { emlTransport, smtpTransport, type MailTransport, type OrganisationInfo } from '@tandem/mail'
import type { Logger } from 'pino'
import type { Config } from '../config.js'
import { MAIL_FOLDER } from '../data-folder.js'

export type MailLog = {
  readonly info: (f: object, m: string) => void
  readonly warn: (f: object, m: string) => void
  readonly error: (f: object, m: string) => void
}

export const wireMail = (
  config: Config,
  logger: Logger,
  transportOverride: MailTransport | undefined,
): { readonly org: OrganisationInfo; readonly mailLog: MailLog; readonly transport: MailTransport } => {
  const org: OrganisationInfo = {
    name: config.organisation.name,
    email: config.organisation.email,
    phone: config.organisation.phone,
    publicUrl: config.publicUrl,
  }
  // A mail server's refusal quotes the recipient ("550 <someone@…> unknown"): the log keeps none.
  const scrubbed = (fields: object): object =>
    Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, typeof v === 'string' && k !== 'messageId' ? withoutPersonalData(v) : v]))
  const mailLog = {
    info: (f: object, m: string) => logger.info(scrubbed(f), m),
    warn: (f: object, m: string) => logger.warn(scrubbed(f), m),
    error: (f: object, m: string) => logger.error(scrubbed(f), m),
  }
  const transport =
    transportOverride ??
    (config.smtpUrl !== null
      ? smtpTransport(config.smtpUrl, { from: config.mailFrom, pool: true })
      : emlTransport(join(config.dataDir, MAIL_FOLDER), { from: config.mailFrom, log: mailLog }))
  return { org, mailLog, transport }
}
