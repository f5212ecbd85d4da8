// Retention on the simulated clock (docs/privacy.md): a person nobody has seen for RETENTION_MONTHS,
// or whose program year ended that long ago, gets one notice 30 days before and is erased when the
// period ends, not before; a sign-in keeps the account, a live tandem holds the erasure off, and
// mails older than the period keep only subject and date.
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { DAY, RETENTION_NOTICE_PERIOD, monthsAfter, proposalIdOf, tandemIdOf, type RetentionDueRow } from '@tandem/core'
import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { query } from '../support/database.under-test.js'
import { START, expectOk, startHarness, type Harness, type Person } from '../support/harness.js'
import { storedMentioning } from '../support/self-service.support.js'

let h: Harness
beforeEach(async () => {
  h = await startHarness()
  await h.call(h.admin, 'POST', '/api/Account/signin', { Email: h.admin.email, Role: null })
})
afterEach(async () => {
  await h.close()
})

const notices = async (p: Person) =>
  (await h.server.ctx.outbox.all()).filter((m) => m.type === 'RETENTION_NOTICE' && m.recipient.email === p.email)
const exists = async (p: Person) => (await h.server.ctx.users.byEmail(p.email)) !== undefined
const due = async () => {
  const reply = await h.call<RetentionDueRow[]>(h.admin, 'GET', '/api/Admin/GetRetentionDue')
  expectOk(reply, 'retention due')
  return reply.body.value
}
const signIn = async (p: Person) => expectOk(await h.call(p, 'POST', '/api/Account/signin', { Email: p.email, Role: null }), 'sign-in')

