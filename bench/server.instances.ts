// Part of the server benchmark (npm run bench -- server): start-matching and proposals throughput
// of one instance on a SQLite file, one instance on PostgreSQL, and two instances on that same
// PostgreSQL database, in the same run, each instance a child process (this file with
// TANDEM_BENCH_INSTANCE=1). The PostgreSQL is a throwaway cluster (or TEST_DATABASE_URL's server).
// Two instances should reach 1.6 times one. On a machine with few cores shared with the database and
// the load generator, one instance already keeps the cores busy, so the PostgreSQL rows are measured
// twice: on the shared cores, and with each instance held to the same CPU budget (half a core, a
// control group's quota; needs root) as if each ran on a machine of its own. Start matching is
// taken while every load stream is in full swing (steadyRate), its rate over each whole
// measurement shown beside it.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createCpuBudget, type CpuBudget } from './cpu-budget.js'
import { cpuPerRequest, cpuSnapshot, type CpuSpent } from './cpu-usage.js'

type Result = import('autocannon').Result

const MENTORS = 16_000
/**
 * Connections each instance is served by, in two load streams: one instance gets both streams, two
 * get one each, so every instance faces the same load and two face twice one's (a capacity, not a
 * split of one load: the caches share reads between the requests in flight on an instance).
 */
const START_CONNECTIONS = 8
const PROPOSALS_CONNECTIONS = 20
/**
 * Mentees per start-matching measurement: each starts once. All measurements together propose about
 * half the pool's mentors (each start up to three): past that, runs rank ever deeper past taken
 * mentors and the last measurements cost more per start (with 400 per measurement and four rounds,
 * the last one-instance row took twice the CPU per start of the first).
 */
const STARTS = 250
/**
 * Rounds of the budgeted pair, one instance then two, then two then one, and so on, so that a drift
 * touches both alike. Four: the host's speed varies by a quarter within minutes, and two rounds left
 * the ratio at the mercy of one slow or fast measurement.
 */
const BUDGETED_ROUNDS = 4
/**
 * Measurements on PostgreSQL, each with mentees of its own; the first warms both instances up
 * (not shown): the second instance had served nothing before its first measured row, and compiling
 * its hot code there cost that row a fifth of its rate.
 */
const PG_MEASUREMENTS = 1 + 2 + 2 * BUDGETED_ROUNDS
/** The CPU budget of each instance in the budgeted rows, in cores (`BENCH_INSTANCE_CORES` to change it). */
const BUDGET_CORES = Number(process.env['BENCH_INSTANCE_CORES'] ?? 0.5)
const ISSUER = 'https://bench.local'

type Seeded = { readonly subject: string; readonly email: string }
type InstanceReady = { readonly port: number; readonly mentees: readonly Seeded[] }

/** One server instance: seeds the population when asked, prepares the proposals caller, listens. */
const instance = async (): Promise<void> => {
  const { API_AUDIENCE } = await import('@tandem/core')
  const { generatePopulation } = await import('@tandem/fixtures')
  const { createTokenVerifier } = await import('@tandem/identity')
  const { createServer, loadConfig, runMatching, seedPopulation } = await import('@tandem/server')
  const { pino } = await import('pino')
  const dir = process.env['DATA_DIR'] ?? ''
  const jwk = JSON.parse(process.env['BENCH_JWK'] ?? '{}') as Record<string, string>
  const server = await createServer(
    loadConfig({ ...process.env, DATA_DIR: dir, WEB_DIST: join(dir, 'none'), LOG_LEVEL: 'silent', PORT: '0' }),
    {
      verifyToken: createTokenVerifier({ issuer: ISSUER, audience: API_AUDIENCE, keySet: { keys: [jwk] } }),
      logger: pino({ level: 'silent' }),
    },
  )
  let mentees: Seeded[] = []
  if (process.env['BENCH_SEED'] === '1') {
    const population = generatePopulation({ seed: 11, mentees: PG_MEASUREMENTS * STARTS + 1, mentors: MENTORS, now: Date.now() })
    const seeded = await seedPopulation(server, population, ISSUER)
    mentees = seeded.filter((p) => p.side === 'Mentee').map((p) => ({ subject: p.subject, email: p.email }))
    // The proposals caller (the first mentee) holds live proposals, as a mentee on the dashboard does.
    const first = seeded.find((p) => p.side === 'Mentee')
    const record = first === undefined ? undefined : await server.ctx.users.byId(first.userId)
    if (record !== undefined) await runMatching(server.ctx, record)
  }
  // Exit normally on the bench's SIGTERM, so that --cpu-prof (BENCH_NODE_ARGS) writes its profile.
  process.once('SIGTERM', () => process.exit(0))
  const listener = server.app.listen(0, '127.0.0.1', () => {
    const a = listener.address()
    const ready: InstanceReady = { port: typeof a === 'object' && a !== null ? a.port : 0, mentees }
    process.stdout.write(`${JSON.stringify(ready)}\n`)
  })
}

