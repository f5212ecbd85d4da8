// Meetings in real Chromium against the built app and the real server (docs/web.md#meetings): a
// matched pair agrees on a time at phone width with the keyboard alone. The mentee, reading German,
// proposes two times (date, start and length typed into the focused fields, a link); the mentor,
// reading English, picks the second; both dashboards then show the agreed time as the next meeting,
// and both got the mails. Nothing on the 390 px screen scrolls sideways. The match itself is set up
// with the mouse (other journeys walk it by keyboard).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { startStack, type Stack } from './support/harness.js'
import { menteeWithProposal, publishedMentor } from './support/journeys.js'
import { isFocused, tabTo } from './support/keyboard.js'

let stack: Stack
beforeAll(async () => {
  stack = await startStack()
})
afterAll(async () => {
  await stack?.close()
})

const PHONE = { width: 390, height: 844 }

/** A day `days` ahead: its parts as typed into a date field, and its value (`yyyy-mm-dd`). */
const dayAhead = (days: number) => {
  const d = new Date(Date.now() + days * 24 * 60 * 60 * 1000)
  const two = (n: number) => String(n).padStart(2, '0')
  return { day: two(d.getDate()), month: two(d.getMonth() + 1), year: String(d.getFullYear()) }
}

/**
 * Types a day into the focused date field. The order of its parts is the browser's (day first in
 * en-GB, month first in en-US, which Chromium may use whatever the page's locale): typed day first,
 * and if the field then holds another day, ArrowLeft back to its first part and typed month first.
 */
const typeDate = async (page: Page, field: Locator, date: ReturnType<typeof dayAhead>) => {
  if (!(await isFocused(field))) await tabTo(page, field)
  await page.keyboard.type(`${date.day}${date.month}${date.year}`)
  if ((await field.inputValue()) === `${date.year}-${date.month}-${date.day}`) return
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.type(`${date.month}${date.day}${date.year}`)
  expect(await field.inputValue()).toBe(`${date.year}-${date.month}-${date.day}`)
}

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)

/**
 * Tabs to the field, unless it has the focus already (the dialog's first field), and types into it.
 * A date field is entered at its first part (the day), and the typed digits move through its parts.
 */
const typeInto = async (page: Page, field: Locator, text: string) => {
  if (!(await isFocused(field))) await tabTo(page, field)
  await page.keyboard.type(text)
}

describe('meetings', () => {
  it('a matched pair agrees on a time by keyboard at phone width, the mentee in German and the mentor in English', async () => {
    const mentor = await publishedMentor(stack, 'Greta')
    const mentee = await menteeWithProposal(stack, 'Gino')
    const mentorName = `${mentor.person.firstName} ${mentor.person.lastName}`
    const menteeName = `${mentee.person.firstName} ${mentee.person.lastName}`
    const menteeCard = mentee.page.getByRole('group', { name: `Proposal: ${mentorName}` })
    await menteeCard.getByRole('button', { name: 'Accept' }).click()
    await mentee.page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click()
    await menteeCard.getByText('Accepted – waiting for the answer').waitFor()
    await mentor.page.goto(`${stack.baseUrl}/matching`)
    const mentorCard = mentor.page.getByRole('group', { name: `Proposal: ${menteeName}` })
    await mentorCard.getByRole('button', { name: 'Accept' }).click()
    await mentor.page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click()
    await mentorCard.getByText('Matched').waitFor()

    // the mentee reads German on a phone
    await mentee.page.getByRole('button', { name: 'Deutsch' }).click()
    await mentee.page.setViewportSize(PHONE)
    await mentee.page.goto(`${stack.baseUrl}/matching`)
    const card = mentee.page.getByRole('region', { name: `Treffen mit ${mentorName}` })
    await card.getByText('Noch ist kein Treffen geplant.').waitFor()
    await noSidewaysScroll(mentee.page)
    await tabTo(mentee.page, card.getByRole('button', { name: 'Treffen vorschlagen' }))
    await mentee.page.keyboard.press('Enter')
    const dialog = mentee.page.getByRole('dialog', { name: `Treffen mit ${mentorName} vorschlagen` })
    await dialog.waitFor()
    const first = dialog.getByRole('group', { name: 'Termin 1' })
    await typeDate(mentee.page, first.getByLabel('Datum'), dayAhead(7))
    // afternoon hours: a 12-hour time field turns them into PM by itself, a 24-hour one takes them as they are
    await typeInto(mentee.page, first.getByLabel('Beginn'), '1400')
    await tabTo(mentee.page, dialog.getByRole('button', { name: 'Weiteren Termin hinzufügen' }))
    await mentee.page.keyboard.press('Enter')
    const second = dialog.getByRole('group', { name: 'Termin 2' })
    await typeDate(mentee.page, second.getByLabel('Datum'), dayAhead(8))
    await typeInto(mentee.page, second.getByLabel('Beginn'), '1730')
    // the length: the select takes the arrow keys (60 minutes, then 90)
    await tabTo(mentee.page, second.getByLabel('Dauer'))
    await mentee.page.keyboard.press('ArrowDown')
    await typeInto(mentee.page, dialog.getByLabel(/Link zum Treffen/), 'https://meet.example/greta-gino')
    await typeInto(mentee.page, dialog.getByLabel('Tagesordnung (optional)'), 'Ziele für das Frühjahr')
    await noSidewaysScroll(mentee.page)
    await tabTo(mentee.page, dialog.getByRole('button', { name: 'Vorschlag senden' }))
    await mentee.page.keyboard.press('Enter')
    await mentee.page.getByText(`Ihr Vorschlag ist versendet: ${mentorName} erhält eine E-Mail.`).waitFor()
    await card.getByText(`Sie haben diese Termine vorgeschlagen; ${mentorName} wählt einen aus.`).waitFor()

    // the mentor, in English on a phone, picks the second time
    await mentor.page.setViewportSize(PHONE)
    await mentor.page.reload()
    const theirCard = mentor.page.getByRole('region', { name: `Meetings with ${menteeName}` })
    await theirCard.getByText(`${menteeName} proposes these times: please pick one or ask for others.`).waitFor()
    const choices = theirCard.getByRole('button', { name: /^Choose / })
    expect(await choices.count()).toBe(2)
    await expect.poll(() => choices.nth(1).textContent()).toMatch(/17:30–19:00$/)
    await noSidewaysScroll(mentor.page)
    await tabTo(mentor.page, choices.nth(1))
    await mentor.page.keyboard.press('Enter')
    await theirCard.getByText('The meeting is confirmed: you both get a calendar file by mail.').waitFor()
    const next = theirCard.getByRole('region', { name: 'Next meeting' })
    await next.getByText(/17:30–19:00$/).waitFor()
    await next.getByRole('link', { name: 'https://meet.example/greta-gino' }).waitFor()

    // the mentee's dashboard shows the agreed time as the next meeting
    await mentee.page.reload()
    const agreed = card.getByRole('region', { name: 'Nächstes Treffen' })
    await agreed.getByText(/17:30–19:00$/).waitFor()
    await agreed.getByText('Tagesordnung: Ziele für das Frühjahr').waitFor()
    await noSidewaysScroll(mentee.page)

    const meetings = (await stack.server.ctx.outbox.all())
      .filter((m) => m.type.startsWith('MEETING_'))
      .map((m) => [m.type, m.recipient.email])
    expect(meetings).toEqual(
      expect.arrayContaining([
        ['MEETING_PROPOSED', mentor.person.email],
        ['MEETING_CONFIRMED', mentee.person.email],
        ['MEETING_CONFIRMED', mentor.person.email],
      ]),
    )
  })
})
