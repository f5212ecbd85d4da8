// Export benchmark: 10,000 mentees and 10,000 teams streamed to .xlsx, each in a fresh child process
// so its peak RSS is its own. Targets: under 5 s and under 300 MB each.
import { spawnSync } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { table } from './measure.js'

type Result = { kind: string; size: number; seconds: number; peakMb: number; baselineMb: number; fileMb: number }

const here = dirname(fileURLToPath(import.meta.url))

const runChild = (kind: 'users' | 'teams', size: number): Result => {
  const child = spawnSync(process.execPath, ['--import', 'tsx', join(here, 'exports.child.ts'), kind, String(size)], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  })
  const line = child.stdout.split('\n').find((l) => l.startsWith('{'))
  if (child.status !== 0 || line === undefined) throw new Error(`export bench child failed: ${child.stderr}`)
  return JSON.parse(line) as Result
}

export default async (): Promise<void> => {
  const rows: (string | number)[][] = [['export', 'rows', 'seconds', 'peak RSS MB', 'RSS before MB', 'file MB', 'target']]
  for (const kind of ['users', 'teams'] as const) {
    const r = runChild(kind, 10_000)
    const ok = r.seconds < 5 && r.peakMb < 300
    rows.push([
      kind === 'users' ? 'mentee user data' : 'matching teams',
      r.size.toLocaleString('en'),
      r.seconds.toFixed(2),
      r.peakMb.toFixed(0),
      r.baselineMb.toFixed(0),
      r.fileMb.toFixed(2),
      ok ? 'met (<5 s, <300 MB)' : 'MISSED',
    ])
  }
  console.log(table(rows))
}
