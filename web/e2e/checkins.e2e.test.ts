// Check-ins in real Chromium against the built app and the real server (docs/mentorship.md#check-ins-in-the-web-app):
// a matched mentee answers "have you met yet?" on the dashboard in English; later the mentor answers
// the pulse from the mail's link in German, without signing in. The server is restarted with its
// clock moved on (day 15, day 31) and its check-in sweep run, as its timer would. The mentee's low
// pulse puts the team on the administrators' attention list (read in German), and the mentee then
// ends the mentorship with a reason and is asked the closing survey.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DAY } from '@tandem/core'
import { manualClock } from '@tandem/server'
import { startStack, type Stack } from './support/harness.js'
import { signInConfirmedAdmin } from './support/admin.js'
import { menteeWithProposal, publishedMentor } from './support/journeys.js'
import { aPerson, type Person } from './support/people.js'

const admin: Person = { ...aPerson('Hanna'), email: `hanna.${Date.now()}@admin.example.org` }
let stack: Stack
beforeAll(async () => {
  stack = await startStack({ ADMIN_EMAILS: admin.email })
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
  it('a mentee answers "met?" on the dashboard; the mentor answers the pulse from the mail link in German; a low pulse reaches the attention list; the mentee ends the team', async () => {
    // The administrator signs in first (the session outlives the restarts below) and reads German.
    const adminPage = (await stack.newPerson()).page
    await signInConfirmedAdmin(stack, adminPage, admin)
    await adminPage.getByRole('button', { name: 'Deutsch' }).click()
    await adminPage.getByRole('heading', { name: 'Matching-Team manuell erstellen' }).waitFor()

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

    // the mentee rates the mentorship 2 of 5 on the dashboard: the team needs attention
    await mentee.page.reload()
    const pulse = mentee.page.getByRole('region', { name: 'How is your mentorship going?' })
    await pulse.getByRole('radio', { name: '2 – bad' }).check()
    await pulse.getByRole('button', { name: 'Send answer' }).click()
    await mentee.page.getByText('Thank you: your answer is recorded. Only the program team sees it.').waitFor()
    await adminPage.getByRole('link', { name: 'Handlungsbedarf' }).click()
    const attention = adminPage.getByRole('table', { name: 'Teams mit Handlungsbedarf' })
    const row = attention.getByRole('row').filter({ hasText: 'Niedrige Bewertung des Mentees (2 von 5)' })
    // its link opens the team, with both participants, on the matching-teams page
    await row.getByRole('link', { name: /^Matching-Team \d+ öffnen$/ }).click()
    await adminPage.waitForURL(/\/administrator\/matching-tandems\?team=\d+$/)
    await adminPage.getByText(mentee.person.lastName).first().waitFor()
    await adminPage.getByText(mentor.person.lastName).first().waitFor()

    // the mentee ends the mentorship with a reason; the mentor is told and both are asked the closing survey
    await menteeCard.getByRole('button', { name: 'End mentorship' }).click()
    const ending = mentee.page.getByRole('dialog', {
      name: `End your mentorship with ${mentor.person.firstName} ${mentor.person.lastName}`,
    })
    await ending.getByRole('radio', { name: 'We were not a good fit' }).check()
    await ending.getByRole('button', { name: 'End mentorship' }).click()
    await mentee.page.getByText('Your mentorship has ended. Thank you for the time you gave it.').waitFor()
    const closing = mentee.page.getByRole('region', { name: 'Your mentorship has ended: how was it?' })
    await closing.waitFor()
    // at phone width the five scores wrap: the last one is inside the screen and nothing scrolls sideways
    await mentee.page.setViewportSize({ width: 390, height: 844 })
    const lastScore = await closing.getByText('5 – very good').boundingBox()
    expect(lastScore === null ? Infinity : lastScore.x + lastScore.width).toBeLessThanOrEqual(390)
    expect(await mentee.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await mentee.page.setViewportSize({ width: 1280, height: 900 })
    await mentee.page.getByRole('button', { name: 'Start matching' }).waitFor()
    const toMentor = (await stack.server.ctx.outbox.all()).filter((m) => m.recipient.email === mentor.person.email).map((m) => m.type)
    expect(toMentor).toEqual(expect.arrayContaining(['TANDEM_ENDED', 'CHECK_IN_CLOSING']))
  })
})
