// Delivery for a single-machine install with no SMTP configured: every message becomes an RFC 822
// `.eml` file under the data folder (openable in any mail client) and a log line.
import { mkdir, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import nodemailer from 'nodemailer'
import type { MailLog } from './mail.log.js'
import { toNodemailer } from './transport.smtp.js'
import { DeliveryError, errorText, type MailTransport, type OutgoingMail } from './transport.port.js'

/** The file name is derived from the stable Message-ID, so a re-send overwrites instead of doubling. */
export const emlFileName = (messageId: string): string => `${messageId.replace(/^<|>$/g, '').replace(/[^A-Za-z0-9._-]/g, '_')}.eml`

export const emlTransport = (dir: string, options: { readonly from: string; readonly log: MailLog }): MailTransport => {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' })
  return {
    send: async (message: OutgoingMail) => {
      const info = await builder.sendMail(toNodemailer(options.from, message))
      const file = join(dir, emlFileName(message.messageId))
      try {
        await mkdir(dir, { recursive: true })
        // Write then rename, so a reader never sees half a message.
        await writeFile(`${file}.tmp`, info.message as Buffer)
        await rename(`${file}.tmp`, file)
      } catch (error) {
        throw new DeliveryError(errorText(error), false, null)
      }
      options.log.info({ file, messageId: message.messageId }, 'mail written as .eml (no SMTP_URL configured)')
    },
    close: async () => {},
  }
}
