// Mail benchmark: template rendering per second, and delivery rounds through the real worker to a
// local smtp-server (one connection per message vs a pooled connection) and to .eml files.
// Run alone with `node --import tsx adapters/mail/bench/mail.bench.ts`, or re-export from bench/.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import * as E from 'fp-ts/lib/Either.js'
import {
  createDeliveryWorker,
  emlTransport,
  prepareNotification,
  renderNotification,
  silentLog,
  smtpTransport,
  type MailTransport,
} from '../src/index.js'
import { memoryOutbox } from '../test/support/outbox.memory.js'
import { org } from '../test/support/samples.js'
import { startTestSmtp } from '../test/support/smtp.server.js'
import { userIdOf } from '@tandem/core'

const perSecond = (count: number, ms: number): string => `${Math.round((count / ms) * 1000)}/s`

const benchRender = (): void => {
  const n = 20_000
  const start = performance.now()
  for (let i = 0; i < n; i += 1)
    renderNotification(
      'APPROVE_TANDEM',
      i % 2 === 0 ? 'en' : 'de',
      { audience: 'Mentee', firstName: `Mia ${i}`, partner: { firstName: 'Max', lastName: 'Muster', email: 'max@example.org' } },
      org,
    )
  const ms = performance.now() - start
  console.log(`render APPROVE_TANDEM (en/de alternating): ${n} in ${ms.toFixed(0)} ms = ${perSecond(n, ms)}`)
}

const benchDelivery = async (label: string, transport: MailTransport, n: number): Promise<void> => {
  const outbox = memoryOutbox()
  for (let i = 0; i < n; i += 1) {
    const row = prepareNotification(
      { type: 'DECLINE_TANDEM', data: { firstName: 'Mia', infoText: null } },
      { recipient: { email: `m${i}@example.org`, name: 'Mia' }, language: 'de', userId: userIdOf(i + 1) },
      org,
      0,
    )
    if (E.isRight(row)) outbox.enqueue(row.right)
  }
  const worker = createDeliveryWorker({ outbox, transport, now: () => Date.now(), org, worker: 'bench', log: silentLog, batchSize: 50 })
  const start = performance.now()
  let sent = 0
  while (sent < n) sent += (await worker.runOnce()).sent
  const ms = performance.now() - start
  console.log(`${label}: ${n} messages in ${ms.toFixed(0)} ms = ${perSecond(n, ms)}`)
  await transport.close()
}

export default async function mailBench(): Promise<void> {
  benchRender()
  const smtp = await startTestSmtp()
  try {
    await benchDelivery('SMTP, STARTTLS, one connection per message', smtpTransport(smtp.url, { from: 'bench@example.org' }), 100)
    await benchDelivery('SMTP, STARTTLS, pooled connection', smtpTransport(smtp.url, { from: 'bench@example.org', pool: true }), 500)
  } finally {
    await smtp.stop()
  }
  const dir = await mkdtemp(join(tmpdir(), 'tandem-mail-bench-'))
  try {
    await benchDelivery('.eml files', emlTransport(dir, { from: 'bench@example.org', log: silentLog }), 500)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await mailBench()
