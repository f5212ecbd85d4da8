// A real SMTP server on a loopback port that keeps what it receives, and a sendMail port that
// delivers to it through nodemailer, as the mail adapter will.
import nodemailer from 'nodemailer'
import { SMTPServer } from 'smtp-server'
import type { AddressInfo } from 'node:net'
import type { SendMail } from '../../src/index.js'

export type Delivered = { readonly to: string; readonly raw: string }

export type Mailbox = {
  readonly sendMail: SendMail
  readonly delivered: Delivered[]
  /** Waits until `count` messages arrived. */
  readonly waitFor: (count: number) => Promise<Delivered>
  readonly close: () => Promise<void>
}

export const startMailbox = async (): Promise<Mailbox> => {
  const delivered: Delivered[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        delivered.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw: Buffer.concat(chunks).toString('utf8') })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true })
  return {
    delivered,
    sendMail: async (message) => {
      await transport.sendMail({ from: 'Tandem <no-reply@tandem.test>', ...message })
    },
    waitFor: async (count) => {
      for (let i = 0; i < 200 && delivered.length < count; i++) await new Promise((r) => setTimeout(r, 25))
      const mail = delivered[count - 1]
      if (mail === undefined) throw new Error(`only ${delivered.length} mails arrived, expected ${count}`)
      return mail
    },
    close: async () => {
      transport.close()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** The reset link of a delivered mail (quoted-printable soft breaks undone). */
export const resetLinkIn = (mail: Delivered): string => {
  const decoded = mail.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  const match = /https?:\/\/\S+\/oidc\/reset\?token=[\w-]+&lang=(en|de)/.exec(decoded)
  if (match === null) throw new Error('no reset link in the mail')
  return match[0]
}
