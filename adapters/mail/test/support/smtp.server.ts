// A real SMTP server (smtp-server) on a free loopback port for the delivery tests. It keeps every
// accepted message as raw bytes, can refuse recipients with a chosen reply code, and can be stopped
// and started again on the same port to play an outage.
import type { AddressInfo } from 'node:net'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export type Received = { readonly raw: Buffer; readonly secure: boolean; readonly to: readonly string[] }

export type TestSmtp = {
  readonly port: number
  readonly url: string
  readonly received: Received[]
  /**
   * Errors of connections a sender broke off (a process killed in the middle of a delivery resets
   * its connection, during the TLS handshake too): kept here, since smtp-server reports them as
   * 'error' events of the server, which would otherwise end the test process.
   */
  readonly connectionErrors: Error[]
  /** Every RCPT TO the server saw, accepted or not: a refused retry still shows up here. */
  readonly recipientAttempts: string[]
  /** The SMTP reply code to refuse a recipient with, or null to accept it. */
  refuse: (address: string) => number | null
  /** The text of a refusal (many mail servers quote the address: "<someone@…>: Recipient address rejected"). */
  refusalText: (address: string, code: number) => string
  /** Waits this long after a message arrived before answering 250: a window in which a sender may die. */
  replyDelayMs: number
  readonly stop: () => Promise<void>
  readonly start: () => Promise<void>
  readonly parsed: () => Promise<ParsedMail[]>
}

/** A plain header's text ('' when absent); mailparser hands structured headers (content-type, …) over as objects. */
export const headerText = (mail: ParsedMail, name: string): string => {
  const value = mail.headers.get(name)
  if (value === undefined) return ''
  if (typeof value !== 'string') throw new Error(`header ${name} is structured, not plain text`)
  return value
}

const listen = (server: SMTPServer, port: number): Promise<number> =>
  new Promise((resolve, reject) => {
    server.server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      server.server.off('error', reject)
      resolve((server.server.address() as AddressInfo).port)
    })
  })

/** With `auth`, the server demands a login and accepts only these credentials. */
export const startTestSmtp = async (
  options: { readonly auth?: { readonly user: string; readonly pass: string } } = {},
): Promise<TestSmtp> => {
  const state: TestSmtp = {
    port: 0,
    url: '',
    received: [],
    connectionErrors: [],
    recipientAttempts: [],
    refuse: () => null,
    refusalText: (_address, code) => (code >= 500 ? 'Mailbox unavailable' : 'Try again later'),
    replyDelayMs: 0,
    stop: async () => {
      const s = current
      current = null
      if (s !== null) await new Promise<void>((resolve) => s.close(() => resolve()))
    },
    start: async () => {
      if (current !== null) return
      current = create()
      await listen(current, state.port)
    },
    parsed: () => Promise.all(state.received.map((r) => simpleParser(r.raw))),
  }
  const create = (): SMTPServer => {
    const server = new SMTPServer({
      // STARTTLS stays on (with smtp-server's built-in certificate), so the tests also show that TLS
      // options in SMTP_URL reach nodemailer.
      authOptional: options.auth === undefined,
      onAuth(auth, _session, callback) {
        if (options.auth !== undefined && auth.username === options.auth.user && auth.password === options.auth.pass)
          return callback(null, { user: auth.username })
        callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }))
      },
      logger: false,
      closeTimeout: 200,
      // No reverse DNS lookup of 127.0.0.1 on every connection: nothing to learn from it here.
      disableReverseLookup: true,
      onRcptTo(address, _session, callback) {
        state.recipientAttempts.push(address.address)
        const code = state.refuse(address.address)
        if (code === null) return callback()
        callback(Object.assign(new Error(state.refusalText(address.address, code)), { responseCode: code }))
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = []
        stream.on('data', (c: Buffer) => chunks.push(c))
        stream.on('end', () => {
          state.received.push({ raw: Buffer.concat(chunks), secure: session.secure, to: session.envelope.rcptTo.map((a) => a.address) })
          if (state.replyDelayMs > 0) setTimeout(() => callback(), state.replyDelayMs)
          else callback()
        })
      },
    })
    server.on('error', (error: Error) => state.connectionErrors.push(error))
    return server
  }
  let current: SMTPServer | null = create()
  const port = await listen(current, 0)
  return Object.assign(state, { port, url: `smtp://127.0.0.1:${port}/?requireTLS=true&tls.rejectUnauthorized=false` })
}
