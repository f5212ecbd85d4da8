// Check-ins in real Chromium against the built app and the real server (docs/mentorship.md#check-ins-in-the-web-app):
// a matched mentee answers "have you met yet?" on the dashboard in English; later the mentor answers
// the pulse from the mail's link in German, without signing in. The server is restarted with its
// clock moved on (day 15, day 31) and its check-in sweep run, as its timer would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DAY } from '@tandem/core'
import { manualClock } from '@tandem/server'
import { startStack, type Stack } from './support/harness.js'
import { menteeWithProposal, publishedMentor } from './support/journeys.js'

let stack: Stack
beforeAll(async () => {
  stack = await startStack()
})
afterAll(async () => {
  await stack?.close()
})

const linkTokenOf = async (email: string): Promise<string> => {
  const mails = (await stack.server.ctx.outbox.all()).filter((m) => m.recipient.email === email && m.type === 'CHECK_IN_PULSE')
  const link = (mails.at(-1)?.data as { readonly link?: string } | null | undefined)?.link
  const token = link === undefined ? null : new URL(link).searchParams.get('token')
  if (token === null) throw new Error(`no pulse mail to ${email}`)
  return token
}

describe('check-ins after the match', () => {
  it('a mentee answers "met?" on the dashboard; the mentor answers the pulse from the mail link in German', async () => {
    const mentor = await publishedMentor(stack, 'Carla')
    const mentee = await menteeWithProposal(stack, 'Chris')
    const menteeCard = mentee.page.getByRole('group', { name: `Proposal: ${mentor.person.firstName} ${mentor.person.lastName}` })
    await menteeCard.getByRole('button', { name: 'Accept' }).click()
    await mentee.page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click()
    await menteeCard.getByText('Accepted – waiting for the answer').waitFor()
    await mentor.page.goto(`${stack.baseUrl}/matching`)
    const mentorCard = mentor.page.getByRole('group', { name: `Proposal: ${mentee.person.firstName} ${mentee.person.lastName}` })
    await mentorCard.getByRole('button', { name: 'Accept' }).click()
    await mentor.page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click()
    await mentorCard.getByText('Matched').waitFor()

    // day 15: "have you met yet?" waits on the mentee's dashboard
    await stack.restart({ clock: manualClock(Date.now() + 15 * DAY) })
    await stack.server.sweepCheckIns()
    await mentee.page.reload()
    const question = mentee.page.getByRole('region', { name: 'Have you met yet?' })
    await question.getByRole('button', { name: 'Yes, we have met' }).click()
    await mentee.page.getByText('Thank you: your answer is recorded. Only the program team sees it.').waitFor()
    await question.waitFor({ state: 'detached' })

    // day 31: the pulse's mail link, opened in a German browser without signing in
    await stack.restart({ clock: manualClock(Date.now() + 31 * DAY) })
    await stack.server.sweepCheckIns()
    const token = await linkTokenOf(mentor.person.email)
    const { page } = await stack.newPerson('de-DE')
    await page.goto(`${stack.baseUrl}/check-in?token=${token}`)
    await page.getByRole('heading', { name: 'Wie läuft Ihr Mentoring?' }).waitFor()
    await page.getByRole('radio', { name: '4 – gut' }).check()
    await page.getByRole('button', { name: 'Antwort senden' }).click()
    await page.getByText('Vielen Dank: Ihre Antwort ist gespeichert. Nur das Programmteam sieht sie.').waitFor()
    await page.reload()
    await page.getByText('Dieser Link wurde bereits verwendet: Die Frage ist beantwortet.').waitFor()
    // the sweep sent each side its pulse once
    const pulseMails = (await stack.server.ctx.outbox.all()).filter((m) => m.type === 'CHECK_IN_PULSE').map((m) => m.recipient.email)
    expect(pulseMails.sort()).toEqual([mentee.person.email, mentor.person.email].sort())
  })
})
