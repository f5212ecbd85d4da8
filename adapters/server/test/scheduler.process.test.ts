// The production entry point (main.ts) as real processes on one data folder, with short sweep and
// mail intervals and a real SMTP server: two processes at once, one killed (SIGKILL) mid-work and
// another started in its place. Every notification is written once and received at most once; every
// message not received is one the outbox reports as interrupted (decision 0003: at most once).
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { INTERRUPTED_ERROR } from '@tandem/mail'
import { createOutboxRepository, openDatabase } from '@tandem/sqlite'
import { aMentorAnswers } from '@tandem/fixtures'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSmtp, type TestSmtp } from '../../mail/test/support/smtp.server.js'
import { expectOk, startHarness } from './harness.js'

const MAIN = join(import.meta.dirname, '..', 'src', 'main.ts')

let smtp: TestSmtp
const children: ChildProcess[] = []
beforeAll(async () => { smtp = await startTestSmtp() })
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL')
  await smtp.stop()
})

/** Starts `node main.ts` on the folder; resolves once it listens. */
const startMain = (dir: string): Promise<ChildProcess> => {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env, DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', PUBLIC_URL: 'http://localhost:3000', WEB_DIST: join(dir, 'no-web'),
      SMTP_URL: smtp.url, SWEEP_INTERVAL_MS: '100', MAIL_INTERVAL_MS: '100', LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  children.push(child)
  return new Promise((resolve, reject) => {
    let out = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (out.includes('Tandem is listening')) resolve(child)
    })
    child.on('exit', (code) => reject(new Error(`main.ts exited with ${code}: ${out.slice(-2000)}`)))
  })
}

const waitFor = async (what: string, holds: () => boolean | Promise<boolean>, limitMs = 60_000): Promise<void> => {
  const until = Date.now() + limitMs
  while (!(await holds())) {
    if (Date.now() > until) throw new Error(`gave up waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const killed = (child: ChildProcess): Promise<void> => new Promise((resolve) => {
  if (child.exitCode !== null || child.signalCode !== null) return resolve()
  child.once('exit', () => resolve())
  child.kill('SIGKILL')
})

describe('main.ts processes on one database', () => {
  it('two processes sweep and deliver, one is killed and another started: each notification written once, received at most once, none lost', async () => {
    // Prepared on the test clock (March 2026): for the real clock of the processes, the mentor's
    // 72 h deadline passed long ago and three mentors saved without publishing more than 7 days ago.
    const dir = mkdtempSync(join(tmpdir(), 'tandem-processes-'))
    const h = await startHarness({ dataDir: dir })
    const mentor = await h.publishedMentor('Anna')
    const mentee = await h.readyMentee('Mia')
    expectOk(await h.call(mentee, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: mentee.email }), 'start')
    const p = (await h.call<{ menteeProposal: { proposalId: number; matchingTandemId: number }[] }>(mentee, 'POST', '/api/MatchingTandem/GetProposals', { email: mentee.email })).body.value.menteeProposal[0]
    if (p === undefined) throw new Error('expected a proposal')
    expectOk(await h.call(mentee, 'POST', '/api/MatchingTandem/AcceptProposal', {
      email: mentee.email, role: 'Mentee', pairedUserEmail: mentor.email,
      proposalSaveModel: { proposalId: p.proposalId, proposalState: 'ACCEPTED' }, matchingTandemSaveModel: { matchingTandemId: p.matchingTandemId, tandemState: 'ACTIVE' },
    }), 'accept')
    const drafts = [h.person('Tom'), h.person('Uwe'), h.person('Vera')]
    for (const d of drafts) {
      expectOk(await h.signUp(d, 'Mentor'), 'sign-up')
      expectOk(await h.saveAnswers(d, 'Mentor', aMentorAnswers().slice(0, 3), false), 'save unpublished')
    }
    // Rows so far: NEW_TANDEM to the mentee and to the mentor, not yet delivered.
    expect(h.server.ctx.outbox.all().map((m) => m.status)).toEqual(['pending', 'pending'])
    await h.close()

    const db = await openDatabase(join(dir, 'tandem.db'))
    const outbox = createOutboxRepository(db)
    try {
      const first = await startMain(dir)
      const second = await startMain(dir)
      await waitFor('the first message', () => smtp.received.length >= 1)
      await killed(first)
      const third = await startMain(dir)
      // Expected: 2 NEW_TANDEM, 1 DEACTIVATE_USER_PROFILE (deadline), 3 unpublished-profile reminders.
      await waitFor('every notification settled', () => {
        const all = outbox.all()
        return all.length >= 6 && all.every((m) => m.status === 'sent' || m.status === 'failed')
      })
      // A few more rounds of both survivors: nothing new may appear.
      await new Promise((resolve) => setTimeout(resolve, 1500))
      await killed(second)
      await killed(third)

      const rows = outbox.all()
      expect(rows.map((m) => `${m.type} ${m.recipient.email}`).sort()).toEqual([
        `DEACTIVATE_USER_PROFILE ${mentor.email}`, `NEW_TANDEM ${mentee.email}`, `NEW_TANDEM ${mentor.email}`,
        ...drafts.map((d) => `REMINDER_UNPUBLISHED_USER_PROFILE ${d.email}`),
      ].sort())
      const received = (await smtp.parsed()).map((m) => m.messageId ?? '')
      expect(received.length).toBe(new Set(received).size)
      for (const row of rows) {
        const id = `<tandem-outbox-${row.id}@localhost>`
        if (row.status === 'sent') expect(received).toContain(id)
        else expect([row.status, row.lastError]).toEqual(['failed', INTERRUPTED_ERROR])
      }
      expect(rows.filter((m) => m.status === 'failed').length).toBeLessThanOrEqual(1)
      expect(received.length).toBeGreaterThanOrEqual(rows.length - 1)
      const leases = db.raw.prepare('select name from scheduler_leases order by name').pluck().all()
      expect(leases).toEqual(['deadline-sweep', 'reminder-sweep'])
    } finally {
      db.close()
      rmSync(dir, { recursive: true, force: true })
    }
  }, 180_000)

  it('SIGTERM stops the sweeps and releases the leases, so another process need not wait for them to run out', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tandem-processes-'))
    try {
      const child = await startMain(dir)
      const db = await openDatabase(join(dir, 'tandem.db'))
      try {
        const leases = () => db.raw.prepare('select name, until from scheduler_leases order by name').all() as { name: string; until: number }[]
        await waitFor('both leases taken', () => leases().filter((l) => l.until > Date.now()).length === 2)
        const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
        child.kill('SIGTERM')
        expect(await exited).toBe(0)
        expect(leases()).toEqual([{ name: 'deadline-sweep', until: 0 }, { name: 'reminder-sweep', until: 0 }])
      } finally { db.close() }
    } finally { rmSync(dir, { recursive: true, force: true }) }
  }, 120_000)
})
