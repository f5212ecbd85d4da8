// Server benchmark (npm run bench -- server): 10k published mentors in a real SQLite file as a
// program has them after a year (bench/real-year.ts: capacities 1–5, a question added and one
// retired, mentees waiting), the start-matching call and the proposals call under autocannon on
// loopback, next to a bare Express JSON endpoint served by the same process in the same run (the
// ratio is the figure); then the instances' comparison of server.instances.ts (SQLite, PostgreSQL,
// two PostgreSQL instances). The server runs in a child process (this file with
// TANDEM_BENCH_CHILD=1), so autocannon does not share its event loop. `check` is the short version
// the bench guard runs (bench/check.ts).
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Figure } from './check.figures.js'
import { benchInstances } from './server.instances.js'

const MENTORS = 10_000
/** Mentees who start matching in the measurements (the child seeds BENCH_MENTEES of them). */
const MENTEES = 1_500
/** Mentees waiting on the waitlist meanwhile (their last run found nobody); they start nothing here. */
const WAITING = 500

type ChildReady = {
  port: number
  barePort: number
  startTokens: string[]
  startEmails: string[]
  proposalsToken: string
  proposalsEmail: string
  seedMs: number
  year: import('./real-year.js').RealYear
}

const child = async (): Promise<void> => {
  const { API_AUDIENCE } = await import('@tandem/core')
  const { generatePopulation } = await import('@tandem/fixtures')
  const { createTokenVerifier } = await import('@tandem/identity')
  const { createServer, loadConfig, seedPopulation } = await import('@tandem/server')
  const { encodedKeyPair } = await import('@tandem/testing')
  const { importPKCS8, SignJWT } = await import('jose')
  const { pino } = await import('pino')
  const express = (await import('express')).default

  const issuer = 'https://bench.local'
  const pair = encodedKeyPair('RS256')
  const privateKey = await importPKCS8(pair.privatePem, 'RS256')
  const jwk = { ...pair.publicJwk, kid: 'bench', alg: 'RS256' }
  const dir = process.env['DATA_DIR'] ?? ''
  const server = await createServer(loadConfig({ DATA_DIR: dir, WEB_DIST: join(dir, 'none'), LOG_LEVEL: 'silent' }), {
    verifyToken: createTokenVerifier({ issuer, audience: API_AUDIENCE, keySet: { keys: [jwk] } }),
    logger: pino({ level: 'silent' }),
  })
  const { makeRealYear } = await import('./real-year.js')
  const starting = Number(process.env['BENCH_MENTEES'] ?? MENTEES)
  const seedStart = performance.now()
  const population = generatePopulation({ seed: 7, mentees: starting + 1 + WAITING, mentors: MENTORS, now: Date.now() })
  const everyone = await seedPopulation(server, population, issuer)
  const waiting = everyone.filter((p) => p.side === 'Mentee').slice(starting + 1)
  const seeded = everyone.filter((p) => !waiting.includes(p))
  const year = await makeRealYear(server, everyone, waiting)
  const seedMs = performance.now() - seedStart
  const token = (subject: string, email: string) =>
    new SignJWT({ email })
      .setProtectedHeader({ alg: 'RS256', kid: 'bench' })
      .setIssuer(issuer)
      .setAudience(API_AUDIENCE)
      .setSubject(subject)
      .setIssuedAt()
      .setExpirationTime('2h')
      .sign(privateKey)
  const mentees = seeded.filter((p) => p.side === 'Mentee')
  const [first, ...rest] = mentees
  if (first === undefined) throw new Error('no mentees seeded')
  // The proposals caller holds live proposals, as a mentee on the dashboard does.
  const { runMatching } = await import('@tandem/server')
  const record = await server.ctx.users.byId(first.userId)
  if (record !== undefined) await runMatching(server.ctx, record)

  const bare = express()
  bare.get('/bare', (_req, res) => {
    res.json({ isSuccess: true, isFailure: false, value: { ok: true }, errorMessage: null })
  })
  const listening = (app: typeof bare) =>
    new Promise<number>((resolve) => {
      const l = app.listen(0, '127.0.0.1', () => {
        const a = l.address()
        resolve(typeof a === 'object' && a !== null ? a.port : 0)
      })
    })
  const ready: ChildReady = {
    port: await listening(server.app),
    barePort: await listening(bare),
    startTokens: await Promise.all(rest.map((m) => token(m.subject, m.email))),
    startEmails: rest.map((m) => m.email),
    proposalsToken: await token(first.subject, first.email),
    proposalsEmail: first.email,
    seedMs,
    year,
  }
  // Exit normally on the bench's SIGTERM, so that --cpu-prof (BENCH_NODE_ARGS) writes its profile.
  process.once('SIGTERM', () => process.exit(0))
  process.stdout.write(`${JSON.stringify(ready)}\n`)
}

