// Waitlist benchmark (npm run bench -- waitlist): a program with 10,000 waiting mentees and 10,000
// mentors published with matching paused (every run found nobody), in a real SQLite file; one new mentor publishes
// and the waitlist task serves the round that place opened (docs/matching.md#waitlist). Target: the
// round within 2 s on one core. Beside it, in the same run and on the same data, the full round
// (every waiting mentee ranked against the whole pool, as a trigger that names no mentor asks for),
// the baseline the figure is a ratio of.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { table } from './measure.js'

const cpuSecondsOf = ({ user, system }: NodeJS.CpuUsage): number => (user + system) / 1e6

const WAITING = Number(process.env['TANDEM_BENCH_WAITING'] ?? 10_000)
const MENTORS = Number(process.env['TANDEM_BENCH_MENTORS'] ?? 10_000)
const ROUNDS = Number(process.env['TANDEM_BENCH_ROUNDS'] ?? 3)
/** The full round ranks every waiting mentee against the whole pool: measured on a sample, scaled to all. */
const FULL_SAMPLE = 300
const ONE_PUBLISHED = 'one mentor published'
const FULL_ROUND = 'full round (baseline)'

type Round = { readonly label: string; readonly waiting: number; readonly wallS: number; readonly cpuS: number; readonly proposed: number }

export default async function waitlistBench(): Promise<void> {
  const { generatePopulation } = await import('@tandem/fixtures')
  const { createServer, loadConfig, seedPopulation } = await import('@tandem/server')
  const { pino } = await import('pino')

  const rounds: Round[] = []
  for (let r = 0; r < ROUNDS; r++) {
    const dir = mkdtempSync(join(tmpdir(), 'tandem-bench-waitlist-'))
    try {
      const server = await createServer(loadConfig({ DATA_DIR: dir, WEB_DIST: join(dir, 'none'), LOG_LEVEL: 'silent' }), {
        verifyToken: () => Promise.reject(new Error('no sign-in in this benchmark')),
        logger: pino({ level: 'silent' }),
      })
      const now = Date.now()
      // Every mentor published with matching paused (out of the pool, but in the packed pool a run ranks).
      const population = generatePopulation({ seed: 11 + r, mentees: WAITING, mentors: MENTORS, now, pausedShare: 1 })
      const newcomer = generatePopulation({ seed: 99 + r, mentees: 0, mentors: 1, now, pausedShare: 0 }).mentors[0]!
      const seedStart = performance.now()
      await seedPopulation(server, population, 'https://bench.local')
      console.log(`seeded ${(WAITING + MENTORS).toLocaleString('en')} people in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`)
      const k = server.db.kysely
      // Every mentor's matching paused (published, out of the pool); every mentee waiting since a run
      // that found nobody (after their answers were saved).
      await server.db.send(k.updateTable('users').set({ mentor_status: 'PAUSED' }).where('mentor_status', 'is not', null))
      await server.db.send(
        k
          .updateTable('users')
          .set((eb) => ({ mentee_no_match: 1, mentee_status: 'AVAILABLE', mentee_last_started_at: eb('id', '+', now + 60_000) }))
          .where('mentee_status', 'is not', null),
      )
      await server.db.send(k.deleteFrom('places_changed'))
      const timed = async (label: string, waiting: number): Promise<void> => {
        const cpu = process.cpuUsage()
        const start = performance.now()
        const round = await server.serveWaitlist()
        rounds.push({
          label,
          waiting,
          wallS: (performance.now() - start) / 1000,
          cpuS: cpuSecondsOf(process.cpuUsage(cpu)),
          proposed: round.proposed.length,
        })
      }
      // The newcomer publishes: a trigger naming them.
      await seedPopulation(
        server,
        { ...population, mentees: [], mentors: [{ ...newcomer, email: `newcomer.${r}@example.org` }] },
        'https://bench.local',
      )
      await timed(ONE_PUBLISHED, WAITING)
      // The baseline: the full round (a trigger naming nobody) for the first FULL_SAMPLE waiting mentees.
      const sample = await server.db.all(
        k.selectFrom('users').select('id').where('mentee_no_match', '=', 1).orderBy('id').limit(FULL_SAMPLE),
      )
      await server.db.send(
        k
          .updateTable('users')
          .set({ mentee_no_match: 0 })
          .where('mentee_no_match', '=', 1)
          .where(
            'id',
            'not in',
            sample.map((x) => x.id),
          ),
      )
      await server.db.send(k.insertInto('places_changed').values({ created_at: now, mentor_id: null }))
      await timed(FULL_ROUND, sample.length)
      await server.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
  console.log(
    `${WAITING.toLocaleString('en')} waiting mentees, ${MENTORS.toLocaleString('en')} mentors paused; target: the round within 2 s`,
  )
  console.log(
    table([
      ['round', 'waiting', 'wall s', 'CPU s', `CPU s for ${WAITING.toLocaleString('en')} waiting`, 'mentees proposed'],
      ...rounds.map((x) => [
        x.label,
        String(x.waiting),
        x.wallS.toFixed(2),
        x.cpuS.toFixed(2),
        ((x.cpuS * WAITING) / x.waiting).toFixed(1),
        String(x.proposed),
      ]),
    ]),
  )
  const perWaiting = (label: string) => rounds.filter((x) => x.label === label).map((x) => (x.cpuS * WAITING) / x.waiting)
  const fast = perWaiting(ONE_PUBLISHED)
  const full = perWaiting(FULL_ROUND)
  const ratios = fast.map((f, i) => (full[i] ?? 0) / f)
  console.log(
    `CPU of the round after one publication: ${Math.min(...fast).toFixed(2)}–${Math.max(...fast).toFixed(2)} s (target 2 s); ` +
      `the full round, scaled to ${WAITING.toLocaleString('en')} waiting, would take ${Math.min(...ratios).toFixed(0)}–${Math.max(...ratios).toFixed(0)}× as long`,
  )
}
