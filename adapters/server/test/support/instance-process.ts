// One server instance as a real child process for the tests of several instances on one PostgreSQL
// database (DATABASE_URL in its environment): the production server verifying tokens with the
// test's public key (TEST_JWK), delivering mail from the outbox every MAIL_INTERVAL_MS and running
// the sweeps under their leases, as main.ts does. Prints {"port": n} once listening.
import { HOUR, API_AUDIENCE } from '@tandem/core'
import { createTokenVerifier } from '@tandem/identity'
import { pino } from 'pino'
import { createServer, loadConfig } from '../../src/index.js'
import { createScheduler } from '../../src/scheduler.js'

const jwk = JSON.parse(process.env['TEST_JWK'] ?? '{}') as Record<string, string>
const config = loadConfig({ ...process.env, PORT: '0' })
const server = await createServer(config, {
  verifyToken: createTokenVerifier({ issuer: process.env['TEST_ISSUER'] ?? '', audience: API_AUDIENCE, keySet: { keys: [jwk] } }),
  logger: pino({ level: process.env['TEST_LOG'] ?? 'silent' }),
})
const scheduler = createScheduler({
  leases: server.leases,
  holder: server.instance,
  now: server.ctx.clock,
  log: server.logger,
  tasks: [
    { name: 'deadline-sweep', intervalMs: config.sweepIntervalMs, run: server.sweep },
    { name: 'reminder-sweep', intervalMs: config.sweepIntervalMs, run: server.sweepReminders },
    { name: 'retention-sweep', intervalMs: Math.max(config.sweepIntervalMs, HOUR), run: server.sweepRetention },
    { name: 'interrupted-runs', intervalMs: config.sweepIntervalMs, run: server.sweepInterruptedRuns },
  ],
})
scheduler.start()
setInterval(() => {
  server.deliverMail().catch((err: unknown) => server.logger.error({ err }, 'mail delivery failed'))
}, config.mailIntervalMs)
const listener = server.app.listen(0, '127.0.0.1', () => {
  const address = listener.address()
  process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address !== null ? address.port : 0 })}\n`)
})
