// Waitlist benchmark (npm run bench -- waitlist): a program with 10,000 waiting mentees and 10,000
// mentors published with matching paused (every run found nobody), in a real SQLite file; one new mentor publishes
// and the waitlist task serves the round that place opened (docs/matching.md#waitlist). Target: the
// round within 2 s on one core. Beside it, in the same run and on the same data, the full round
// (every waiting mentee ranked against the whole pool, as a trigger that names no mentor asks for),
// the baseline the figure is a ratio of. As after a year, a fifth of the waiting mentees wait since
// their team ended (a closed tandem with its ending and timeline; they were at the last round) and a
// few more since an ending after the last round, whom the round looks at against the whole pool
// (docs/matching.md#waitlist). `check` is the short version the bench guard runs (bench/check.ts).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Figure } from './check.figures.js'
import { table } from './measure.js'

const cpuSecondsOf = ({ user, system }: NodeJS.CpuUsage): number => (user + system) / 1e6

const WAITING = Number(process.env['TANDEM_BENCH_WAITING'] ?? 10_000)
const MENTORS = Number(process.env['TANDEM_BENCH_MENTORS'] ?? 10_000)
const ROUNDS = Number(process.env['TANDEM_BENCH_ROUNDS'] ?? 3)
/** The full round ranks every waiting mentee against the whole pool: measured on a sample, scaled to all. */
const FULL_SAMPLE = 300
const ONE_PUBLISHED = 'one mentor published'
const FULL_ROUND = 'full round (baseline)'

/** Share of the waiting mentees who wait since their team ended before the last round. */
const ENDED_SHARE = 0.2
/** Waiting mentees whose team ended after the last round: the round ranks each against the whole pool. */
const ENDED_SINCE_LAST_ROUND = 10

type Round = {
  readonly label: string
  readonly waiting: number
  readonly wallS: number
  readonly cpuS: number
  readonly proposed: number
  readonly wholePool: number
}

type Sizes = { readonly waiting: number; readonly mentors: number; readonly rounds: number }

/**
 * Closed tandems for a fifth of the waiting mentees (ended before the last round) and for
 * ENDED_SINCE_LAST_ROUND more (ended since), each with a paused mentor, its ending and timeline, as
 * the ending command leaves them; the last round's start in `meta`. Waiting since the ending, these
 * mentees' last run found somebody (mentee_no_match 0).
 */
const endTeams = (raw: import('@tandem/server').SqliteServer['db']['raw'], now: number, endReasons: readonly string[]): number => {
  const mentees = raw.prepare('select id from users where mentee_status is not null order by id').pluck().all() as number[]
  const mentors = raw.prepare('select id from users where mentor_status is not null order by id').pluck().all() as number[]
  const lastRoundAt = now - 3_600_000
  const ended = Math.min(mentees.length, Math.round(mentees.length * ENDED_SHARE) + ENDED_SINCE_LAST_ROUND)
  const tandem = raw.prepare(`insert into tandems (id, version, state, mentee_id, mentor_id, cluster_id, created_at, manual, score_base,
      score_max, score_percentage, score_breakdown, mentee_proposal_id, mentee_state, mentee_decided_at, mentor_proposal_id, mentor_state,
      mentor_decided_at, ended_at, ended_by, end_reason) values (?, 1, 'CLOSED', ?, ?, null, ?, 0, 60, 100, 60, '[]', ?, 'ACCEPTED', ?, ?,
      'ACCEPTED', ?, ?, ?, ?)`)
  const timeline = raw.prepare(
    'insert into mentorship_timelines (tandem_id, matched_at, ended_at, ended_by, closed) values (?, ?, ?, ?, 1)',
  )
  const mentee = raw.prepare('update users set mentee_no_match = 0, mentee_last_started_at = ? where id = ?')
  // They answered before their team began, not since it ended.
  const answered = raw.prepare("update answers set saved_at = ? where user_id = ? and side = 'Mentee'")
  raw.transaction(() => {
    for (let i = 0; i < ended; i++) {
      const id = i + 1
      // Most ended a while before the last round; the last few after it.
      const endedAt = i < ended - ENDED_SINCE_LAST_ROUND ? lastRoundAt - 86_400_000 - i * 1000 : lastRoundAt + 60_000 + i
      const created = endedAt - 90 * 86_400_000
      const by = i % 2 === 0 ? 'Mentee' : 'Mentor'
      tandem.run(
        id,
        mentees[i],
        mentors[i % mentors.length],
        created,
        2 * id - 1,
        created + 3_600_000,
        2 * id,
        created + 7_200_000,
        endedAt,
        by,
        endReasons[i % endReasons.length],
      )
      timeline.run(id, created + 7_200_000, endedAt, by)
      mentee.run(created, mentees[i])
      answered.run(created - 86_400_000, mentees[i])
    }
    raw.prepare("insert into meta (key, value) values ('waitlist_last_round_at', ?)").run(lastRoundAt)
  })()
  return ended
}

