// npm run lint: writes the OpenAPI document the server serves (generated from the route table) to
// a temporary file and lints it with Redocly CLI's recommended rules (redocly.yaml); any error or
// warning fails.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { API_VERSION, openApiDocument, routeTable, type Services } from '@tandem/http'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

/** Describing the routes calls no service. */
const noServices = new Proxy({}, { get: () => new Proxy({}, { get: () => () => undefined }) }) as Services

const dir = mkdtempSync(join(tmpdir(), 'tandem-openapi-'))
try {
  const file = join(dir, 'openapi.json')
  writeFileSync(file, JSON.stringify(openApiDocument(routeTable(noServices), API_VERSION), null, 2))
  const lint = spawnSync(
    join(root, 'node_modules', '.bin', 'redocly'),
    ['lint', file, '--config', join(root, 'redocly.yaml'), '--max-problems', '100'],
    { stdio: 'inherit', env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
  )
  process.exitCode = lint.status ?? 1
} finally {
  rmSync(dir, { recursive: true, force: true })
}
