// The admin's notification history over real HTTP and a real SMTP server: each mail's state
// (queued, sent, failed with its reason), and sending a failed one again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSmtp, type TestSmtp } from '../../../mail/test/support/smtp.server.js'
import { expectOk, startHarness, type Harness } from '../support/harness.js'

type Entry = { notificationId: number; mailSubject: string; state: string; failureReason: string | null }

let smtp: TestSmtp
let h: Harness
beforeAll(async () => {
  smtp = await startTestSmtp()
  h = await startHarness({ env: { SMTP_URL: smtp.url } })
})
afterAll(async () => {
  await h.close()
  await smtp.stop()
})

const historyOf = async (email: string): Promise<Entry[]> => {
  const reply = await h.call<{ notification: Entry[] }>(
    h.admin,
    'GET',
    `/api/Admin/GetUserDetail?email=${encodeURIComponent(email)}&language=en`,
  )
  expectOk(reply, 'user detail')
  return reply.body.value.notification
}
const resend = (notificationId: number) => h.call(h.admin, 'POST', '/api/Admin/ResendNotification', { notificationId })

describe('notification history and resend', () => {
  it('shows queued, sent and failed (with the SMTP reply), and queues a failed mail again when the admin resends it', async () => {
    const mentor = h.person('Nora')
    expectOk(await h.signUp(mentor, 'Mentor'), 'sign-up')
    const notify = (subject: string) =>
      h.call(h.admin, 'POST', '/api/Notification/NotifyUser', {
        email: mentor.email,
        notificationType: 'ADMIN_MESSAGE',
        matchingTandemId: null,
        subject,
        body: 'Hello.',
      })
    expectOk(await notify('First'), 'notify')
    expect((await historyOf(mentor.email)).map((e) => [e.mailSubject, e.state, e.failureReason])).toEqual([['First', 'queued', null]])

    smtp.refuse = (address) => (address === mentor.email ? 550 : null)
    await h.server.deliverMail()
    const [failed] = await historyOf(mentor.email)
    expect(failed?.state).toBe('failed')
    expect(failed?.failureReason).toMatch(/550 Mailbox unavailable/)

    smtp.refuse = () => null
    expectOk(await resend(failed?.notificationId ?? 0), 'resend')
    expect((await historyOf(mentor.email)).map((e) => [e.state, e.failureReason])).toEqual([['queued', null]])
    await h.server.deliverMail()
    expect((await historyOf(mentor.email)).map((e) => e.state)).toEqual(['sent'])
    const received = (await smtp.parsed()).filter((m) => m.subject === 'First')
    expect(received.map((m) => m.messageId)).toEqual([`<tandem-outbox-${failed?.notificationId}@localhost>`])

    // Only a failed mail can be sent again; an unknown one is 404.
    const again = await resend(failed?.notificationId ?? 0)
    expect([again.status, again.body.errorMessage]).toEqual([409, 'InvalidTransition'])
    expect((await h.server.ctx.outbox.all()).filter((m) => m.subject === 'First').map((m) => m.status)).toEqual(['sent'])
    const unknown = await resend(987_654)
    expect([unknown.status, unknown.body.errorMessage]).toEqual([404, 'NotFound'])
  })

  it('refuses a participant', async () => {
    const mentee = h.person('Mia')
    expectOk(await h.signUp(mentee, 'Mentee'), 'sign-up')
    const reply = await h.call(mentee, 'POST', '/api/Admin/ResendNotification', { notificationId: 1 })
    expect(reply.status).toBe(403)
  })
})