const startInstance = (env: Record<string, string>): Promise<{ child: ChildProcess; ready: InstanceReady }> => {
  // BENCH_NODE_ARGS: Node options for the instances, e.g. `--cpu-prof --cpu-prof-dir=DIR` to profile them.
  const nodeArgs = (process.env['BENCH_NODE_ARGS'] ?? '').split(' ').filter(Boolean)
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', fileURLToPath(import.meta.url)], {
    env: { ...process.env, TANDEM_BENCH_INSTANCE: '1', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    let out = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const line = out
        .split('\n')
        .slice(0, -1)
        .find((l) => l.startsWith('{"port"'))
      if (line !== undefined) resolve({ child, ready: JSON.parse(line) as InstanceReady })
    })
    child.on('exit', (code) => reject(new Error(`benchmark instance exited with ${code}`)))
  })
}

/**
 * Planner statistics and visibility maps for the freshly seeded tables, as a running installation's
 * have long had them from autovacuum: otherwise its first pass on them falls into a measurement
 * (PostgreSQL then spent 4–6 ms per start instead of about 2).
 */
const settle = async (url: string): Promise<void> => {
  const { runStatement } = await import('@tandem/testing')
  await runStatement(url, 'vacuum analyze')
}

/**
 * The share of each load stream's answers left out at its start and at its end when the rate of
 * start matching is taken: see steadyRate.
 */
const RAMP = 0.1

/**
 * Requests per second while every load stream was in full swing: all answers between the moment
 * the last stream had its first tenth of answers and the moment the first stream had all but its
 * last tenth, over that time (`answeredAt`: each stream's answer times, in ms, in order). A
 * measurement of a fixed number of starts also holds its ramp-up (connections opened, the first
 * runs) and its drain (the last runs answered with ever fewer in flight, and with two instances the
 * one that finished first idling while the other ends). They last about as long in every row, so
 * they weighed more on the shorter rows of two instances: the rate over the whole measurement
 * (shown too) is what a burst of that size gets, this one is what the instances sustain.
 */
const steadyRate = (answeredAt: readonly (readonly number[])[]): number => {
  const at = (times: readonly number[], share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))] ?? 0
  const from = Math.max(...answeredAt.map((times) => at(times, RAMP)))
  const to = Math.min(...answeredAt.map((times) => at(times, 1 - RAMP)))
  const answered = answeredAt.reduce((sum, times) => sum + times.filter((t) => t > from && t <= to).length, 0)
  return to > from ? answered / ((to - from) / 1000) : Number.NaN
}

type Figures = {
  readonly name: string
  /** Start matching per second while every stream was in full swing (steadyRate). */
  readonly startRps: number
  /** Start matching per second over the whole measurement: all starts over the longest stream's time. */
  readonly startWholeRps: number
  readonly proposalsRps: number
  readonly non2xx: number
  readonly startCpu: CpuSpent
  readonly proposalsCpu: CpuSpent
}

