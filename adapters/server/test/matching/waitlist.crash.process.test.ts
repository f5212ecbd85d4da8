// The waitlist survives a crash (docs/matching.md#waitlist): main.ts as a real process serves a
// round of many waiting mentees and is killed (SIGKILL) in the middle of it; another is started on
// the same data folder and finishes the round. No run is lost (every mentee who may still get a
// mentor has proposals, and no trigger is left), no mail goes out twice (each run writes its
// WAITLIST_PROPOSALS mail in the transaction of its proposals; a mentee with proposals waits no more),
// and nobody is dropped: there are more waiting mentees than places, and each mentee is counted
// either served (proposed, one mail) or still waiting since the moment they first waited.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DAY } from '@tandem/core'
import { createOutboxRepository, createWaitlistRepository } from '@tandem/store'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabaseOf, releaseDatabase } from '../support/database.under-test.js'
import { startHarness, type Harness, type Person } from '../support/harness.js'
import { killed, mainProcesses, waitFor } from '../support/main-process.js'

const WAITING = 50
const MENTORS = 30
const processes = mainProcesses()
afterAll(() => processes.killAll())

/** Since when the mentee waits, as GetWaitlist answers it (null: not waiting). */
const waitingSinceOf = async (h: Harness, mentee: Person): Promise<string | null> => {
  const reply = await h.call<{ enabled: boolean; waitingSince: string | null }>(mentee, 'POST', '/api/MatchingTandem/GetWaitlist', {
    email: mentee.email,
  })
  expect([mentee.email, reply.status, reply.body.value.enabled]).toEqual([mentee.email, 200, true])
  return reply.body.value.waitingSince
}

describe('kill -9 during the waitlist round', () => {
  it('the next process finishes the round: no run lost, no mail twice', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tandem-waitlist-crash-'))
    const h = await startHarness({ dataDir: dir })
    const mentees: Person[] = []
    const waitingBefore = new Map<string, string | null>()
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
      for (const mentee of mentees) waitingBefore.set(mentee.email, await waitingSinceOf(h, mentee))
      expect([...waitingBefore.values()].filter((since) => since === null)).toEqual([])
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

      // Each mentee, one by one: served (proposed, one mail, waiting no more) or still waiting since
      // the moment they first waited. A mentee taken off the waitlist without proposals is neither.
      const after = await startHarness({ dataDir: dir })
      try {
        const fates = await Promise.all(
          mentees.map(async (m) => {
            const since = await waitingSinceOf(after, m)
            const mailed = mails.filter((email) => email === m.email).length
            const served = proposed.some((p) => p.email === m.email) && mailed === 1 && since === null
            const waiting =
              !proposed.some((p) => p.email === m.email) && mailed === 0 && since !== null && since === waitingBefore.get(m.email)
            return [m.email, served ? 'served' : waiting ? 'waiting' : `lost (since ${since}, ${mailed} mails)`] as const
          }),
        )
        expect(fates.filter(([, fate]) => fate !== 'served' && fate !== 'waiting')).toEqual([])
        expect(fates.filter(([, fate]) => fate === 'served')).toHaveLength(MENTORS / 3)
        expect(fates.filter(([, fate]) => fate === 'waiting')).toHaveLength(WAITING - MENTORS / 3)
      } finally {
        await after.close()
      }
    } finally {
      await db.close()
      rmSync(dir, { recursive: true, force: true })
      await releaseDatabase(dir)
    }
  }, 240_000)
})
