// The calendar feed of a person with 200 meetings (npm run bench -- server): a matched team in a real
// SQLite file with 200 confirmed meetings, its secret feed address made through the API, then GET
// under autocannon on loopback, one caller at a time (the feed's own latency) and four at once. Target:
// p99 < 50 ms one at a time. The server runs in a child process (this file with
// TANDEM_BENCH_FEED_CHILD=1), so autocannon does not share its event loop.
import type { ProposalsResponse } from '@tandem/core'
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const MEETINGS = 200

const child = async (): Promise<void> => {
  const core = await import('@tandem/core')
  const { generatePopulation } = await import('@tandem/fixtures')
  const { createTokenVerifier } = await import('@tandem/identity')
  const { createServer, loadConfig, seedPopulation, runMatching } = await import('@tandem/server')
  const { encodedKeyPair } = await import('@tandem/testing')
  const { importPKCS8, SignJWT } = await import('jose')
  const { pino } = await import('pino')

  const issuer = 'https://bench.local'
  const pair = encodedKeyPair('RS256')
  const privateKey = await importPKCS8(pair.privatePem, 'RS256')
  const jwk = { ...pair.publicJwk, kid: 'bench', alg: 'RS256' }
  const dir = process.env['DATA_DIR'] ?? ''
  const server = await createServer(loadConfig({ DATA_DIR: dir, WEB_DIST: join(dir, 'none'), LOG_LEVEL: 'silent' }), {
    verifyToken: createTokenVerifier({ issuer, audience: core.API_AUDIENCE, keySet: { keys: [jwk] } }),
    logger: pino({ level: 'silent' }),
    // The feed counts against the mail links' per-address budget; the benchmark's one address asks thousands of times.
    attemptRules: { mailLink: { address: { points: 1_000_000, seconds: 60 } } },
  })
  const seeded = await seedPopulation(server, generatePopulation({ seed: 7, mentees: 1, mentors: 3, now: Date.now() }), issuer)
  const token = (subject: string, email: string) =>
    new SignJWT({ email })
      .setProtectedHeader({ alg: 'RS256', kid: 'bench' })
      .setIssuer(issuer)
      .setAudience(core.API_AUDIENCE)
      .setSubject(subject)
      .setIssuedAt()
      .setExpirationTime('2h')
      .sign(privateKey)
  const mentee = seeded.find((p) => p.side === 'Mentee')
  if (mentee === undefined) throw new Error('no mentee seeded')
  const record = await server.ctx.users.byId(mentee.userId)
  if (record !== undefined) await runMatching(server.ctx, record)
  const listener = await new Promise<number>((resolve) => {
    const l = server.app.listen(0, '127.0.0.1', () => {
      const a = l.address()
      resolve(typeof a === 'object' && a !== null ? a.port : 0)
    })
  })
  const base = `http://127.0.0.1:${listener}`
  const call = async (who: { subject: string; email: string }, path: string, body: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await token(who.subject, who.email)}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    const json = (await response.json()) as { isSuccess: boolean; value: unknown }
    if (!json.isSuccess) throw new Error(`${path} failed: ${JSON.stringify(json)}`)
    return json.value
  }
  // The mentee accepts the first proposal, its mentor accepts: a matched team.
  const proposals = (await call(mentee, '/api/MatchingTandem/GetProposals', { email: mentee.email })) as ProposalsResponse
  const first = proposals.menteeProposal[0]
  if (first === undefined) throw new Error('no proposal made')
  const tandem = (await server.ctx.store.load({ userIds: [], tandemIds: [core.tandemIdOf(first.matchingTandemId)] })).tandems.get(
    core.tandemIdOf(first.matchingTandemId),
  )
  const mentor = seeded.find((p) => p.userId === tandem?.mentorId)
  if (tandem === undefined || mentor === undefined) throw new Error('the proposal names no seeded mentor')
  const accept = (who: typeof mentee, role: string, partner: typeof mentee, proposalId: number, tandemState: string) =>
    call(who, '/api/MatchingTandem/AcceptProposal', {
      email: who.email,
      role,
      pairedUserEmail: partner.email,
      proposalSaveModel: { proposalId, proposalState: 'ACCEPTED' },
      matchingTandemSaveModel: { matchingTandemId: first.matchingTandemId, tandemState },
    })
  await accept(mentee, 'Mentee', mentor, first.proposalId, 'ACTIVE')
  await accept(mentor, 'Mentor', mentee, first.pairedProposalId, 'MATCHED')
  // 200 confirmed meetings, one a day ahead, made by the core's own commands and stored as the use cases store them.
  const now = Date.now()
  for (let i = 0; i < MEETINGS; i++) {
    const start = now + (i + 1) * core.DAY
    const proposed = core.proposeMeeting(now, {
      tandemId: tandem.id,
      by: 'Mentee',
      proposal: {
        slots: [{ start, minutes: 60 }],
        mode: { kind: 'Online', link: 'https://meet.example.org/bench' },
        agenda: `Session ${i}`,
      },
      timeZone: i % 2 === 0 ? 'Europe/Berlin' : 'America/New_York',
    })
    if (proposed._tag === 'Left') throw new Error('a bench proposal was refused')
    const confirmed = core.pickSlot(now, { by: 'Mentor', start })(proposed.right)
    if (confirmed._tag === 'Left') throw new Error('a bench pick was refused')
    await server.ctx.meetings.add(confirmed.right.meeting)
  }
  const feed = (await call(mentee, '/api/Meeting/RenewCalendarFeed', { email: mentee.email })) as { url: string }
  const url = new URL(feed.url)
  process.stdout.write(`${JSON.stringify({ feed: `${base}${url.pathname}${url.search}` })}\n`)
}

type Result = { name: string; rps: number; p50: number; p99: number; requests: number; non2xx: number }

const run = async (): Promise<void> => {
  const autocannon = (await import('autocannon')).default
  const dir = mkdtempSync(join(tmpdir(), 'tandem-bench-feed-'))
  const proc = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    env: { ...process.env, TANDEM_BENCH_FEED_CHILD: '1', DATA_DIR: dir },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  try {
    const ready = await new Promise<{ feed: string }>((resolve, reject) => {
      let out = ''
      proc.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        const line = out
          .split('\n')
          .slice(0, -1)
          .find((l) => l.startsWith('{"feed"'))
        if (line !== undefined) resolve(JSON.parse(line) as { feed: string })
      })
      proc.on('exit', (code) => reject(new Error(`benchmark server exited with ${code}`)))
    })
    const measure = async (name: string, connections: number, duration: number): Promise<Result> => {
      const r = await autocannon({ url: ready.feed, connections, duration })
      return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, requests: r.requests.total, non2xx: r.non2xx }
    }
    await measure('warm-up', 1, 2)
    const one = await measure(`calendar feed of ${MEETINGS} meetings, 1 connection`, 1, 5)
    const four = await measure(`calendar feed of ${MEETINGS} meetings, 4 connections`, 4, 5)
    console.log(['call', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'non-2xx'].join(' | '))
    for (const r of [one, four])
      console.log([r.name, r.rps.toFixed(0), r.p50.toFixed(1), r.p99.toFixed(1), r.requests, r.non2xx].join(' | '))
    console.log(`calendar feed p99 = ${one.p99.toFixed(1)} ms one at a time over ${MEETINGS} meetings (target < 50 ms)`)
  } finally {
    proc.kill('SIGTERM')
    rmSync(dir, { recursive: true, force: true })
  }
}

if (process.env['TANDEM_BENCH_FEED_CHILD'] === '1') await child()

export default run
