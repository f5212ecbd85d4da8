// Helpers of the waitlist tests: one round of the scheduled task as main.ts runs it, under the
// `waitlist` lease, and the waitlist mails written so far.
import { MINUTE } from '@tandem/core'
import { createScheduler } from '../../src/scheduler.js'
import type { Harness } from './harness.js'

const silent = { error: () => undefined, info: () => undefined }

export const waitlistTick = async (h: Harness): Promise<unknown> =>
  await createScheduler({
    leases: h.server.leases,
    holder: h.server.instance,
    now: h.server.ctx.clock,
    log: silent,
    tasks: [{ name: 'waitlist', intervalMs: MINUTE, run: h.server.serveWaitlist }],
  }).tick('waitlist')
