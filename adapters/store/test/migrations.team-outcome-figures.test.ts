// Migration 0026 puts each team's outcome figures on its timeline row: the answers given before it
// are counted as core's teamOutcomeFigures counts them, on SQLite and on PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { Kysely, Migrator, SqliteDialect, sql } from 'kysely'
import { CheckInAnswer, DAY, teamOutcomeFigures } from '@tandem/core'
import { createTestDatabase, type TestDatabase } from '@tandem/testing'
import { isRight } from 'fp-ts/lib/Either.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MIGRATIONS, migrateToLatest, openPostgresKysely } from '../src/index.js'

let folder: string
let sqlite: Kysely<unknown>
let postgres: TestDatabase
let postgresKysely: Kysely<unknown>

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'tandem-outcome-figures-'))
  sqlite = new Kysely({ dialect: new SqliteDialect({ database: new BetterSqlite3(join(folder, 'tandem.db')) }) })
  postgres = await createTestDatabase()
  postgresKysely = openPostgresKysely(postgres.url) as unknown as Kysely<unknown>
})

afterAll(async () => {
  await postgresKysely.destroy()
  await postgres.drop()
  await sqlite.destroy()
  rmSync(folder, { recursive: true, force: true })
})

const MATCHED = Date.UTC(2026, 2, 1)
/** Two teams' answers as they stood before the migration: team 1 met (the mentor's "yes" came first), team 2 did not. */
const answers = [
  { tandemId: 1, side: 'Mentee', occasion: 'met', at: MATCHED + 16 * DAY, answer: { kind: 'Met', met: 'Yes' } },
  { tandemId: 1, side: 'Mentor', occasion: 'met', at: MATCHED + 15 * DAY, answer: { kind: 'Met', met: 'Yes' } },
  { tandemId: 1, side: 'Mentee', occasion: 'pulse-0', at: MATCHED + 31 * DAY, answer: { kind: 'Pulse', score: 4, note: null } },
  { tandemId: 1, side: 'Mentor', occasion: 'pulse-0', at: MATCHED + 31 * DAY, answer: { kind: 'Pulse', score: 4, note: 'good' } },
  { tandemId: 1, side: 'Mentee', occasion: 'pulse-1', at: MATCHED + 91 * DAY, answer: { kind: 'Pulse', score: 2, note: null } },
  {
    tandemId: 1,
    side: 'Mentee',
    occasion: 'closing',
    at: MATCHED + 120 * DAY,
    answer: { kind: 'Closing', satisfaction: 5, wouldRecommend: true, goalsReached: 'Most', note: null },
  },
  { tandemId: 2, side: 'Mentee', occasion: 'met', at: MATCHED + 15 * DAY, answer: { kind: 'Met', met: 'CannotReach' } },
  { tandemId: 2, side: 'Mentor', occasion: 'met', at: MATCHED + 15 * DAY, answer: { kind: 'Met', met: 'NotYet' } },
]

const figuresOf = (tandemId: number) =>
  teamOutcomeFigures(
    answers
      .filter((a) => a.tandemId === tandemId)
      .map((a) => {
        const decoded = CheckInAnswer.decode(a.answer)
        if (!isRight(decoded)) throw new Error('a sample answer does not decode')
        return { answer: decoded.right, answeredAt: a.at }
      }),
  )

describe('migration 0026-team-outcome-figures', () => {
  for (const [name, db] of [
    ['SQLite', () => sqlite],
    ['PostgreSQL', () => postgresKysely],
  ] as const)
    it(`counts the answers already given into each team's timeline row (${name})`, async () => {
      const k = db()
      const migrated = await new Migrator({ db: k, provider: { getMigrations: async () => ({ ...MIGRATIONS }) } }).migrateTo(
        '0025-waitlist-stop-links',
      )
      expect(migrated.error).toBeUndefined()
      for (const tandemId of [1, 2, 3])
        await sql`insert into mentorship_timelines (tandem_id, matched_at, closed) values (${tandemId}, ${MATCHED}, 0)`.execute(k)
      for (const a of answers)
        await sql`insert into mentorship_checkins (tandem_id, side, occasion, asked_at, answered_at, answer)
          values (${a.tandemId}, ${a.side}, ${a.occasion}, ${MATCHED}, ${a.at}, ${JSON.stringify(a.answer)})`.execute(k)
      // Asked, never answered: counts nowhere.
      await sql`insert into mentorship_checkins (tandem_id, side, occasion, asked_at) values (3, 'Mentee', 'met', ${MATCHED})`.execute(k)

      expect(await migrateToLatest(k)).toContain('0026-team-outcome-figures')

      const rows = await sql<Record<string, number | string | null>>`select * from mentorship_timelines order by tandem_id`.execute(k)
      const stored = rows.rows.map((r) => ({
        metAt: r['met_at'] === null ? null : Number(r['met_at']),
        pulses: [1, 2, 3, 4, 5].map((s) => Number(r[`pulse_${s}`])),
        satisfaction: [1, 2, 3, 4, 5].map((s) => Number(r[`satisfaction_${s}`])),
      }))
      expect(stored).toEqual([figuresOf(1), figuresOf(2), figuresOf(3)])
      // Read back what the answers hold, so that an empty count cannot pass.
      expect(stored[0]).toEqual({ metAt: MATCHED + 15 * DAY, pulses: [0, 1, 0, 2, 0], satisfaction: [0, 0, 0, 0, 1] })
      expect(stored[1]?.metAt).toBeNull()
    })
})
