// Runs Tandem: loads the configuration, listens, sweeps deadlines and delivers mail on intervals,
// and shuts down gracefully on SIGTERM / SIGINT (finish requests, stop timers, close the database).
import { HOUR } from '@tandem/core'
import { isLeft } from 'fp-ts/lib/Either.js'
import { decodeConfig } from './config.js'
import { createScheduler } from './scheduler.js'
import { DATA_FOLDER_BUSY, createServer, type TandemServer } from './server.js'

/** A refusal an operator can act on: the message alone, no stack, exit code 1. */
const refuse = (message: string): never => {
  process.stderr.write(`Tandem cannot start: ${message}\n`)
  process.exit(1)
}

const decoded = decodeConfig(process.env)
const config = isLeft(decoded) ? refuse(`the configuration is refused:\n${decoded.left.map((p) => `  ${p}`).join('\n')}`) : decoded.right
let server: TandemServer
try {
  server = await createServer(config)
} catch (err) {
  if (err instanceof Error && err.name === DATA_FOLDER_BUSY) refuse(err.message)
  throw err
}
const { logger } = server

const listener = server.app.listen(config.port, config.host, () => {
  logger.info({ port: config.port, publicUrl: config.publicUrl, dataDir: config.dataDir }, 'Tandem is listening')
})

const every = (ms: number, what: string, task: () => unknown): NodeJS.Timeout =>
  setInterval(() => {
    Promise.resolve()
      .then(task)
      .catch((err: unknown) => logger.error({ err }, `${what} failed`))
  }, ms)

// The sweeps run under a lease in the database (one instance at a time); mail delivery needs none,
// since the outbox leases each message to one worker.
const scheduler = createScheduler({
  leases: server.leases,
  holder: server.instance,
  now: server.ctx.clock,
  log: logger,
  minimumLeaseMs: config.sweepLeaseMs,
  tasks: [
    { name: 'deadline-sweep', intervalMs: config.sweepIntervalMs, run: server.sweep },
    { name: 'reminder-sweep', intervalMs: config.sweepIntervalMs, run: server.sweepReminders },
    { name: 'check-ins', intervalMs: config.sweepIntervalMs, run: server.sweepCheckIns },
    { name: 'meeting-reminders', intervalMs: config.sweepIntervalMs, run: server.sweepMeetingReminders },
    // Retention counts in days and months: once an hour is soon enough.
    { name: 'retention-sweep', intervalMs: Math.max(config.sweepIntervalMs, HOUR), run: server.sweepRetention },
    // Replaces today's record each round, so the last round of a day stands for it.
    { name: 'pool-snapshot', intervalMs: config.sweepIntervalMs, run: server.snapshotPool },
    // Runs an instance left PENDING when it stopped: another instance clears them once they are stale.
    { name: 'interrupted-runs', intervalMs: config.sweepIntervalMs, run: server.sweepInterruptedRuns },
    // Matching for the waitlist once a place opened (a trigger row): one instance at a time.
    { name: 'waitlist', intervalMs: config.sweepIntervalMs, run: server.serveWaitlist },
  ],
})
scheduler.start()
const timers = [every(config.mailIntervalMs, 'mail delivery', server.deliverMail)]

let stopping = false
const stop = (signal: string) => {
  if (stopping) return
  stopping = true
  logger.info({ signal }, 'shutting down')
  for (const t of timers) clearInterval(t)
  const force = setTimeout(() => {
    logger.error({}, 'forced exit after 10 s')
    process.exit(1)
  }, 10_000)
  force.unref()
  listener.close(() => {
    scheduler
      .stop()
      .then(() => server.close())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          logger.error({ err }, 'close failed')
          process.exit(1)
        },
      )
  })
  listener.closeIdleConnections()
}
process.on('SIGTERM', () => stop('SIGTERM'))
process.on('SIGINT', () => stop('SIGINT'))
