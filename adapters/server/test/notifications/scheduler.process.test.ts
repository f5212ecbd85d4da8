// The production entry point (main.ts) as real processes on one data folder, with short sweep and
// mail intervals and a real SMTP server: two processes at once, one killed (SIGKILL) mid-work and
// another started in its place. Every notification is written once and received at least once,
// a duplicate only with the Message-ID of its outbox row (decision 0003: none lost to a crash).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createOutboxRepository } from '@tandem/store'
import { aMentorAnswers } from '@tandem/fixtures'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSmtp, type TestSmtp } from '../../../mail/test/support/smtp.server.js'
import { openDatabaseOf } from '../support/database.under-test.js'
import { expectOk, startHarness } from '../support/harness.js'
import { runOn } from '../support/store.statements.js'
import { killed, mainProcesses, waitFor } from '../support/main-process.js'

let smtp: TestSmtp
const processes = mainProcesses()
beforeAll(async () => {
  smtp = await startTestSmtp()
})
afterAll(async () => {
  processes.killAll()
  await smtp.stop()
})

const startMain = (dir: string) => processes.start(dir, { SMTP_URL: smtp.url, MAIL_LEASE_MS: '3000' })

/**
 * The scheduled tasks of a server process (main.ts) that run within a test's seconds, each under its
 * own lease, by name; the retention sweep runs once an hour at the most.
 */
const TASKS = ['check-ins', 'deadline-sweep', 'interrupted-runs', 'meeting-reminders', 'pool-snapshot', 'reminder-sweep', 'waitlist']

describe('main.ts processes on one database', () => {
  it('two processes sweep and deliver, one is killed and another started: each notification written once, received at least once, none lost', async () => {
    // Prepared on the test clock (March 2026): for the real clock of the processes, the mentor's
    // 72 h deadline passed long ago and three mentors saved without publishing more than 7 days ago.
    const dir = mkdtempSync(join(tmpdir(), 'tandem-processes-'))
    const h = await startHarness({ dataDir: dir })
    const mentor = await h.publishedMentor('Anna')
    const mentee = await h.readyMentee('Mia')
    expectOk(await h.call(mentee, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: mentee.email }), 'start')
    const p = (
      await h.call<{ menteeProposal: { proposalId: number; matchingTandemId: number }[] }>(
        mentee,
        'POST',
        '/api/MatchingTandem/GetProposals',
        { email: mentee.email },
      )
    ).body.value.menteeProposal[0]
    if (p === undefined) throw new Error('expected a proposal')
    expectOk(
      await h.call(mentee, 'POST', '/api/MatchingTandem/AcceptProposal', {
        email: mentee.email,
        role: 'Mentee',
        pairedUserEmail: mentor.email,
        proposalSaveModel: { proposalId: p.proposalId, proposalState: 'ACCEPTED' },
        matchingTandemSaveModel: { matchingTandemId: p.matchingTandemId, tandemState: 'ACTIVE' },
      }),
      'accept',
    )
    const drafts = [h.person('Tom'), h.person('Uwe'), h.person('Vera')]
    for (const d of drafts) {
      expectOk(await h.signUp(d, 'Mentor'), 'sign-up')
      expectOk(await h.saveAnswers(d, 'Mentor', aMentorAnswers().slice(0, 3), false), 'save unpublished')
    }
    // Rows so far: NEW_TANDEM to the mentee and to the mentor, not yet delivered.
    expect((await h.server.ctx.outbox.all()).map((m) => m.status)).toEqual(['pending', 'pending'])
    await h.close()

    const db = await openDatabaseOf(dir)
    const outbox = createOutboxRepository(db)
    try {
      const first = await startMain(dir)
      const second = await startMain(dir)
      await waitFor('the first message', () => smtp.received.length >= 1)
      await killed(first)
      const third = await startMain(dir)
      // Expected: 2 NEW_TANDEM, 1 DEACTIVATE_USER_PROFILE (deadline), 3 unpublished-profile reminders.
      await waitFor('every notification settled', async () => {
        const all = await outbox.all()
        return all.length >= 6 && all.every((m) => m.status === 'sent' || m.status === 'failed')
      })
      // Two more rounds of every sweep on the survivors (each round takes its lease anew, with a
      // later end): nothing new may appear.
      const ends = new Map<string, Set<number>>(TASKS.map((name) => [name, new Set()]))
      await waitFor('two more rounds of every sweep', async () => {
        for (const lease of await runOn(db, sql<{ name: string; until: number }>`select name, until from scheduler_leases`))
          ends.get(lease.name)?.add(Number(lease.until))
        return [...ends.values()].every((seen) => seen.size >= 3)
      })
      await killed(second)
      await killed(third)

      const rows = await outbox.all()
      expect(rows.map((m) => `${m.type} ${m.recipient.email}`).sort()).toEqual(
        [
          `DEACTIVATE_USER_PROFILE ${mentor.email}`,
          `NEW_TANDEM ${mentee.email}`,
          `NEW_TANDEM ${mentor.email}`,
          ...drafts.map((d) => `REMINDER_UNPUBLISHED_USER_PROFILE ${d.email}`),
        ].sort(),
      )
      const received = (await smtp.parsed()).map((m) => m.messageId ?? '')
      expect(rows.map((m) => m.status)).toEqual(rows.map(() => 'sent'))
      expect([...new Set(received)].sort()).toEqual(rows.map((row) => `<tandem-outbox-${row.id}@localhost>`).sort())
      const leases = await runOn(db, sql<{ name: string }>`select name from scheduler_leases order by name`)
      expect(leases.map((lease) => lease.name)).toEqual(TASKS)
    } finally {
      await db.close()
      rmSync(dir, { recursive: true, force: true })
    }
  }, 180_000)

  it('SIGTERM stops the sweeps and releases the leases, so another process need not wait for them to run out', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tandem-processes-'))
    try {
      const child = await startMain(dir)
      const db = await openDatabaseOf(dir)
      try {
        const leases = () => runOn(db, sql<{ name: string; until: number }>`select name, until from scheduler_leases order by name`)
        await waitFor('every lease taken', async () => (await leases()).filter((l) => l.until > Date.now()).length === TASKS.length)
        const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
        child.kill('SIGTERM')
        expect(await exited).toBe(0)
        expect(await leases()).toEqual(TASKS.map((name) => ({ name, until: 0 })))
      } finally {
        await db.close()
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 120_000)
})