export const benchInstances = async (): Promise<void> => {
  const autocannon = (await import('autocannon')).default
  const { API_AUDIENCE } = await import('@tandem/core')
  const { createTestDatabase, encodedKeyPair } = await import('@tandem/testing')
  const { importPKCS8, SignJWT } = await import('jose')
  const pair = encodedKeyPair('RS256')
  const privateKey = await importPKCS8(pair.privatePem, 'RS256')
  const jwk = JSON.stringify({ ...pair.publicJwk, kid: 'bench', alg: 'RS256' })
  const token = (p: Seeded) =>
    new SignJWT({ email: p.email })
      .setProtectedHeader({ alg: 'RS256', kid: 'bench' })
      .setIssuer(ISSUER)
      .setAudience(API_AUDIENCE)
      .setSubject(p.subject)
      .setIssuedAt()
      .setExpirationTime('2h')
      .sign(privateKey)

  const folders: string[] = []
  const children: ChildProcess[] = []
  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'tandem-bench-instance-'))
    folders.push(dir)
    return dir
  }
  const budgets: CpuBudget[] = []
  const start = async (env: Record<string, string>) => {
    const started = await startInstance({ DATA_DIR: folder(), BENCH_JWK: jwk, ...env })
    children.push(started.child)
    return started
  }

  /**
   * Start matching of `mentees`, then proposals, from two load streams: with one instance both aim
   * at it, with two each at its own, so that every instance is served by the same connections.
   */
  const measure = async (
    name: string,
    instances: readonly { readonly port: number; readonly pid: number }[],
    mentees: readonly Seeded[],
    caller: Seeded,
  ): Promise<Figures> => {
    const ports = [instances[0]?.port ?? 0, instances[1]?.port ?? instances[0]?.port ?? 0]
    const pids = instances.map((i) => i.pid)
    const tokens = await Promise.all(mentees.map(token))
    const beforeStarts = cpuSnapshot(pids)
    const share = Math.floor(mentees.length / ports.length)
    const answeredAt = ports.map((): number[] => [])
    const began = performance.now()
    const starts = await Promise.all(
      ports.map((port, k) => {
        let next = k * share
        // With a callback, autocannon returns its tracker, which tells each answer as it comes.
        return new Promise<Result>((resolve, reject) => {
          const tracker = autocannon(
            {
              url: `http://127.0.0.1:${port}/api/MatchingTandem/CreateMatchingTandem`,
              connections: (START_CONNECTIONS * instances.length) / 2,
              amount: share,
              // autocannon notices the end of an `amount` at its next sample: every 10 ms instead of
              // every second, so the duration (and the rate) is not rounded up to whole seconds.
              sampleInt: 10,
              requests: [
                {
                  method: 'POST',
                  setupRequest: (request) => {
                    const i = next++
                    return {
                      ...request,
                      headers: { ...request.headers, authorization: `Bearer ${tokens[i]}`, 'content-type': 'application/json' },
                      body: JSON.stringify({ menteeEmail: mentees[i]?.email }),
                    }
                  },
                },
              ],
            },
            (error: unknown, result: Result) =>
              error === null || error === undefined
                ? resolve(result)
                : reject(error instanceof Error ? error : new Error(`autocannon failed: ${JSON.stringify(error)}`)),
          )
          tracker.on('response', () => answeredAt[k]?.push(performance.now() - began))
        })
      }),
    )
    const afterStarts = cpuSnapshot(pids)
    const callerToken = await token(caller)
    const beforeProposals = cpuSnapshot(pids)
    const proposals = await Promise.all(
      ports.map((port) =>
        autocannon({
          url: `http://127.0.0.1:${port}/api/MatchingTandem/GetProposals`,
          method: 'POST',
          connections: (PROPOSALS_CONNECTIONS * instances.length) / 2,
          duration: 5,
          headers: { authorization: `Bearer ${callerToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ email: caller.email }),
        }),
      ),
    )
    const afterProposals = cpuSnapshot(pids)
    // Over the whole measurement: requests over the longest instance's time.
    const startSeconds = Math.max(...starts.map((r) => r.duration))
    const startCount = starts.reduce((sum, r) => sum + r.requests.total, 0)
    return {
      name,
      startRps: steadyRate(answeredAt),
      startWholeRps: startCount / startSeconds,
      proposalsRps: proposals.reduce((sum, r) => sum + r.requests.average, 0),
      non2xx: [...starts, ...proposals].reduce((sum, r) => sum + r.non2xx, 0),
      startCpu: cpuPerRequest(beforeStarts, afterStarts, startCount),
      proposalsCpu: cpuPerRequest(
        beforeProposals,
        afterProposals,
        proposals.reduce((sum, r) => sum + r.requests.total, 0),
      ),
    }
  }

  const database = await createTestDatabase()
  try {
    const { child: sqliteChild, ready: sqliteReady } = await start({ BENCH_SEED: '1' })
    const { child: postgresChild, ready: postgresReady } = await start({ BENCH_SEED: '1', DATABASE_URL: database.url })
    const { child: secondChild, ready: secondReady } = await start({ DATABASE_URL: database.url })
    const at = (child: ChildProcess, ready: InstanceReady) => ({ port: ready.port, pid: child.pid ?? 0 })
    const sqlite = at(sqliteChild, sqliteReady)
    const postgres = at(postgresChild, postgresReady)
    const second = at(secondChild, secondReady)
    const [pgCaller, ...pgMentees] = postgresReady.mentees
    if (pgCaller === undefined) throw new Error('no mentees seeded')
    await measure('warm-up', [postgres, second], pgMentees.slice(0, STARTS), pgCaller)
    await settle(database.url)
    const [caller, ...sqliteMentees] = sqliteReady.mentees
    if (caller === undefined) throw new Error('no mentees seeded')
    console.log(
      `\ninstances: ${MENTORS} published mentors; ${STARTS} mentees start matching per measurement; ${START_CONNECTIONS} connections per instance for start matching, ${PROPOSALS_CONNECTIONS} for proposals`,
    )
    const rows = [
      await measure('SQLite, 1 instance', [sqlite], sqliteMentees.slice(0, STARTS), caller),
      await measure('PostgreSQL, 1 instance', [postgres], pgMentees.slice(STARTS, 2 * STARTS), pgCaller),
      await measure('PostgreSQL, 2 instances', [postgres, second], pgMentees.slice(2 * STARTS, 3 * STARTS), pgCaller),
    ]
    type Rates = Pick<Figures, 'startRps' | 'startWholeRps' | 'proposalsRps'>
    const ratio = (one: Rates, two: Rates) =>
      `start matching ${(two.startRps / one.startRps).toFixed(2)}x (whole measurements ${(two.startWholeRps / one.startWholeRps).toFixed(2)}x), GetProposals ${(two.proposalsRps / one.proposalsRps).toFixed(2)}x`
    const [, sharedOne, sharedTwo] = rows
    const ratios = sharedOne !== undefined && sharedTwo !== undefined ? [`on the shared cores: ${ratio(sharedOne, sharedTwo)}`] : []
    // The same two instances, now each held to its own budget (the SQLite instance is idle).
    for (const [k, child] of [postgresChild, secondChild].entries()) {
      const budget = createCpuBudget(`tandem-bench-${process.pid}-${k}`, BUDGET_CORES)
      if (budget === undefined || child.pid === undefined) break
      budgets.push(budget)
      budget.add(child.pid)
    }
    if (budgets.length === 2) {
      const label = `${BUDGET_CORES} core each`
      const ones: Figures[] = []
      const twos: Figures[] = []
      for (let round = 0; round < BUDGETED_ROUNDS; round++) {
        const slice = (k: number) => pgMentees.slice((3 + 2 * round + k) * STARTS, (4 + 2 * round + k) * STARTS)
        // One then two, then two then one: every measurement leaves more mentors in tandems, and
        // whatever that costs falls on both alike instead of always on the second.
        const order = round % 2 === 0 ? ([1, 2] as const) : ([2, 1] as const)
        for (const [k, count] of order.entries())
          if (count === 1) ones.push(await measure(`PostgreSQL, 1 instance, ${label}`, [postgres], slice(k), pgCaller))
          else twos.push(await measure(`PostgreSQL, 2 instances, ${label}`, [postgres, second], slice(k), pgCaller))
      }
      rows.push(...ones, ...twos)
      const mean = (xs: readonly Figures[]): Rates => {
        const of = (key: keyof Rates) => xs.reduce((sum, x) => sum + x[key], 0) / xs.length
        return { startRps: of('startRps'), startWholeRps: of('startWholeRps'), proposalsRps: of('proposalsRps') }
      }
      ratios.push(`with ${label} (mean of ${BUDGETED_ROUNDS} rounds, ordered one-two, two-one, ...): ${ratio(mean(ones), mean(twos))}`)
    } else ratios.push('with a CPU budget per instance: not measured (needs root and a writable cgroup file system)')
    // CPU per request in the instances and in PostgreSQL, and the machine's idle share, per part.
    const spent = (c: CpuSpent) => `${c.instancesMs.toFixed(2)} / ${c.postgresMs.toFixed(2)} / ${(c.idleShare * 100).toFixed(0)} %`
    console.log(
      [
        'instances',
        'start matching req/s (in full swing)',
        'start matching req/s (whole measurement)',
        'GetProposals req/s',
        'non-2xx',
        'start: CPU ms per request in instances / PostgreSQL / machine idle',
        'GetProposals: same',
      ].join(' | '),
    )
    for (const r of rows)
      console.log(
        [
          r.name,
          r.startRps.toFixed(0),
          r.startWholeRps.toFixed(0),
          r.proposalsRps.toFixed(0),
          r.non2xx,
          spent(r.startCpu),
          spent(r.proposalsCpu),
        ].join(' | '),
      )
    console.log(`two PostgreSQL instances / one (target >= 1.6x): ${ratios.join('; ')}`)
  } finally {
    for (const c of children) c.kill('SIGTERM')
    await Promise.all(children.map((c) => new Promise((resolve) => (c.exitCode === null ? c.once('exit', resolve) : resolve(null)))))
    for (const budget of budgets) budget.dispose()
    await database.drop()
    for (const dir of folders) rmSync(dir, { recursive: true, force: true })
  }
}

if (process.env['TANDEM_BENCH_INSTANCE'] === '1') await instance()
