// Erasing a person from the .eml folder: the files of the named outbox messages and every file that
// names their address go; every other file stays; a missing folder is no error.
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { emlTransport, eraseEmlFiles, type MailLog } from '../src/index.js'

let dataDir: string
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'tandem-mail-erase-'))
})
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

const silent: MailLog = { info: () => {}, warn: () => {}, error: () => {} }

describe('eraseEmlFiles', () => {
  it('removes the named messages and the mails addressed to the person, and keeps everybody else’s', async () => {
    const dir = join(dataDir, 'mail')
    const transport = emlTransport(dir, { from: 'Tandem <noreply@example.org>', log: silent })
    const send = (id: string, to: string, text: string) =>
      transport.send({
        to: { email: to, name: '' },
        subject: 'Hello',
        text,
        html: `<p>${text}</p>`,
        messageId: `<${id}@example.org>`,
        headers: {},
      })
    await send('to-zelda', 'Zelda.Q@example.org', 'Hello Zelda')
    await send('about-zelda', 'marta@example.org', 'Your tandem partner, named only in the data')
    await send('to-marta', 'marta@example.org', 'Hello Marta')
    await eraseEmlFiles(dir, { messageIds: ['<about-zelda@example.org>'], address: 'zelda.q@example.org' })
    expect(await readdir(dir)).toEqual(['to-marta_example.org.eml'])
  })

  it('does nothing when no mail was ever written', async () => {
    await expect(
      eraseEmlFiles(join(dataDir, 'mail'), { messageIds: ['<x@example.org>'], address: 'a@example.org' }),
    ).resolves.toBeUndefined()
  })
})
