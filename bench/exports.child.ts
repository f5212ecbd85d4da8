// One export measured in its own process (spawned by exports.bench.ts): fills a fresh SQLite file
// with N mentees, N mentors and N teams, then streams one workbook to a file while sampling the RSS.
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { PassThrough } from 'node:stream'
import { createServer, loadConfig, onSqliteFile } from '@tandem/server'
import { pino } from 'pino'
import { tandemDataSpreadsheet, userDataSpreadsheet } from '@tandem/application'

const kind = process.argv[2] === 'teams' ? 'teams' : 'users'
const size = Number(process.argv[3] ?? '10000')
const dir = mkdtempSync(join(tmpdir(), 'tandem-export-bench-'))

const server = onSqliteFile(
  await createServer(loadConfig({ DATA_DIR: dir, WEB_DIST: join(dir, 'no-web'), ADMIN_EMAILS: '' }), {
    verifyToken: async () => null,
    logger: pino({ level: 'silent' }),
  }),
)
const now = Date.now()
const clusterId = (await server.ctx.clusters.list())[0]?.clusterId ?? null
const raw = server.db.raw
raw.transaction(() => {
  const user =
    raw.prepare(`insert into users (issuer, subject, email, first_name, last_name, gender, birth_date, language, roles, country_code_id,
    state_original_id, city, professional_position, company, registered_at, mentee_status, mentee_cluster_id, mentor_status, mentor_published)
    values (?, ?, ?, ?, ?, 'Female', '1990-05-01', 'de', ?, 64, 1, 'Berlin', 'Engineer', 'ACME', ?, ?, ?, ?, ?)`)
  const answer = raw.prepare('insert into profile_answers (user_id, question_id, answer) values (?, ?, ?)')
  const tandem =
    raw.prepare(`insert into tandems (id, version, state, mentee_id, mentor_id, cluster_id, created_at, manual, score_base, score_max,
    score_percentage, score_breakdown, mentee_proposal_id, mentee_state, mentee_deadline, mentee_decided_at, mentee_decline_reason_id, mentee_comment,
    mentee_info_text, mentor_proposal_id, mentor_state, mentor_deadline, mentor_decided_at, mentor_decline_reason_id, mentor_comment, mentor_info_text)
    values (?, 1, 'DECLINED', ?, ?, ?, ?, 0, 12, 20, 60, '[]', ?, 'DECLINED', ?, ?, 1, 'Not the right fit for me at the moment.', null, ?, 'CLOSED', null, null, null, null, null)`)
  for (let i = 0; i < size; i++) {
    const mentee = Number(
      user.run(
        'bench',
        `mentee-${i}`,
        `mentee.${i}@example.org`,
        `Mia${i}`,
        `Menteeson${i}`,
        '["Mentee"]',
        now - i * 1000,
        'AVAILABLE',
        clusterId,
        null,
        0,
      ).lastInsertRowid,
    )
    const mentor = Number(
      user.run(
        'bench',
        `mentor-${i}`,
        `mentor.${i}@example.org`,
        `Max${i}`,
        `Mentorson${i}`,
        '["Mentor"]',
        now - i * 1000,
        null,
        null,
        'AVAILABLE',
        1,
      ).lastInsertRowid,
    )
    answer.run(mentee, 1, 'I would like to learn how to lead a team of engineers.')
    answer.run(mentor, 1, 'Twenty years of leading teams in software and hardware.')
    tandem.run(i + 1, mentee, mentor, clusterId, now - (i % 300) * 3600_000, 2 * i + 1, now, now, 2 * i + 2)
  }
})()

let peak = process.memoryUsage().rss
const baseline = peak
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss)
}, 5)
const sheet =
  kind === 'users'
    ? userDataSpreadsheet(
        server.ctx,
        {
          role: 'Mentee',
          includeBasicAccountInformation: true,
          includeExtededAccountInformation: true,
          includeProfileInformation: true,
          filterData: {},
        },
        'de',
        'Bench Admin <admin@example.org>',
      )
    : tandemDataSpreadsheet(
        server.ctx,
        {
          includeUserAccountInformation: true,
          includeMatchingTandemInformation: true,
          includeProposalInformation: true,
          tandemDateRange: 365,
        },
        'en',
        'Bench Admin <admin@example.org>',
      )
const file = join(dir, sheet.filename)
const started = performance.now()
const through = new PassThrough()
await Promise.all([sheet.write(through), pipeline(through, createWriteStream(file))])
const seconds = (performance.now() - started) / 1000
clearInterval(sampler)
peak = Math.max(peak, process.memoryUsage().rss)
const bytes = statSync(file).size
const rowsWritten = (k: string) =>
  Number(
    raw
      .prepare(k === 'users' ? 'select count(*) as n from users where mentee_status is not null' : 'select count(*) as n from tandems')
      .pluck()
      .get(),
  )
const rows = rowsWritten(kind)
await server.close()
rmSync(dir, { recursive: true, force: true })
console.log(JSON.stringify({ kind, size: rows, seconds, peakMb: peak / 2 ** 20, baselineMb: baseline / 2 ** 20, fileMb: bytes / 2 ** 20 }))
