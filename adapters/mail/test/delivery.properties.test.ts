// Properties of delivery under random schedules: two workers run rounds side by side while the
// transport accepts, fails for a while, refuses for good, stalls past a lease or hangs (a process
// dying mid-send).
// Whatever happens, no message is lost or stuck: once the storm is over every message is either
// sent (delivered at least once; twice only when a lease ran out while it was being sent) or failed
// for a recorded reason without having been delivered.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DeliveryError, INTERRUPTED_GIVEN_UP, type DeliveryWorker, type MailTransport } from '../src/index.js'
import { enqueue, manualClock, workerOver } from './support/delivery.setup.js'
import { memoryOutbox } from './support/outbox.memory.js'

type Outcome = 'ok' | 'temporary' | 'permanent' | 'stall' | 'hang'
type Round = { readonly a: boolean; readonly b: boolean; readonly advance: number }
type Side = 'a' | 'b'

const MAX_ATTEMPTS = 4
const LEASE = 5 * 60_000

const scenario = fc.record({
  messages: fc.integer({ min: 1, max: 12 }),
  script: fc.array(fc.constantFrom<Outcome>('ok', 'ok', 'temporary', 'permanent', 'stall', 'hang'), { maxLength: 30 }),
  rounds: fc.array(fc.record({ a: fc.boolean(), b: fc.boolean(), advance: fc.constantFrom(0, 30_000, 60_000, LEASE + 1) }), {
    maxLength: 12,
  }),
  batchSize: fc.integer({ min: 1, max: 5 }),
})

/**
 * Plays a scenario. The transport is a stand-in for the port that follows a script: 'stall' holds a
 * send until the end of the round (a slow SMTP server: the clock moves on, leases may run out, and
 * the send then succeeds); 'hang' never returns (the process died; a fresh worker replaces it).
 */
const run = async (s: { messages: number; script: Outcome[]; rounds: readonly Round[]; batchSize: number }) => {
  const outbox = memoryOutbox()
  const clock = manualClock()
  const delivered: string[] = []
  const ids = Array.from({ length: s.messages }, (_, n) =>
    enqueue(outbox, { type: 'DECLINE_TANDEM', data: { firstName: 'Mia', infoText: null } }, { email: `m${n}@example.org` }),
  )
  const script = [...s.script]
  const stalled: (() => void)[] = []

  type State = {
    readonly worker: DeliveryWorker
    readonly generation: number
    pending: Promise<void> | null
    blocked: boolean
    wake: () => void
  }
  const transportFor = (side: Side, generation: number): MailTransport => ({
    send: (m) => {
      const id = m.headers['X-Tandem-Outbox-Id'] ?? '?'
      const state = sides[side]
      switch (script.shift() ?? 'ok') {
        case 'ok':
          delivered.push(id)
          return Promise.resolve()
        case 'temporary':
          return Promise.reject(new DeliveryError('421 try later', false, 421))
        case 'permanent':
          return Promise.reject(new DeliveryError('550 no such user', true, 550))
        case 'stall':
          state.blocked = true
          state.wake()
          return new Promise<void>((resolve) =>
            stalled.push(() => {
              delivered.push(id)
              state.blocked = false
              resolve()
            }),
          )
        case 'hang':
          if (state.generation === generation) replace(side)
          return new Promise<void>(() => {})
      }
    },
    close: async () => {},
  })
  const fresh = (side: Side, generation: number): State => ({
    worker: workerOver(outbox, transportFor(side, generation), clock, {
      name: `${side}${generation}`,
      batchSize: s.batchSize,
      maxAttempts: MAX_ATTEMPTS,
      leaseMs: LEASE,
    }),
    generation,
    pending: null,
    blocked: false,
    wake: () => {},
  })
  const sides: Record<Side, State> = { a: fresh('a', 0), b: fresh('b', 0) }
  const replace = (side: Side) => {
    const dead = sides[side]
    sides[side] = fresh(side, dead.generation + 1)
    dead.wake()
  }
  /** Runs a round of one side until it finishes or blocks in a send. */
  const step = (side: Side): Promise<void> => {
    const state = sides[side]
    if (state.blocked) return Promise.resolve()
    if (state.pending === null)
      state.pending = state.worker.runOnce().then(() => {
        state.pending = null
      })
    const pending = state.pending
    return new Promise<void>((resolve) => {
      state.wake = resolve
      void pending.then(resolve)
    })
  }

  for (const r of s.rounds) {
    await Promise.all([r.a ? step('a') : null, r.b ? step('b') : null])
    clock.advance(r.advance)
    for (const release of stalled.splice(0)) release()
  }
  // The storm is over: the transport accepts everything, stalled rounds finish, then one worker drains.
  script.length = 0
  for (const release of stalled.splice(0)) release()
  await Promise.all([sides.a.pending, sides.b.pending])
  for (let drain = 0; drain < 200; drain += 1) {
    clock.advance(24 * 3_600_000)
    const report = await sides.a.worker.runOnce()
    if (report.claimed === 0 && report.requeued === 0) break
  }
  return { outbox, ids, delivered }
}

describe('delivery under random schedules (two workers, failures, crashes)', () => {
  it('leaves every message sent (delivered) or failed with a reason (not delivered); duplicates only after a stall or crash', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const { outbox, ids, delivered } = await run(s)
        if (!s.script.some((o) => o === 'stall' || o === 'hang')) expect(new Set(delivered).size).toBe(delivered.length)
        for (const id of ids) {
          const row = outbox.row(id)
          expect(['sent', 'failed']).toContain(row.status)
          expect(row.status === 'sent').toBe(delivered.includes(String(id)))
          if (row.status === 'failed')
            expect(
              row.lastError === INTERRUPTED_GIVEN_UP || row.lastError?.startsWith('550') === true || row.attempts >= MAX_ATTEMPTS,
            ).toBe(true)
        }
      }),
      { numRuns: 150 },
    )
  })

  it('delivers every message when failures are only temporary and fewer than the attempt limit: exactly once unless a send stalled past its lease', async () => {
    await fc.assert(
      fc.asyncProperty(
        scenario.map((s) => ({
          ...s,
          script: s.script.filter((o) => o === 'ok' || o === 'temporary' || o === 'stall').slice(0, MAX_ATTEMPTS - 1),
        })),
        async (s) => {
          const { ids, delivered } = await run(s)
          expect([...new Set(delivered)].sort()).toEqual(ids.map(String).sort())
          if (!s.script.includes('stall')) expect([...delivered].sort()).toEqual(ids.map(String).sort())
        },
      ),
      { numRuns: 100 },
    )
  })
})
