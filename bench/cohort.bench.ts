// Whole-cohort matching benchmark: assignCohort on the fixture questionnaire with popular (Zipf)
// answers, beside npm munkres on the same instances up to 10,000 × 10,000 (about 26 s and 1 GB for
// munkres there; its dense matrix at 50,000 × 20,000 would need 16 GB).
// Each size runs in a fresh child process (one core), so its peak RSS is its own.
// Targets: 5,000 × 5,000 within 1 s; 10,000 × 10,000 within 3 s; 50,000 × 20,000 with
// capacities 1–3 within 60 s and 2 GiB.
import { spawnSync } from 'node:child_process'
import { loadavg } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Figure } from './check.figures.js'
import { table } from './measure.js'

type Result = {
  mentees: number
  mentors: number
  places: number
  seconds: number
  cpu: number
  phases: string
  peakMb: number
  heapMb: number
  matched: number
  meanPercentage: number
  munkresSeconds: number | null
  munkresAgrees: boolean | null
  stats: {
    candidatePairs: number
    keptPairs: number
    rounds: number
    rescoredMentees: number
    reserveWidenings: number
    augmentations: number
  }
}

const here = dirname(fileURLToPath(import.meta.url))

const SIZES: readonly {
  mentees: number
  mentors: number
  maxCapacity: number
  munkres: boolean
  targetSeconds?: number
  targetMb?: number
  /** A question added that this share of each side has answered since (docs/matching.md, unanswered questions). */
  answeredAdded?: number
}[] = [
  { mentees: 1_000, mentors: 1_000, maxCapacity: 1, munkres: true },
  { mentees: 2_000, mentors: 2_000, maxCapacity: 1, munkres: true },
  { mentees: 3_000, mentors: 3_000, maxCapacity: 1, munkres: true },
  { mentees: 5_000, mentors: 5_000, maxCapacity: 1, munkres: true, targetSeconds: 1 },
  { mentees: 10_000, mentors: 10_000, maxCapacity: 1, munkres: true, targetSeconds: 3 },
  { mentees: 50_000, mentors: 20_000, maxCapacity: 3, munkres: false, targetSeconds: 60, targetMb: 2048 },
  { mentees: 2_000, mentors: 2_000, maxCapacity: 1, munkres: false, answeredAdded: 1 / 3 },
  { mentees: 10_000, mentors: 10_000, maxCapacity: 1, munkres: false, targetSeconds: 3, answeredAdded: 1 / 3 },
]

// The child loads TypeScript as the server's cohort worker does (cohort.worker.mjs): tsx's ES module
// hooks only. tsx's CommonJS hooks run a WebAssembly lexer in the process whose memory grows, which
// detaches an ArrayBuffer; from then on V8 checks every typed-array access for detachment, and the
// solver took 15–20 % more CPU time (decision 0014, fifth step) than in the worker it runs in.
const runChild = (size: (typeof SIZES)[number]): Result => {
  const args = [
    '--max-old-space-size=4096',
    '--import',
    'tsx/esm',
    join(here, 'cohort.child.ts'),
    String(size.mentees),
    String(size.mentors),
    String(size.maxCapacity),
    size.munkres ? '1' : '0',
    String(size.answeredAdded ?? -1),
  ]
  const child = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 20 })
  const line = child.stdout.split('\n').find((l) => l.startsWith('{'))
  if (child.status !== 0 || line === undefined) throw new Error(`cohort bench child failed: ${child.stderr}`)
  return JSON.parse(line) as Result
}

const n = (x: number) => x.toLocaleString('en')

export default async (): Promise<void> => {
  const filter = process.argv[3]
  const sizes = filter === undefined ? SIZES : SIZES.filter((s) => `${s.mentees}x${s.mentors}` === filter)
  console.log(
    `load average before: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} (2 cores, shared); threshold 30 %, objective maxMatched, Zipf 1.2 answers`,
  )
  const rows: (string | number)[][] = [
    [
      'mentees × mentors',
      'places',
      'CPU s',
      'wall s',
      'peak RSS MB',
      'matched',
      'mean %',
      'pairs kept / candidates',
      'rows widened',
      'munkres s',
      'munkres / ours',
      'target',
    ],
  ]
  const details: string[] = []
  for (const size of sizes) {
    const r = runChild(size)
    const ratio =
      r.munkresSeconds === null ? '' : `${(r.munkresSeconds / r.cpu).toFixed(1)}x${r.munkresAgrees === true ? '' : ' DISAGREES'}`
    const met =
      size.targetSeconds === undefined
        ? ''
        : r.cpu <= size.targetSeconds && (size.targetMb === undefined || r.peakMb <= size.targetMb)
          ? `met (${size.targetSeconds} s)`
          : `MISSED (${size.targetSeconds} s)`
    rows.push([
      `${n(r.mentees)} × ${n(r.mentors)}${size.answeredAdded === undefined ? '' : ', a question added, ⅓ answered'}`,
      n(r.places),
      r.cpu.toFixed(2),
      r.seconds.toFixed(2),
      r.peakMb.toFixed(0),
      n(r.matched),
      r.meanPercentage.toFixed(1),
      `${n(r.stats.keptPairs)} / ${n(r.stats.candidatePairs)}`,
      n(r.stats.rescoredMentees),
      r.munkresSeconds === null ? '–' : r.munkresSeconds.toFixed(2),
      ratio,
      met,
    ])
    details.push(
      `${n(r.mentees)} × ${n(r.mentors)}: ${r.phases}heap ${r.heapMb.toFixed(0)} MB, ${n(r.stats.augmentations)} shortest paths, ${n(r.stats.rescoredMentees)} rows widened over every mentor, ${n(r.stats.reserveWidenings)} widened from their reserve`,
    )
  }
  console.log(table(rows))
  console.log(details.join('\n'))
  console.log(
    `load average after: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(
        ' ',
      )}. CPU s is the child's CPU time (scoring included); munkres s is its CPU time on the solve only (the dense matrix handed to it ready-made).`,
  )
}

/** The bench guard's short version: 5,000 × 5,000 beside munkres (about 10 s on one core). */
export const check = async (): Promise<Figure[]> => {
  const r = runChild({ mentees: 5_000, mentors: 5_000, maxCapacity: 1, munkres: true })
  if (r.munkresSeconds === null || r.munkresAgrees !== true) throw new Error('cohort check: munkres disagrees with the solver')
  return [
    {
      key: 'cohort-5000',
      what: 'whole-cohort solve, 5,000 × 5,000',
      value: r.munkresSeconds / r.cpu,
      unit: '× munkres',
      better: 'higher',
      detail: `${r.cpu.toFixed(2)} CPU s (scoring included), munkres ${r.munkresSeconds.toFixed(2)} s`,
    },
  ]
}
