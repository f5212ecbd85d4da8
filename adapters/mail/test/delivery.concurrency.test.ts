// None lost: two workers sharing one outbox never send a message twice while their leases hold, and
// a worker that dies or stalls mid-delivery leaves its messages to the other worker, the one it was
// handing to SMTP included (at least once: a duplicate carries the same Message-ID).
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { INTERRUPTED_GIVEN_UP, smtpTransport, type MailTransport, type Notification, type OutgoingMail } from '../src/index.js'
import { enqueue, manualClock, workerOver, type Clock } from './support/delivery.setup.js'
import { memoryOutbox, type MemoryOutbox } from './support/outbox.memory.js'
import { headerText, startTestSmtp, type TestSmtp } from './support/smtp.server.js'

const FROM = 'noreply@mentoring-mitte.example'
const note: Notification = { type: 'REMINDER_UNPUBLISHED_USER_PROFILE', data: { firstName: 'Max', lastSavedAt: Date.UTC(2026, 10, 1) } }

let smtp: TestSmtp
let transport: MailTransport
let outbox: MemoryOutbox
let clock: Clock

beforeEach(async () => {
  smtp = await startTestSmtp()
  transport = smtpTransport(smtp.url, { from: FROM, pool: true })
  outbox = memoryOutbox()
  clock = manualClock()
})

afterEach(async () => {
  await transport.close()
  await smtp.stop()
})

const deliveredIds = async (): Promise<string[]> => (await smtp.parsed()).map((m) => headerText(m, 'x-tandem-outbox-id')).sort()
/** Outbox id -> the Message-IDs its deliveries carried. */
const messageIdsByRow = async (): Promise<Map<string, string[]>> => {
  const byRow = new Map<string, string[]>()
  for (const m of await smtp.parsed()) {
    const id = headerText(m, 'x-tandem-outbox-id')
    byRow.set(id, [...(byRow.get(id) ?? []), m.messageId ?? ''])
  }
  return byRow
}

/** A transport that holds its first message until the test opens the gate: a stalled process. */
const stalling = (inner: MailTransport) => {
  let reached: () => void = () => {}
  let open: () => void = () => {}
  const atGate = new Promise<void>((resolve) => (reached = resolve))
  const gate = new Promise<void>((resolve) => (open = resolve))
  let first = true
  const t: MailTransport = {
    send: async (m: OutgoingMail) => {
      if (first) {
        first = false
        reached()
        await gate
      }
      await inner.send(m)
    },
    close: inner.close,
  }
  return { transport: t, atGate, open }
}