const measureRounds = async ({ waiting: WAITING, mentors: MENTORS, rounds: ROUNDS }: Sizes, log: boolean): Promise<Round[]> => {
  const { END_REASONS } = await import('@tandem/core')
  const { generatePopulation } = await import('@tandem/fixtures')
  const { createServer, loadConfig, onSqliteFile, seedPopulation } = await import('@tandem/server')
  const { pino } = await import('pino')
  const endReasons = END_REASONS.map((r) => r.id).filter((id) => id !== 'goals-reached')

  const rounds: Round[] = []
  for (let r = 0; r < ROUNDS; r++) {
    const dir = mkdtempSync(join(tmpdir(), 'tandem-bench-waitlist-'))
    try {
      const server = onSqliteFile(
        await createServer(loadConfig({ DATA_DIR: dir, WEB_DIST: join(dir, 'none'), LOG_LEVEL: 'silent' }), {
          verifyToken: () => Promise.reject(new Error('no sign-in in this benchmark')),
          logger: pino({ level: 'silent' }),
        }),
      )
      const now = Date.now()
      // Every mentor published with matching paused (out of the pool, but in the packed pool a run ranks).
      const population = generatePopulation({ seed: 11 + r, mentees: WAITING, mentors: MENTORS, now, pausedShare: 1 })
      const newcomer = generatePopulation({ seed: 99 + r, mentees: 0, mentors: 1, now, pausedShare: 0 }).mentors[0]!
      const seedStart = performance.now()
      await seedPopulation(server, population, 'https://bench.local')
      if (log)
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
      const ended = endTeams(server.db.raw, now, endReasons)
      if (log)
        console.log(`${ended.toLocaleString('en')} of them wait since their team ended, ${ENDED_SINCE_LAST_ROUND} since the last round`)
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
          wholePool: round.lookedAtWholePool,
        })
      }
      // The newcomer publishes: a trigger naming them.
      await seedPopulation(
        server,
        { ...population, mentees: [], mentors: [{ ...newcomer, email: `newcomer.${r}@example.org` }] },
        'https://bench.local',
      )
      await timed(ONE_PUBLISHED, WAITING)
      // The baseline: the full round (a trigger naming nobody) for FULL_SAMPLE of the waiting mentees,
      // spread over them (ended teams and runs that found nobody alike); the others turn the waitlist off.
      const mentees = await server.db.all(k.selectFrom('users').select('id').where('mentee_status', 'is not', null).orderBy('id'))
      const every = Math.max(1, Math.floor(mentees.length / FULL_SAMPLE))
      const sample = mentees.filter((_, i) => i % every === 0).slice(0, FULL_SAMPLE)
      await server.db.send(
        k
          .updateTable('users')
          .set({ mentee_waitlist_off: 1 })
          .where('mentee_status', 'is not', null)
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
  return rounds
}

const ratiosOf = (rounds: readonly Round[], waiting: number) => {
  const perWaiting = (label: string) => rounds.filter((x) => x.label === label).map((x) => (x.cpuS * waiting) / x.waiting)
  const fast = perWaiting(ONE_PUBLISHED)
  const full = perWaiting(FULL_ROUND)
  return { fast, ratios: fast.map((f, i) => (full[i] ?? 0) / f) }
}

/** The bench guard's short version: 2,000 waiting, 2,000 mentors, one round; the full round's CPU over the published one's. */
export const check = async (): Promise<Figure[]> => {
  const sizes = { waiting: 2_000, mentors: 2_000, rounds: 1 }
  const rounds = await measureRounds(sizes, false)
  const { fast, ratios } = ratiosOf(rounds, sizes.waiting)
  return [
    {
      key: 'waitlist-one-published',
      what: `waitlist round after one publication, ${sizes.waiting.toLocaleString('en')} waiting (a fifth since their team ended)`,
      value: ratios[0] ?? Number.NaN,
      unit: '× faster than the full round',
      better: 'higher',
      detail: `${fast[0]?.toFixed(2)} CPU s`,
    },
  ]
}

export default async function waitlistBench(): Promise<void> {
  const rounds = await measureRounds({ waiting: WAITING, mentors: MENTORS, rounds: ROUNDS }, true)
  console.log(
    `${WAITING.toLocaleString('en')} waiting mentees, ${MENTORS.toLocaleString('en')} mentors paused; target: the round within 2 s`,
  )
  console.log(
    table([
      [
        'round',
        'waiting',
        'wall s',
        'CPU s',
        `CPU s for ${WAITING.toLocaleString('en')} waiting`,
        'mentees proposed',
        'ranked on the whole pool',
      ],
      ...rounds.map((x) => [
        x.label,
        String(x.waiting),
        x.wallS.toFixed(2),
        x.cpuS.toFixed(2),
        ((x.cpuS * WAITING) / x.waiting).toFixed(1),
        String(x.proposed),
        String(x.wholePool),
      ]),
    ]),
  )
  const { fast, ratios } = ratiosOf(rounds, WAITING)
  console.log(
    `CPU of the round after one publication: ${Math.min(...fast).toFixed(2)}–${Math.max(...fast).toFixed(2)} s (target 2 s); ` +
      `the full round, scaled to ${WAITING.toLocaleString('en')} waiting, would take ${Math.min(...ratios).toFixed(0)}–${Math.max(...ratios).toFixed(0)}× as long`,
  )
}
