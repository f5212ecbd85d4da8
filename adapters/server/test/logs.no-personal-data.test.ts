// No personal data in logs: the main flows run through the real app with its own logger (every
// level) captured, then the log is searched for the people's e-mail addresses and names, for any
// e-mail address at all, and for tokens.
import { Writable } from 'node:stream'
import type { ProposalsResponse } from '@tandem/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSmtp } from '../../mail/test/support/smtp.server.js'
import { expectOk, startHarness, type Harness, type Person } from './harness.js'

let h: Harness
const lines: string[] = []
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(
      ...chunk
        .toString('utf8')
        .split('\n')
        .filter((l) => l !== ''),
    )
    done()
  },
})

beforeAll(async () => {
  h = await startHarness({ logTo: capture })
})
afterAll(async () => {
  await h.close()
})

const proposals = async (p: Person) =>
  (await h.call<ProposalsResponse>(p, 'POST', '/api/MatchingTandem/GetProposals', { email: p.email })).body.value

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)*/gu
const JWT = /eyJ[\w-]{8,}\.[\w-]{8,}\./g

describe('the server log', () => {
  it('holds no e-mail address, name or token after the main flows', async () => {
    const people: Person[] = []
    const tokens: string[] = []
    const mentor = await h.publishedMentor('Zarathustra')
    const mentee = await h.readyMentee('Quintessa')
    people.push(mentor, mentee, h.admin)
    for (const p of people) tokens.push(await h.tokenFor(p))
    expectOk(await h.call(h.admin, 'POST', '/api/Account/signin', { Email: h.admin.email, Role: null }), 'admin sign-in')
    // Participant flows: matching, the proposal, both sides accepting.
    expectOk(await h.call(mentee, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: mentee.email }), 'run')
    const [proposal] = (await proposals(mentee)).menteeProposal
    if (proposal === undefined) throw new Error('expected a proposal')
    expectOk(
      await h.call(mentee, 'POST', '/api/MatchingTandem/AcceptProposal', {
        email: mentee.email,
        role: 'Mentee',
        pairedUserEmail: mentor.email,
        proposalSaveModel: { proposalId: proposal.proposalId, proposalState: 'ACCEPTED' },
        matchingTandemSaveModel: { matchingTandemId: proposal.matchingTandemId, tandemState: 'ACTIVE' },
      }),
      'mentee accepts',
    )
    expectOk(
      await h.call(mentor, 'POST', '/api/MatchingTandem/AcceptProposal', {
        email: mentor.email,
        role: 'Mentor',
        pairedUserEmail: mentee.email,
        proposalSaveModel: { proposalId: proposal.pairedProposalId, proposalState: 'ACCEPTED' },
        matchingTandemSaveModel: { matchingTandemId: proposal.matchingTandemId, tandemState: 'MATCHED' },
      }),
      'mentor accepts',
    )
    // Refusals and bad input are logged too, where they are logged at all.
    await h.call(mentee, 'POST', '/api/MatchingTandem/GetProposals', { email: mentor.email })
    await h.call(mentee, 'POST', '/api/user/UpdateProfile', { email: mentee.email, city: 42 })
    await h.call(null, 'GET', `/api/Account/GetUserDetails?emailId=${encodeURIComponent(mentee.email)}`, undefined, {
      authorization: `Bearer ${tokens[1]}x`,
    })
    // A browser error report that quotes the person (what a failing screen might send).
    await h.call(mentee, 'POST', '/api/Logger/LogError', {
      ErrorMessage: `Profile of ${mentee.firstName} ${mentee.lastName} <${mentee.email}> failed; token ${tokens[1]}`,
    })
    // Administrator flows: user information, lists, a message, the export, mail delivery, deletion.
    expectOk(await h.call(h.admin, 'GET', `/api/Admin/GetUserDetail?email=${encodeURIComponent(mentee.email)}&language=en`), 'detail')
    expectOk(await h.call(h.admin, 'GET', '/api/Admin/GetAllUsers'), 'all users')
    expectOk(
      await h.call(h.admin, 'POST', '/api/Notification/NotifyUser', {
        email: mentor.email,
        notificationType: 'ADMIN_MESSAGE',
        matchingTandemId: null,
        subject: `Hello ${mentor.firstName}`,
        body: `Dear ${mentor.firstName} ${mentor.lastName}, please write to ${mentee.email}.`,
      }),
      'notify',
    )
    await h.server.deliverMail()
    const exportPath =
      '/api/Admin/ExportMatchingTandemData?includeUserAccountInformation=true&includeMatchingTandemInformation=true&includeProposalInformation=true&tandemDateRange=30'
    expect((await h.call(h.admin, 'GET', exportPath)).status).toBe(200)
    h.server.sweep()
    h.server.sweepReminders()
    await h.server.sweepRetention()
    expectOk(
      await h.call(h.admin, 'GET', `/api/Account/DeleteUserFromIdp?emailId=${encodeURIComponent(mentee.email)}&deletefromDB=true`),
      'delete',
    )

    const log = lines.join('\n')
    expect(lines.length).toBeGreaterThan(3)
    const found = [
      ...people.flatMap((p) => [p.email, p.firstName, p.lastName]).filter((text) => log.includes(text)),
      // Message-IDs look like addresses but name an outbox row, not a person.
      ...(log.match(EMAIL) ?? []).filter((address) => !/^tandem-outbox-\d+@/.test(address)),
      ...(log.match(JWT) ?? []),
      ...tokens.filter((token) => log.includes(token.split('.')[2] ?? token)),
    ]
    if (found.length > 0) process.stderr.write(`${log}\n`)
    expect(found).toEqual([])
  })
})

describe('the server log with SMTP', () => {
  it('a mail server refusing an address does not bring the address into the log', async () => {
    const smtp = await startTestSmtp()
    const smtpLines: string[] = []
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        smtpLines.push(chunk.toString('utf8'))
        done()
      },
    })
    const harness = await startHarness({ env: { SMTP_URL: smtp.url }, logTo: sink })
    try {
      const ben = harness.person('Benedikta')
      expectOk(await harness.signUp(ben, 'Mentor'), 'sign-up')
      smtp.refuse = (address) => (address === ben.email ? 550 : null)
      smtp.refusalText = (address) => `5.1.1 <${address}>: Recipient address rejected: User unknown`
      expectOk(
        await harness.call(harness.admin, 'POST', '/api/Notification/NotifyUser', {
          email: ben.email,
          notificationType: 'ADMIN_MESSAGE',
          matchingTandemId: null,
          subject: 'Hello',
          body: 'See you soon.',
        }),
        'notify',
      )
      await harness.server.deliverMail()
      expect(harness.server.ctx.outbox.all().map((m) => m.status)).toEqual(['failed'])
      const log = smtpLines.join('')
      expect(log).toContain('not deliverable')
      expect([log.includes(ben.email), log.includes(ben.firstName)]).toEqual([false, false])
    } finally {
      await harness.close()
      await smtp.stop()
    }
  })
})