type Result = { name: string; rps: number; p50: number; p99: number; mean: number; requests: number; non2xx: number }

/** The server child, seeded, with `mentees` mentees to start matching; `use` gets its ready message. */
const withChild = async <A>(mentees: number, use: (ready: ChildReady, pid: number) => Promise<A>): Promise<A> => {
  const dir = mkdtempSync(join(tmpdir(), 'tandem-bench-'))
  // BENCH_NODE_ARGS: Node options for the server, e.g. `--cpu-prof --cpu-prof-dir=DIR` to profile it.
  const nodeArgs = (process.env['BENCH_NODE_ARGS'] ?? '').split(' ').filter(Boolean)
  const proc = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', fileURLToPath(import.meta.url)], {
    env: { ...process.env, TANDEM_BENCH_CHILD: '1', DATA_DIR: dir, BENCH_MENTEES: String(mentees) },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  try {
    const ready = await new Promise<ChildReady>((resolve, reject) => {
      let out = ''
      proc.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        // Only complete lines: the ready message is long and arrives in chunks.
        const line = out
          .split('\n')
          .slice(0, -1)
          .find((l) => l.startsWith('{"port"'))
        if (line !== undefined) resolve(JSON.parse(line) as ChildReady)
      })
      proc.on('exit', (code) => reject(new Error(`benchmark server exited with ${code}`)))
    })
    return await use(ready, proc.pid ?? 0)
  } finally {
    proc.kill('SIGTERM')
    rmSync(dir, { recursive: true, force: true })
  }
}

const measure = async (name: string, options: import('autocannon').Options): Promise<Result> => {
  const autocannon = (await import('autocannon')).default
  const r = await autocannon({ connections: 10, ...options })
  return {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    mean: r.latency.mean,
    requests: r.requests.total,
    non2xx: r.non2xx,
  }
}

/** Start matching by `amount` of the ready mentees from `from` on, over `connections` connections. */
const startRun = (ready: ChildReady, name: string, connections: number, from: number, amount: number) => {
  let next = from
  return measure(name, {
    url: `http://127.0.0.1:${ready.port}/api/MatchingTandem/CreateMatchingTandem`,
    method: 'POST',
    connections,
    amount,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const i = next++ % ready.startTokens.length
          return {
            ...request,
            headers: { ...request.headers, authorization: `Bearer ${ready.startTokens[i]}`, 'content-type': 'application/json' },
            body: JSON.stringify({ menteeEmail: ready.startEmails[i] }),
          }
        },
      },
    ],
  })
}

const describeYear = (ready: ChildReady) =>
  `capacities 1–5, question ${ready.year.addedQuestion} added (${ready.year.answeredAdded} people answered it) and ${ready.year.retiredQuestion} retired, ${WAITING} mentees waiting`

