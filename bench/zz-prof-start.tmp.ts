import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { findSourceMap } from 'node:module'
import { writeFileSync, readdirSync, statSync } from 'node:fs'
import { generatePopulation } from '@tandem/fixtures'
import { createServer, loadConfig, runMatching, seedPopulation } from '@tandem/server'
import { pino } from 'pino'
import { makeRealYear } from './real-year.js'

const dir = mkdtempSync(join(tmpdir(), 'tandem-prof-'))
const server = await createServer(loadConfig({ DATA_DIR: dir, WEB_DIST: join(dir, 'none'), LOG_LEVEL: 'silent' }), {
  verifyToken: () => Promise.reject(new Error('none')),
  logger: pino({ level: 'silent' }),
})
const real = process.argv[2] !== 'plain'
const population = generatePopulation({ seed: 7, mentees: 700, mentors: 10_000, now: Date.now() })
const everyone = await seedPopulation(server, population, 'https://bench.local')
const mentees = everyone.filter((p) => p.side === 'Mentee')
if (real) await makeRealYear(server, everyone, mentees.slice(500))
if (process.env['EXPLAIN']) {
  const { onSqliteFile } = await import('@tandem/server')
  const raw = onSqliteFile(server).db.raw
  const q = `select -1 as id, value from meta where key = 'mentor_pool_revision' union all select id, 0 as value from users where id in (5, 17, 99, 1000) and (mentor_published = 1 and mentor_status is not null and not (mentor_status in ('AVAILABLE') and mentor_published = 1))`
  console.log(raw.prepare('explain query plan ' + q).all())
  const t = performance.now()
  for (let i = 0; i < 100; i++) raw.prepare(q).all()
  console.log('100 runs ms', (performance.now() - t).toFixed(1))
  console.log(raw.prepare('select * from sqlite_stat1 limit 3').all())
}
let packs = 0
const answersRepo = server.ctx.answers as { publishedMentors: (...a: unknown[]) => Promise<unknown> }
const original = answersRepo.publishedMentors.bind(answersRepo)
answersRepo.publishedMentors = (...a: unknown[]) => {
  packs++
  return original(...a)
}
const lists = server.ctx.lists as unknown as { rankedMentorsNow: (a: readonly number[]) => Promise<{ unavailable: unknown[] }> }
const rmn = lists.rankedMentorsNow.bind(lists)
const sizes: number[] = []
let rmnMs = 0
lists.rankedMentorsNow = async (a) => {
  const t = performance.now()
  const r = await rmn(a)
  rmnMs += performance.now() - t
  sizes.push(a.length * 1000 + r.unavailable.length)
  return r
}
const cpu = () => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}
const { Session } = await import('node:inspector/promises')
const session = new Session()
session.connect()
if (process.env['PROF']) {
  await session.post('Profiler.enable')
  await session.post('Profiler.setSamplingInterval', { interval: 200 })
  await session.post('Profiler.start')
}
const times: number[] = []
for (const [i, m] of mentees.slice(0, 400).entries()) {
  const record = await server.ctx.users.byId(m.userId)
  const t = cpu()
  if (record !== undefined) await runMatching(server.ctx, record)
  if (i >= 50) times.push(cpu() - t)
}
if (process.env['PROF']) {
  const { profile } = await session.post('Profiler.stop')
  writeFileSync(process.env['PROF'], JSON.stringify(profile))
}
times.sort((a, b) => a - b)
console.log(
  real ? 'real year' : 'plain',
  'CPU ms per start: median',
  times[times.length >> 1]!.toFixed(2),
  'p90',
  times[Math.floor(times.length * 0.9)]!.toFixed(2),
  'p99',
  times[Math.floor(times.length * 0.99)]!.toFixed(2),
  'max',
  times[times.length - 1]!.toFixed(2),
  'packs',
  packs,
  'mean',
  (times.reduce((a, b) => a + b, 0) / times.length).toFixed(2),
)
if (process.env['DUMP_MAPS']) {
  const maps: Record<string, unknown> = {}
  const walk = (d: string): void => {
    for (const f of readdirSync(d)) {
      const p = join(d, f)
      if (f === 'node_modules' || f === 'test') continue
      if (statSync(p).isDirectory()) walk(p)
      else if (f.endsWith('.ts')) {
        const sm = findSourceMap(`file://${p}`) ?? findSourceMap(p)
        if (sm) maps[`file://${p}`] = sm.payload
      }
    }
  }
  for (const d of ['core/src', 'application/src', 'adapters']) walk(join(process.cwd(), d))
  writeFileSync(process.env['DUMP_MAPS'], JSON.stringify(maps))
  console.log('maps', Object.keys(maps).length)
}
const hist = new Map<number, number>()
for (const x of sizes) hist.set(Math.floor(x / 1000), (hist.get(Math.floor(x / 1000)) ?? 0) + 1)
console.log(
  'rankedMentorsNow calls',
  sizes.length,
  'ms',
  rmnMs.toFixed(0),
  [...hist]
    .sort((a, b) => a[0] - b[0])
    .map(([k, v]) => `${k}:${v}`)
    .join(' '),
)
console.log(
  'last unavailable counts',
  sizes
    .slice(-12)
    .map((x) => x % 1000)
    .join(' '),
)
await server.close()
