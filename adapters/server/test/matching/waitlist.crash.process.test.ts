// The waitlist survives a crash (docs/matching.md#waitlist): main.ts as a real process serves a
// round of many waiting mentees and is killed (SIGKILL) in the middle of it; another is started on
// the same data folder and finishes the round. No run is lost (every mentee who may still get a
// mentor has proposals, and no trigger is left) and no mail goes out twice (each run writes its
// WAITLIST_PROPOSALS mail in the transaction of its proposals; a mentee with proposals waits no more).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DAY } from '@tandem/core'
import { createOutboxRepository, createWaitlistRepository } from '@tandem/store'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabaseOf, releaseDatabase } from '../support/database.under-test.js'
import { startHarness, type Person } from '../support/harness.js'
import { killed, mainProcesses, waitFor } from '../support/main-process.js'

const WAITING = 50
const MENTORS = 30
const processes = mainProcesses()
afterAll(() => processes.killAll())

describe('kill -9 during the waitlist round', () => {
  it('the next process finishes the round: no run lost, no mail twice', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tandem-waitlist-crash-'))
    const h = await startHarness({ dataDir: dir })
    const mentees: Person[] = []
    try {
      // Waiting mentees (no mentor yet), then mentors who fit them all: their publications are the triggers.
      for (let i = 0; i < WAITING; i++) {
        const mentee = await h.readyMentee(`Mia${i}`)
        expect((await h.startMatching(mentee)).status).toBe(200)
        mentees.push(mentee)
      }
      h.clock.advance(DAY) // past the sign-up limit's window
      for (let i = 0; i < MENTORS; i++) await h.publishedMentor(`Max${i}`)
      expect(await h.server.ctx.waitlist.pendingTrigger()).not.toBeNull()
    } finally {
      await h.close()
    }

    const db = await openDatabaseOf(dir)
    const outbox = createOutboxRepository(db)
    const waitlist = createWaitlistRepository(db)
    const waitlistMails = async () => (await outbox.all()).filter((m) => m.type === 'WAITLIST_PROPOSALS').map((m) => m.recipient.email)
    try {
      const first = await processes.start(dir)
      await waitFor('the first waitlist mail', async () => (await waitlistMails()).length > 0, 60_000, 1)
      await killed(first)
      const atKill = await waitlistMails()
      // The kill landed in the middle of the round: some mentees were served, the triggers were not yet removed.
      expect(await waitlist.pendingTrigger()).not.toBeNull()

      const second = await processes.start(dir)
      await waitFor('the round served', async () => (await waitlist.pendingTrigger()) === null, 60_000, 20)
      await killed(second)

      const mails = await waitlistMails()
      expect(new Set(mails).size).toBe(mails.length) // no mail twice
      for (const email of atKill) expect(mails).toContain(email)
      // Every mentee with proposals got exactly their one mail; every place was offered (30 places, 3 a mentee).
      const proposed = (
        await Promise.all(
          mentees.map(async (m) => ({
            email: m.email,
            status: (await db.kysely.selectFrom('users').select('mentee_status').where('email', '=', m.email).executeTakeFirst())
              ?.mentee_status,
          })),
        )
      ).filter((m) => m.status === 'PROPOSED')
      expect(proposed.map((m) => m.email).sort()).toEqual([...mails].sort())
      expect(mails.length).toBe(MENTORS / 3)
    } finally {
      await db.close()
      rmSync(dir, { recursive: true, force: true })
      await releaseDatabase(dir)
    }
  }, 240_000)
})
