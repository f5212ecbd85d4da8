// The PostgreSQL backup of docs/operations.md (Backups on PostgreSQL), run as written against a
// throwaway cluster: pg_dump while the server serves, createdb and pg_restore into a new empty
// database, and a server started on the restored database answers over HTTP what the first one did.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type ProposalsResponse, type UserListRow } from '@tandem/core'
import { createTestDatabase, findPostgresBin, type TestDatabase } from '@tandem/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectOk, startHarness, type Harness, type Person } from '../support/harness.js'

const folder = mkdtempSync(join(tmpdir(), 'tandem-pg-backup-'))
let postgres: TestDatabase
beforeAll(async () => {
  postgres = await createTestDatabase()
}, 120_000)
afterAll(async () => {
  await postgres.drop()
  rmSync(folder, { recursive: true, force: true })
})

/** Runs one of PostgreSQL's client programs as the operator would; fails the test with its output. */
const pgTool = (program: string, args: readonly string[]): void => {
  const bin = findPostgresBin()
  if (bin === undefined) throw new Error('PostgreSQL is not installed')
  const run = spawnSync(join(bin, program), args, { encoding: 'utf8', timeout: 120_000 })
  expect([program, run.status, run.stderr]).toEqual([program, 0, ''])
}

/** What a server answers: the mentee's proposal (mentor and score) and the admin's list of proposed mentors. */
const servedBy = async (h: Harness, mentee: Person) => {
  const proposals = await h.call<ProposalsResponse>(mentee, 'POST', '/api/MatchingTandem/GetProposals', { email: mentee.email })
  expectOk(proposals, 'proposals')
  const mentors = await h.call<UserListRow[]>(h.admin, 'POST', '/api/Admin/GetMentors', [{ id: 5, name: 'PROPOSED' }])
  expectOk(mentors, 'proposed mentors')
  return { proposals: proposals.body.value.menteeProposal, proposedMentors: mentors.body.value.map((row) => row.email) }
}

describe('backup and restore on PostgreSQL with pg_dump and pg_restore', () => {
  it('restores into a new database a dump taken while serving, and a server on it serves the same data', async () => {
    const first = await startHarness({ dataDir: join(folder, 'first'), env: { DATABASE_URL: postgres.url } })
    let before: Awaited<ReturnType<typeof servedBy>>
    let mentee: Person
    let mentor: Person
    const dump = join(folder, 'tandem.dump')
    try {
      mentor = await first.publishedMentor('Max')
      mentee = await first.readyMentee('Mia')
      expectOk(await first.call(mentee, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: mentee.email }), 'start')
      await first.call(first.admin, 'POST', '/api/Account/signin', { Email: first.admin.email, Role: null })
      before = await servedBy(first, mentee)
      expect(before.proposals).toHaveLength(1)
      expect(before.proposedMentors).toEqual([mentor.email])
      // While the server serves: one consistent snapshot.
      pgTool('pg_dump', ['--format=custom', `--file=${dump}`, postgres.url])
    } finally {
      await first.close()
    }

    const maintenance = new URL(postgres.url)
    maintenance.pathname = '/postgres'
    pgTool('createdb', [`--maintenance-db=${maintenance.toString()}`, '--owner=tandem', 'tandem_restored'])
    const restored = new URL(postgres.url)
    restored.pathname = '/tandem_restored'
    pgTool('pg_restore', ['--no-owner', '--role=tandem', '--exit-on-error', `--dbname=${restored.toString()}`, dump])

    const second = await startHarness({ dataDir: join(folder, 'second'), env: { DATABASE_URL: restored.toString() } })
    try {
      expect(await servedBy(second, mentee)).toEqual(before)
      // And it keeps working: the mentor is not proposed to a second mentee.
      const other = await second.readyMentee('Ola')
      expectOk(await second.call(other, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: other.email }), 'start')
      expect((await servedBy(second, other)).proposals).toEqual([])
    } finally {
      await second.close()
    }
  }, 120_000)
})
