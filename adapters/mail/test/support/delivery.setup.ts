// Shared set-up of the delivery tests: a clock the test moves by hand, an outbox filled with one
// message per sample, and a worker over a chosen transport.
import * as E from 'fp-ts/lib/Either.js'
import { userIdOf, type Language } from '@tandem/core'
import {
  createDeliveryWorker,
  prepareNotification,
  silentLog,
  type DeliveryWorkerOptions,
  type MailTransport,
  type Notification,
} from '../../src/index.js'
import type { MemoryOutbox } from './outbox.memory.js'
import { org } from './samples.js'

export const START = Date.UTC(2026, 10, 22, 9, 0)

export type Clock = { now: number; readonly read: () => number; readonly advance: (ms: number) => void }

export const manualClock = (start: number = START): Clock => {
  const clock: Clock = {
    now: start,
    read: () => clock.now,
    advance: (ms) => {
      clock.now += ms
    },
  }
  return clock
}

export const enqueue = (
  outbox: MemoryOutbox,
  notification: Notification,
  to: { readonly email: string; readonly name?: string; readonly language?: Language; readonly userId?: number },
  now: number = START,
): number => {
  const row = prepareNotification(
    notification,
    { recipient: { email: to.email, name: to.name ?? 'Mia Meier' }, language: to.language ?? 'en', userId: userIdOf(to.userId ?? 1) },
    org,
    now,
  )
  if (E.isLeft(row)) throw new Error(`test set-up: bad recipient ${to.email}`)
  return outbox.enqueue(row.right)
}

export const workerOver = (
  outbox: MemoryOutbox,
  transport: MailTransport,
  clock: Clock,
  options: Partial<Pick<DeliveryWorkerOptions, 'backoff' | 'maxAttempts' | 'batchSize' | 'leaseMs' | 'log'>> & {
    readonly name?: string
  } = {},
) =>
  createDeliveryWorker({
    outbox,
    transport,
    now: clock.read,
    org,
    worker: options.name ?? 'worker-a',
    log: options.log ?? silentLog,
    backoff: options.backoff ?? ((attempt) => attempt * 60_000),
    ...(options.maxAttempts === undefined ? {} : { maxAttempts: options.maxAttempts }),
    ...(options.batchSize === undefined ? {} : { batchSize: options.batchSize }),
    ...(options.leaseMs === undefined ? {} : { leaseMs: options.leaseMs }),
  })
