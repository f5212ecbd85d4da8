// The bench guard (`npm run bench -- check`, CI after the tests; docs/matching.md "The bench guard"):
// short versions of the matching benches, each a ratio against a baseline measured in the same run,
// printed beside the ratio recorded in bench/baselines.json. A figure more than 25 % worse than its
// record is flagged; the guard fails (exit code 1) only when one is worse by more than half (twice
// the latency, half the speed-up), which no noise on these shared machines explains. It never
// fails on a figure that got better: record it on purpose, with the reason in the commit.
import { readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Figure } from './check.figures.js'
import { table } from './measure.js'

type Recorded = { readonly value: number; readonly unit: string; readonly better: 'higher' | 'lower' }
type Baselines = { readonly recorded: string; readonly note: string; readonly figures: Readonly<Record<string, Recorded>> }

const here = dirname(fileURLToPath(import.meta.url))
/** Worse by more than this factor: flagged. */
const FLAG = 1.25
/** Worse by more than this factor (a fall of more than half): the guard fails. */
const FAIL = 2

/** How many times worse than recorded (below 1: better). */
const worseBy = (figure: Figure, recorded: Recorded): number =>
  figure.better === 'higher' ? recorded.value / figure.value : figure.value / recorded.value

const loads = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')

/** Each bench's short version, in the order they run; `only` keeps those whose file name contains it. */
const CHECKS: readonly { readonly file: string; readonly run: () => Promise<Figure[]> }[] = [
  { file: 'core', run: async () => (await import('./core.bench.js')).check() },
  { file: 'cohort', run: async () => (await import('./cohort.bench.js')).check() },
  { file: 'server', run: async () => (await import('./server.bench.js')).check() },
  { file: 'waitlist', run: async () => (await import('./waitlist.bench.js')).check() },
  { file: 'statistics', run: async () => (await import('./statistics.bench.js')).check() },
]

export const runChecks = async (only?: string): Promise<number> => {
  const baselines = JSON.parse(readFileSync(join(here, 'baselines.json'), 'utf8')) as Baselines
  const started = performance.now()
  console.log(`bench guard: load average before ${loads()}; baselines recorded ${baselines.recorded} (${baselines.note})`)
  const rows: string[][] = [['figure', 'now', 'recorded', 'worse by', 'verdict', 'what', 'behind it']]
  let failed = false
  for (const check of CHECKS.filter((c) => only === undefined || c.file.includes(only))) {
    const begun = performance.now()
    for (const figure of await check.run()) {
      const recorded = baselines.figures[figure.key]
      const worse = recorded === undefined ? Number.NaN : worseBy(figure, recorded)
      const verdict =
        recorded === undefined
          ? 'no record'
          : !Number.isFinite(figure.value) || worse > FAIL
            ? 'FELL BY MORE THAN HALF'
            : worse > FLAG
              ? 'WORSE BY MORE THAN 25 %'
              : 'ok'
      if (verdict === 'FELL BY MORE THAN HALF') failed = true
      rows.push([
        figure.key,
        `${figure.value.toFixed(2)} ${figure.unit}`,
        recorded === undefined ? '–' : recorded.value.toFixed(2),
        Number.isNaN(worse) ? '–' : `${((worse - 1) * 100).toFixed(0)} %`,
        verdict,
        figure.what,
        `${figure.detail}; ${((performance.now() - begun) / 1000).toFixed(0)} s`,
      ])
    }
  }
  console.log(table(rows))
  console.log(
    `bench guard: ${((performance.now() - started) / 1000).toFixed(0)} s, load average after ${loads()}; ` +
      `flagged above ${((FLAG - 1) * 100).toFixed(0)} % worse, failing above ${((FAIL - 1) * 100).toFixed(0)} % worse (a fall of more than half)`,
  )
  return failed ? 1 : 0
}