describe('the retention sweep', () => {
  it('sends one notice 30 days before and erases when 12 months without sign-in have passed, not before, leaving no trace in the data folder', async () => {
    const mia = h.person('Wilhelmina')
    expectOk(await h.signUp(mia, 'Mentee'), 'sign-up')
    const periodEnds = monthsAfter(START, 12)
    h.clock.set(periodEnds - RETENTION_NOTICE_PERIOD - 1)
    expect((await h.server.sweepRetention()).notified).toEqual([])
    expect(await due()).toEqual([])
    h.clock.advance(1)
    await h.server.sweepRetention()
    await h.server.sweepRetention()
    expect(await notices(mia)).toHaveLength(1)
    expect((await notices(mia))[0]?.subject).toContain('will be deleted')
    // The notice is delivered (a .eml file in the data folder names the person).
    await h.server.deliverMail()
    const needles = [mia.email, mia.firstName, mia.lastName]
    expect((await storedMentioning(h, needles)).some((f) => f.startsWith('mail/'))).toBe(true)
    expect(await due()).toEqual([
      expect.objectContaining({ email: mia.email, reason: 'noSignIn', erasureFrom: new Date(periodEnds).toISOString() }),
    ])
    h.clock.set(periodEnds - 1)
    expect((await h.server.sweepRetention()).erased).toEqual([])
    expect(await exists(mia)).toBe(true)
    h.clock.set(periodEnds)
    expect((await h.server.sweepRetention()).erased).toHaveLength(1)
    expect(await exists(mia)).toBe(false)
    // Nothing in the data folder names them (database, write-ahead log, mail files), nor a row of PostgreSQL.
    expect(await storedMentioning(h, needles)).toEqual([])
    // Erased like an administrator's deletion: the old token is refused, as a deleted account's.
    expect((await h.call(mia, 'POST', '/api/Account/signin', { Email: mia.email, Role: null })).status).toBe(401)
  })

  it('never erases sooner than 30 days after the notice, even when the sweep was not running before', async () => {
    const mia = h.person('Mia')
    expectOk(await h.signUp(mia, 'Mentee'), 'sign-up')
    const late = monthsAfter(START, 13)
    h.clock.set(late)
    expect((await h.server.sweepRetention()).erased).toEqual([])
    expect(await notices(mia)).toHaveLength(1)
    h.clock.set(late + RETENTION_NOTICE_PERIOD - 1)
    expect((await h.server.sweepRetention()).erased).toEqual([])
    h.clock.set(late + RETENTION_NOTICE_PERIOD)
    expect((await h.server.sweepRetention()).erased).toHaveLength(1)
  })

  it('a sign-in after the notice keeps the account and restarts the clock', async () => {
    const mia = h.person('Mia')
    expectOk(await h.signUp(mia, 'Mentee'), 'sign-up')
    h.clock.set(monthsAfter(START, 12) - 10 * DAY)
    await h.server.sweepRetention()
    expect(await notices(mia)).toHaveLength(1)
    await signIn(mia)
    const signedInAt = h.clock()
    expect(await due()).toEqual([])
    h.clock.set(monthsAfter(START, 12) + DAY)
    expect((await h.server.sweepRetention()).erased).toEqual([])
    expect(await exists(mia)).toBe(true)
    // The next round counts from the sign-in: a new notice 30 days before its 12 months end.
    h.clock.set(monthsAfter(signedInAt, 12) - RETENTION_NOTICE_PERIOD)
    await h.server.sweepRetention()
    expect(await notices(mia)).toHaveLength(2)
  })

  it('keeps people in a live tandem, whatever their last sign-in', async () => {
    const mentor = await h.publishedMentor('Max')
    const mentee = await h.readyMentee('Mia')
    expectOk(await h.call(mentee, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: mentee.email }), 'run')
    h.clock.set(monthsAfter(START, 14))
    const result = await h.server.sweepRetention()
    expect(result).toMatchObject({ notified: [], erased: [] })
    expect([await exists(mentor), await exists(mentee)]).toEqual([true, true])
  })

  it('erases a mentee 12 months after their program year ended, though they signed in since it ended', async () => {
    const year = await h.call<{ clusterId: number }>(h.admin, 'POST', `/api/Admin/CreateCluster?yearText=2025`)
    expectOk(year, 'year')
    const mia = h.person('Mia')
    expectOk(await h.signUp(mia, 'Mentee'), 'sign-up')
    expectOk(await h.saveProfile(mia, year.body.value.clusterId), 'profile in that year')
    h.clock.advance(DAY)
    expectOk(await h.call(h.admin, 'GET', `/api/Admin/CloseCluster?clusterId=${year.body.value.clusterId}`), 'close year')
    const endedAt = h.clock()
    h.clock.set(monthsAfter(START, 2))
    await signIn(mia)
    h.clock.set(monthsAfter(endedAt, 12) - RETENTION_NOTICE_PERIOD)
    await h.server.sweepRetention()
    expect(await notices(mia)).toHaveLength(1)
    expect((await due()).map((r) => r.reason)).toEqual(['programYearEnded'])
    h.clock.set(monthsAfter(endedAt, 12))
    expect((await h.server.sweepRetention()).erased).toHaveLength(1)
    expect(await exists(mia)).toBe(false)
  })

  it('mails older than the period keep subject and date only, and their delivered files are removed', async () => {
    const mentor = await h.publishedMentor('Max')
    const mentee = await h.readyMentee('Mia')
    expectOk(await h.call(mentee, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: mentee.email }), 'run')
    expectOk(await h.call(h.admin, 'POST', '/api/Admin/CloseMatchingTandem', await closeAll(h)), 'release')
    await h.server.deliverMail()
    const folder = join(h.dir, 'mail')
    const files = readdirSync(folder)
    expect(files.length).toBeGreaterThan(0)
    const old = (await h.server.ctx.outbox.all()).map((m) => m.id)
    // Both keep their accounts by signing in; only the mails age.
    h.clock.set(monthsAfter(START, 11))
    await signIn(mentor)
    await signIn(mentee)
    h.clock.set(monthsAfter(START, 12) - DAY)
    expect((await h.server.sweepRetention()).scrubbedMails).toBe(0)
    h.clock.set(monthsAfter(START, 12) + DAY)
    const result = await h.server.sweepRetention()
    expect(result.scrubbedMails).toBe(old.length)
    expect(result.removedMailFiles).toBe(files.length)
    for (const file of files) expect(existsSync(join(folder, file))).toBe(false)
    const rows = await query<{ subject: string; created_at: number; data: string; recipient_email: string; recipient_name: string }>(
      h.server,
      sql`select subject, created_at, data, recipient_email, recipient_name from outbox order by id`,
    )
    for (const row of rows.slice(0, old.length)) {
      expect(row).toMatchObject({ data: '{}', recipient_email: '', recipient_name: '' })
      expect(row.subject).not.toBe('')
    }
    const history = await h.server.ctx.outbox.historyOf((await h.server.ctx.users.byEmail(mentee.email))!.id)
    expect(history.length).toBeGreaterThan(0)
  })
})

const closeAll = async (harness: Harness) => {
  const tandemId = (await harness.server.ctx.lists.activeTandemIds())[0] ?? tandemIdOf(999)
  return [{ proposalId: proposalIdOf(tandemId, 'Mentee'), proposalState: 'CLOSED', comment: null }]
}