const run = async (): Promise<void> => {
  await withChild(MENTEES, async (ready) => {
    console.log(
      `seeded ${MENTORS} published mentors and ${MENTEES + 1 + WAITING} mentees (${describeYear(ready)}) in ${(ready.seedMs / 1000).toFixed(1)} s`,
    )
    const base = `http://127.0.0.1:${ready.port}`
    // Warm-up of both servers (JIT, statement cache, token cache).
    await measure('warm-up', { url: `http://127.0.0.1:${ready.barePort}/bare`, duration: 2 })
    await measure('warm-up', {
      url: `${base}/api/MatchingTandem/GetProposals`,
      method: 'POST',
      duration: 2,
      headers: { authorization: `Bearer ${ready.proposalsToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: ready.proposalsEmail }),
    })

    // Alternating rounds, so a neighbour's burst on the shared machine hits both sides alike; the
    // figure is the median of the per-round ratios.
    const proposalsOptions = {
      url: `${base}/api/MatchingTandem/GetProposals`,
      method: 'POST' as const,
      duration: 5,
      headers: { authorization: `Bearer ${ready.proposalsToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: ready.proposalsEmail }),
    }
    const rounds: { bare: Result; proposals: Result }[] = []
    for (let round = 0; round < 3; round++) {
      rounds.push({
        bare: await measure('bare Express JSON', { url: `http://127.0.0.1:${ready.barePort}/bare`, duration: 5 }),
        proposals: await measure('GetProposals', proposalsOptions),
      })
    }
    const ratios = rounds.map((r) => r.proposals.rps / r.bare.rps).sort((a, b) => a - b)
    const median = rounds.slice().sort((a, b) => a.proposals.rps / a.bare.rps - b.proposals.rps / b.bare.rps)[1] ?? rounds[0]
    if (median === undefined) throw new Error('no rounds')
    const bareResult = median.bare
    const proposals = median.proposals
    const half = Math.floor(ready.startTokens.length / 2)
    // One caller at a time gives the call's own latency; four at once add queueing behind the
    // single Node thread (each run holds it for its scoring).
    const start = await startRun(ready, 'CreateMatchingTandem, 1 connection', 1, 0, half)
    const startBusy = await startRun(ready, 'CreateMatchingTandem, 4 connections', 4, half, ready.startTokens.length - half)
    // The same-run baseline: the bare endpoint's mean latency under the same 4 callers.
    const bareBusy = await measure('bare Express JSON, 4 connections', {
      url: `http://127.0.0.1:${ready.barePort}/bare`,
      connections: 4,
      duration: 3,
    })
    const rows = [bareResult, proposals, start, bareBusy, startBusy]
    console.log(['call', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'non-2xx'].join(' | '))
    for (const r of rows) console.log([r.name, r.rps.toFixed(0), r.p50.toFixed(1), r.p99.toFixed(1), r.requests, r.non2xx].join(' | '))
    console.log(
      `GetProposals throughput = ${((proposals.rps / bareResult.rps) * 100).toFixed(0)} % of the bare endpoint (median round; rounds ${ratios.map((r) => `${(r * 100).toFixed(0)} %`).join(', ')}; target >= 70 %)`,
    )
    console.log(
      `start matching p99 = ${start.p99.toFixed(1)} ms one at a time, ${startBusy.p99.toFixed(1)} ms with 4 concurrent callers (${(startBusy.p99 / bareBusy.mean).toFixed(0)} × the bare endpoint's mean latency with 4 callers), over ${MENTORS} published mentors (target < 30 ms with 4 callers)`,
    )
  })
  // One SQLite instance, one PostgreSQL instance and two on one PostgreSQL database, side by side.
  await benchInstances()
}

/**
 * The bench guard's short version: 200 mentees start matching over 4 connections against the same
 * 10k mentors of a real year. The figure is the server's CPU time per start matching (read from
 * /proc for the child process) in multiples of a fixed piece of JavaScript timed in this process
 * before and after (the reference ranking of one mentee against 1,000 mentors): the p99 (printed
 * beside it) measures the machine's load as much as the code on a shared machine, and a bare
 * request's CPU time, tried first as the yardstick, moved by a factor of three between runs.
 */
export const check = async (): Promise<Figure[]> => {
  const { DEFAULT_MATCHING_OPTIONS, rankMentorsReference } = await import('@tandem/core')
  const { candidatesOf, generatePopulation, menteeOf, questionnaire } = await import('@tandem/fixtures')
  const { measure: measureCpu } = await import('./measure.js')
  const { cpuSnapshot } = await import('./cpu-usage.js')
  const yardstickPopulation = generatePopulation({ seed: 5, mentees: 1, mentors: 1_000, pausedShare: 0 })
  const candidates = candidatesOf(yardstickPopulation)
  const mentee = menteeOf(yardstickPopulation.mentees[0]!)
  const yardstick = () =>
    measureCpu(() => rankMentorsReference(questionnaire, mentee, candidates, DEFAULT_MATCHING_OPTIONS).length, {
      warmupMs: 100,
      budgetMs: 700,
    }).medianMs
  return withChild(240, async (ready, pid) => {
    await measure('warm-up', { url: `http://127.0.0.1:${ready.barePort}/bare`, duration: 1 })
    await startRun(ready, 'warm-up', 1, 0, 40)
    const before = yardstick()
    const beforeStarts = cpuSnapshot([pid])
    const busy = await startRun(ready, 'start matching', 4, 40, 200)
    const afterStarts = cpuSnapshot([pid])
    const yardstickMs = (before + yardstick()) / 2
    if (busy.non2xx > 0) throw new Error(`start matching answered ${busy.non2xx} times with an error`)
    const startMs = ((afterStarts.instances - beforeStarts.instances) * 1000) / Math.max(1, busy.requests)
    return [
      {
        key: 'start-matching-cpu',
        what: `start matching, 4 callers, ${MENTORS} mentors (${describeYear(ready)})`,
        value: startMs / yardstickMs,
        unit: '× the reference ranking of 1,000 mentors',
        better: 'lower',
        detail: `${startMs.toFixed(2)} CPU ms per start, yardstick ${yardstickMs.toFixed(2)} ms; p99 ${busy.p99.toFixed(1)} ms (target < 30 ms on a quiet machine)`,
      },
    ]
  })
}

if (process.env['TANDEM_BENCH_CHILD'] === '1') await child()

export default run
