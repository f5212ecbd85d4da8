// A real server process for the concurrency and crash tests: the production server, but verifying
// tokens with the test's public key (TEST_JWK). Prints {"port": n} once listening.
import { API_AUDIENCE } from '@tandem/core'
import { createTokenVerifier } from '@tandem/identity'
import { pino } from 'pino'
import { createServer, loadConfig } from '../../src/index.js'

const jwk = JSON.parse(process.env['TEST_JWK'] ?? '{}') as Record<string, string>
const config = loadConfig({ ...process.env, PORT: '0' })
const server = await createServer(config, {
  verifyToken: createTokenVerifier({ issuer: process.env['TEST_ISSUER'] ?? '', audience: API_AUDIENCE, keySet: { keys: [jwk] } }),
  logger: pino({ level: 'silent' }),
})
const listener = server.app.listen(0, '127.0.0.1', () => {
  const address = listener.address()
  process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address !== null ? address.port : 0 })}\n`)
})
