// Web part of `npm run bench`: builds the participant app and prints its first download (gzip)
// against the 250 KiB budget, with the largest lazily loaded chunks.
import { join } from 'node:path'
import { build } from 'vite'
import { formatKiB, INITIAL_JS_BUDGET_BYTES, measureBundle } from '../web/bundle.budget.js'

export default async (): Promise<void> => {
  const root = join(import.meta.dirname, '../web')
  await build({ configFile: join(root, 'vite.config.ts'), root, logLevel: 'error' })
  const report = measureBundle(join(root, 'dist'))
  console.log('| initial file | gzip |')
  console.log('|---|---|')
  for (const f of report.initial) console.log(`| ${f.file} | ${formatKiB(f.gzipBytes)} |`)
  const verdict = report.initialGzipBytes <= INITIAL_JS_BUDGET_BYTES ? 'within' : 'OVER'
  console.log(`initial JavaScript: ${formatKiB(report.initialGzipBytes)} gzip (budget ${formatKiB(INITIAL_JS_BUDGET_BYTES)}, ${verdict} budget)`)
  console.log(`largest lazy chunks: ${report.lazy.slice(0, 5).map((f) => `${f.file} ${formatKiB(f.gzipBytes)}`).join(', ')}`)
}
