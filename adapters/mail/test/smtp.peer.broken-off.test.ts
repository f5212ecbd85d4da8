// The test SMTP peer survives a sender that dies in the middle of a transaction, as the crash
// tests' killed processes do: smtp-server reports the reset connection as an 'error' event of the
// server, which ended the whole test process while nothing listened for it.
import { connect, type Socket } from 'node:net'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { startTestSmtp, type TestSmtp } from './support/smtp.server.js'

let smtp: TestSmtp
beforeEach(async () => {
  smtp = await startTestSmtp()
})
afterEach(async () => {
  await smtp.stop()
})

/** Writes a command (or nothing, for the greeting) and waits for the reply line that starts with `code`. */
const reply = (socket: Socket, command: string | null, code: string): Promise<void> =>
  new Promise((resolve, reject) => {
    let seen = ''
    const onData = (chunk: Buffer) => {
      seen += chunk.toString('latin1')
      if (seen.split('\r\n').some((line) => line.startsWith(`${code} `))) {
        socket.off('data', onData)
        resolve()
      }
    }
    socket.on('data', onData)
    socket.once('error', reject)
    if (command !== null) socket.write(`${command}\r\n`)
  })

const opened = async (port: number): Promise<Socket> => {
  const socket = connect(port, '127.0.0.1')
  await reply(socket, null, '220')
  return socket
}

test('a sender reset in the middle of a transaction is recorded, and the peer goes on accepting connections', async () => {
  const socket = await opened(smtp.port)
  await reply(socket, 'EHLO sender.test', '250')
  await reply(socket, 'MAIL FROM:<sender@example.org>', '250')
  socket.resetAndDestroy()
  await expect.poll(() => smtp.connectionErrors.map((e) => (e as NodeJS.ErrnoException).code), { timeout: 5_000 }).toContain('ECONNRESET')

  const next = await opened(smtp.port)
  await reply(next, 'EHLO sender.test', '250')
  await reply(next, 'QUIT', '221')
  next.destroy()
})
