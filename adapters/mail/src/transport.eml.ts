// Delivery for a single-machine install with no SMTP configured: every message becomes an RFC 822
// `.eml` file under the data folder (openable in any mail client) and a log line. Exactly once:
// the file is named after the outbox row, appears whole or not at all, and is never written twice.
import { randomBytes } from 'node:crypto'
import { link, mkdir, open, readdir, readFile, unlink } from 'node:fs/promises'
import { basename, join } from 'node:path'
import nodemailer from 'nodemailer'
import type { MailLog } from './mail.log.js'
import { toNodemailer } from './transport.smtp.js'
import { DeliveryError, errorText, type MailTransport, type OutgoingMail } from './transport.port.js'

/** The file name is derived from the stable Message-ID (the outbox id), so one row has one file. */
export const emlFileName = (messageId: string): string => `${messageId.replace(/^<|>$/g, '').replace(/[^A-Za-z0-9._-]/g, '_')}.eml`

const errorCode = (error: unknown): string | undefined => (error as { code?: string } | null)?.code

/**
 * Writes the bytes under a private temporary name, flushes them, then links the final name to it.
 * `link` fails when the name exists, so of two writers (a retry after a crash, a worker whose lease
 * ran out) only one publishes; the other finds the message already delivered. Answers whether this
 * call published it.
 */
const publishOnce = async (file: string, bytes: Buffer): Promise<boolean> => {
  const temporary = join(file, '..', `.${basename(file)}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`)
  const handle = await open(temporary, 'wx')
  try {
    await handle.writeFile(bytes)
    await handle.sync()
  } finally {
    await handle.close()
  }
  try {
    await link(temporary, file)
    return true
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false
    throw error
  } finally {
    await unlink(temporary).catch(() => {})
  }
}

export const emlTransport = (dir: string, options: { readonly from: string; readonly log: MailLog }): MailTransport => {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' })
  return {
    send: async (message: OutgoingMail) => {
      const info = await builder.sendMail(toNodemailer(options.from, message))
      const file = join(dir, emlFileName(message.messageId))
      let published: boolean
      try {
        await mkdir(dir, { recursive: true })
        published = await publishOnce(file, info.message as Buffer)
      } catch (error) {
        throw new DeliveryError(errorText(error), false, null)
      }
      // A file already there was written by an earlier try that died before recording it: sent.
      options.log.info(
        { file, messageId: message.messageId },
        published ? 'mail written as .eml (no SMTP_URL configured)' : 'mail already written as .eml; counted as sent',
      )
    },
    close: async () => {},
  }
}

/**
 * Erasure of a person from the `.eml` folder: the files of the named outbox messages (mails to them
 * or about them, whose rows went or lost their data) and every file whose bytes name their address
 * (the provider's direct mails: address confirmation, password reset). A missing folder is no error.
 */
export const eraseEmlFiles = async (dir: string, erase: { readonly messageIds: readonly string[]; readonly address: string }) => {
  let names: string[]
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.eml'))
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return
    throw error
  }
  const byId = new Set(erase.messageIds.map(emlFileName))
  const address = erase.address.trim().toLowerCase()
  for (const name of names) {
    const file = join(dir, name)
    const named = byId.has(name) || (address !== '' && (await readFile(file, 'latin1')).toLowerCase().includes(address))
    if (!named) continue
    try {
      await unlink(file)
    } catch (error) {
      // Gone already (another server erased it): that is the outcome wanted.
      if (errorCode(error) !== 'ENOENT') throw error
    }
  }
}