describe('two workers on one outbox', () => {
  it('never send one message twice, and together deliver all of them', async () => {
    const ids = Array.from({ length: 24 }, (_, n) => enqueue(outbox, note, { email: `mentor${n}@example.org` }))
    const a = workerOver(outbox, transport, clock, { name: 'worker-a', batchSize: 5 })
    const b = workerOver(outbox, transport, clock, { name: 'worker-b', batchSize: 5 })

    let sentByA = 0
    let sentByB = 0
    for (let round = 0; round < 10; round += 1) {
      const [ra, rb] = await Promise.all([a.runOnce(), b.runOnce()])
      sentByA += ra.sent
      sentByB += rb.sent
    }
    expect(await deliveredIds()).toEqual(ids.map(String).sort())
    expect(sentByA + sentByB).toBe(ids.length)
    // Both really took part, so the test exercised sharing and not one worker doing everything.
    expect(sentByA).toBeGreaterThan(0)
    expect(sentByB).toBeGreaterThan(0)
    expect(outbox.rows().every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true)
  })

  it('a stalled worker: its messages pass to the other worker; the one it was sending arrives twice with one Message-ID', async () => {
    const ids = [1, 2, 3, 4, 5].map((n) => enqueue(outbox, note, { email: `mentor${n}@example.org` }))
    const stalled = stalling(transport)
    const a = workerOver(outbox, stalled.transport, clock, { name: 'worker-a', leaseMs: 60_000 })
    const b = workerOver(outbox, transport, clock, { name: 'worker-b', leaseMs: 60_000 })

    const runA = a.runOnce()
    await stalled.atGate
    clock.advance(60_001)
    const reportB = await b.runOnce()
    expect(reportB).toMatchObject({ requeued: 4, interrupted: 1, abandoned: 0, claimed: 5, sent: 5 })
    const first = ids[0] ?? 0
    expect(outbox.row(first)).toMatchObject({ status: 'sent', attempts: 2 })

    stalled.open()
    // Worker A finishes the message it had handed over, then finds its other leases gone.
    expect(await runA).toMatchObject({ claimed: 5, sent: 1, skipped: 4 })
    expect(outbox.row(first).status).toBe('sent')
    expect(await deliveredIds()).toEqual([...ids.map(String), String(first)].sort())
    const byRow = await messageIdsByRow()
    expect(new Set(byRow.get(String(first))).size).toBe(1)
    expect(byRow.get(String(first))).toHaveLength(2)
  })

  it('a worker that died mid-delivery: the message it was sending is sent again, every message is delivered', async () => {
    const ids = [1, 2, 3].map((n) => enqueue(outbox, note, { email: `mentor${n}@example.org` }))
    const dead = stalling(transport)
    const a = workerOver(outbox, dead.transport, clock, { name: 'worker-a', leaseMs: 60_000 })
    const restarted = workerOver(outbox, transport, clock, { name: 'worker-a-restarted', leaseMs: 60_000 })

    void a.runOnce() // never resumes: the process is gone
    await dead.atGate
    clock.advance(60_001)
    for (let round = 0; round < 3; round += 1) {
      await restarted.runOnce()
      clock.advance(24 * 3_600_000)
    }
    expect(outbox.rows().map((r) => r.status)).toEqual(['sent', 'sent', 'sent'])
    expect(outbox.row(ids[0] ?? 0).attempts).toBe(2)
    expect(await deliveredIds()).toEqual(ids.map(String).sort())
  })

  it('a worker whose lease ran out before it reached a message does not send it', async () => {
    const ids = [1, 2].map((n) => enqueue(outbox, note, { email: `mentor${n}@example.org` }))
    const slow = stalling(transport)
    const a = workerOver(outbox, slow.transport, clock, { name: 'worker-a', leaseMs: 60_000 })
    const runA = a.runOnce()
    await slow.atGate
    clock.advance(60_001) // the lease is over, but nobody has recovered it yet
    slow.open()
    expect(await runA).toMatchObject({ sent: 1, skipped: 1 })
    const second = ids[1] ?? 0
    expect(outbox.row(second).status).toBe('sending')
    expect(outbox.row(second).attempts).toBe(0)
    // The next round recovers it as never tried, and sends it once.
    expect(await workerOver(outbox, transport, clock, { name: 'worker-b' }).runOnce()).toMatchObject({ requeued: 1, sent: 1 })
    expect(await deliveredIds()).toEqual(ids.map(String).sort())
  })

  it('one process whose rounds overlap: a stale round never sends what a later round has claimed before it tried', async () => {
    const ids = [1, 2].map((n) => enqueue(outbox, note, { email: `mentor${n}@example.org` }))
    // Holds the first two sends: round 1 on message 1, then round 2 on message 2.
    const gates = [0, 1].map(() => {
      let reached: () => void = () => {}
      let open: () => void = () => {}
      return {
        atGate: new Promise<void>((r) => (reached = r)),
        gate: new Promise<void>((r) => (open = r)),
        reached: () => reached(),
        open: () => open(),
      }
    })
    let sends = 0
    const gated: MailTransport = {
      send: async (m) => {
        const g = gates[sends++]
        if (g !== undefined) {
          g.reached()
          await g.gate
        }
        await transport.send(m)
      },
      close: transport.close,
    }
    const worker = workerOver(outbox, gated, clock, { name: 'worker-a', leaseMs: 60_000 })
    const round1 = worker.runOnce()
    await gates[0]?.atGate
    clock.advance(60_001)
    const round2 = worker.runOnce()
    await gates[1]?.atGate
    gates[0]?.open()
    expect(await round1).toMatchObject({ claimed: 2, sent: 1, skipped: 1 })
    gates[1]?.open()
    // Round 2 found message 1 interrupted and queued it again; claiming in id order, as the SQL
    // outbox does, it was already handing message 1 over when round 1's late success came: message 1
    // arrives twice (at least once, one Message-ID), message 2 once, from round 2 alone.
    expect(await round2).toMatchObject({ requeued: 1, interrupted: 1, claimed: 2, sent: 2, skipped: 0 })
    expect(await deliveredIds()).toEqual([ids[0], ids[0], ids[1]].map(String).sort())
    expect((await messageIdsByRow()).get(String(ids[0]))).toHaveLength(2)
    expect(new Set((await messageIdsByRow()).get(String(ids[0]))).size).toBe(1)
  })

  it('a message that kills its worker on every attempt is given up as failed after the attempt limit', async () => {
    const id = enqueue(outbox, note, { email: 'mentor1@example.org' })
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const dying = stalling(transport)
      void workerOver(outbox, dying.transport, clock, { name: `worker-${attempt}`, leaseMs: 60_000, maxAttempts: 3 }).runOnce()
      await dying.atGate
      clock.advance(60_001)
    }
    const report = await workerOver(outbox, transport, clock, { name: 'worker-last', maxAttempts: 3 }).runOnce()
    expect(report).toMatchObject({ abandoned: 1, sent: 0 })
    expect(outbox.row(id)).toMatchObject({ status: 'failed', lastError: INTERRUPTED_GIVEN_UP, attempts: 3 })
  })
})
