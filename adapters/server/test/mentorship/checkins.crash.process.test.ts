// The check-in sweep survives a crash (docs/mentorship.md#check-ins): main.ts as a real process runs
// the scheduled task `check-ins` over many matched teams and is killed (SIGKILL) in the middle of it;
// another is started on the same data folder and finishes the sweep. No question is lost (every
// question asked has its mail, every team was asked) and no mail goes out twice (each team's questions,
// links and mails are written in one transaction, and a team already asked is not asked again).
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MINUTE } from '@tandem/core'
import { createOutboxRepository } from '@tandem/store'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabaseOf, releaseDatabase } from '../support/database.under-test.js'
import { startHarness } from '../support/harness.js'
import { killed, mainProcesses, waitFor } from '../support/main-process.js'

const TEAMS = 40
const processes = mainProcesses()
afterAll(() => processes.killAll())

describe('kill -9 during the check-in sweep', () => {
  it('the next process finishes the sweep: no question lost, no mail twice', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tandem-checkins-crash-'))
    const h = await startHarness({ dataDir: dir })
    try {
      for (let i = 0; i < TEAMS; i++) {
        await h.matchedTeam(`Max${i}`, `Mia${i}`)
        if (i % 20 === 19) h.clock.advance(2 * MINUTE) // past the sign-up limit's window
      }
    } finally {
      await h.close()
    }

    // The teams were matched at the harness's clock, months before the processes' real clock: a question is due for each side.
    const db = await openDatabaseOf(dir)
    const outbox = createOutboxRepository(db)
    const k = db.kysely
    const checkInMails = async () => (await outbox.all()).filter((m) => m.type.startsWith('CHECK_IN_'))
    const sweptTeams = async () => (await db.all(k.selectFrom('mentorship_timelines').select('tandem_id'))).length
    try {
      const first = await processes.start(dir)
      await waitFor('the first check-in mail', async () => (await checkInMails()).length > 0, 60_000, 1)
      await killed(first)
      const atKill = (await checkInMails()).map((m) => m.id)
      // The kill landed in the middle of the sweep: some teams were asked, not all.
      expect(await sweptTeams()).toBeLessThan(TEAMS)

      const second = await processes.start(dir)
      // The killed process's lease on the task runs out first (SWEEP_LEASE_MS, 3 s here), as after a real crash.
      await waitFor('every team asked', async () => (await sweptTeams()) === TEAMS, 90_000, 20)
      await killed(second)

      // Each mail's link names its question (the store keeps the token's hash): the questions asked and
      // the questions mailed are the same, one mail each, and every team's both sides were asked.
      const links = new Map(
        (await db.all(k.selectFrom('mentorship_checkin_links').select(['token_hash', 'tandem_id', 'side', 'occasion']))).map((r) => [
          r.token_hash,
          `${r.tandem_id}/${r.side}/${r.occasion}`,
        ]),
      )
      const mails = await checkInMails()
      const mailed = mails.map((m) => {
        const token = new URL((m.data as { link: string }).link).searchParams.get('token') ?? ''
        return links.get(createHash('sha256').update(token).digest('hex')) ?? 'a mail without its link'
      })
      expect(new Set(mailed).size).toBe(mailed.length) // no mail twice
      const asked = (await db.all(k.selectFrom('mentorship_checkins').select(['tandem_id', 'side', 'occasion']))).map(
        (r) => `${r.tandem_id}/${r.side}/${r.occasion}`,
      )
      expect([...mailed].sort()).toEqual([...asked].sort()) // no question without its mail
      expect(new Set(asked.map((q) => q.split('/').slice(0, 2).join('/'))).size).toBe(2 * TEAMS)
      for (const id of atKill) expect(mails.map((m) => m.id)).toContain(id)
    } finally {
      await db.close()
      rmSync(dir, { recursive: true, force: true })
      await releaseDatabase(dir)
    }
  }, 240_000)
})
