// Without SMTP_URL a single-machine install still "sends": each message becomes an .eml file under
// the data folder, readable by any mail client, and a log line says where it went.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { simpleParser } from 'mailparser'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { emlFileName, emlTransport, outboxMessageId, type MailLog, type MailTransport } from '../src/index.js'
import { enqueue, manualClock, workerOver } from './support/delivery.setup.js'
import { memoryOutbox } from './support/outbox.memory.js'
import { org } from './support/samples.js'

let dataDir: string
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'tandem-mail-'))
})
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

const recordingLog = () => {
  const lines: { fields: object; message: string }[] = []
  const log: MailLog = { info: (fields, message) => lines.push({ fields, message }), warn: () => {}, error: () => {} }
  return { log, lines }
}

describe('.eml transport', () => {
  it("writes each delivered message as an RFC 822 file in the recipient's language and logs it", async () => {
    const outbox = memoryOutbox()
    const { log, lines } = recordingLog()
    const mailDir = join(dataDir, 'mail')
    const id = enqueue(
      outbox,
      {
        type: 'APPROVE_TANDEM',
        data: { audience: 'Mentee', firstName: 'Mia', partner: { firstName: 'Max', lastName: 'Muster', email: 'max@example.org' } },
      },
      { email: 'mia@example.org', language: 'de' },
    )
    const report = await workerOver(
      outbox,
      emlTransport(mailDir, { from: 'noreply@mentoring-mitte.example', log }),
      manualClock(),
    ).runOnce()

    expect(report).toMatchObject({ sent: 1 })
    const files = await readdir(mailDir)
    expect(files).toEqual([emlFileName(outboxMessageId(org, id))])
    const raw = await readFile(join(mailDir, files[0] ?? ''))
    expect(raw.includes('\r\n')).toBe(true)
    const mail = await simpleParser(raw)
    expect(mail.subject).toBe('Es passt: Sie und Max sind jetzt ein Tandem')
    expect(mail.messageId).toBe(outboxMessageId(org, id))
    expect(mail.headers.get('content-language')).toBe('de')
    expect(mail.text).toContain('max@example.org')
    expect(mail.html || '').toContain(`href="${org.publicUrl}/"`)
    expect(outbox.row(id).status).toBe('sent')
    expect(lines).toHaveLength(1)
    expect(lines[0]?.fields).toMatchObject({ file: join(mailDir, files[0] ?? '') })
  })

  it('names files after the Message-ID, so a re-send of one outbox row cannot produce a second file', async () => {
    const transport = emlTransport(dataDir, { from: 'noreply@x.example', log: recordingLog().log })
    const message = {
      to: { email: 'mia@example.org', name: 'Mia' },
      subject: 'S',
      text: 'T',
      html: '<p>T</p>',
      messageId: '<tandem-outbox-42@tandem.example.org>',
      headers: {},
    }
    await transport.send(message)
    await transport.send({ ...message, text: 'second try' })
    expect(await readdir(dataDir)).toEqual(['tandem-outbox-42_tandem.example.org.eml'])
    expect(emlFileName('<../../etc/passwd@x>')).not.toContain('/')
  })

  it('counts a folder it cannot write as a temporary failure and keeps the message for a retry', async () => {
    const outbox = memoryOutbox()
    const blocked = join(dataDir, 'not-a-folder')
    await writeFile(blocked, 'a file where the mail folder should be')
    const id = enqueue(outbox, { type: 'DECLINE_TANDEM', data: { firstName: 'Mia', infoText: null } }, { email: 'mia@example.org' })
    const report = await workerOver(
      outbox,
      emlTransport(blocked, { from: 'noreply@x.example', log: recordingLog().log }),
      manualClock(),
    ).runOnce()
    expect(report).toMatchObject({ retried: 1 })
    expect(outbox.row(id)).toMatchObject({ status: 'pending', attempts: 1 })
  })

  it('exactly once across a crash: a retry that finds the file written by the dead worker counts it sent and leaves it alone', async () => {
    const outbox = memoryOutbox()
    const clock = manualClock()
    const mailDir = join(dataDir, 'mail')
    const eml = emlTransport(mailDir, { from: 'noreply@x.example', log: recordingLog().log })
    const id = enqueue(outbox, { type: 'DECLINE_TANDEM', data: { firstName: 'Mia', infoText: null } }, { email: 'mia@example.org' })
    // The process writes the file, then dies before it can record the delivery.
    let written: () => void = () => {}
    const wroteFile = new Promise<void>((resolve) => (written = resolve))
    const dying: MailTransport = {
      send: async (m) => {
        await eml.send(m)
        written()
        await new Promise(() => {})
      },
      close: async () => {},
    }
    void workerOver(outbox, dying, clock, { name: 'dead', leaseMs: 60_000 }).runOnce()
    await wroteFile
    const [file] = await readdir(mailDir)
    const before = await readFile(join(mailDir, file ?? ''))
    expect(outbox.row(id).status).toBe('sending')

    clock.advance(60_001)
    const report = await workerOver(outbox, eml, clock, { name: 'restarted' }).runOnce()
    expect(report).toMatchObject({ interrupted: 1, claimed: 1, sent: 1 })
    expect(outbox.row(id).status).toBe('sent')
    expect(await readdir(mailDir)).toEqual([file])
    expect((await readFile(join(mailDir, file ?? ''))).equals(before)).toBe(true)
  })
})
