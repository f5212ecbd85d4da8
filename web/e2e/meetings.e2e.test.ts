// Meetings in real Chromium against the built app and the real server (docs/web.md#meetings): a
// matched pair agrees on a time at phone width with the keyboard alone. The mentee, reading German,
// proposes two times (date, start and length typed into the focused fields, a link); the mentor,
// reading English, opens "ask for other times" and closes it with Escape, then picks the second;
// both dashboards then show the agreed time as the next meeting, and both got the mails. The same
// pair then moves the confirmed meeting (the mentor, a later start and a note) and cancels it (the
// mentee, with a note): each side sees the other's change on its dashboard, and the note travels
// with the mail. Every meeting dialog (propose, ask for other times, move, cancel, log a session) is
// audited by axe while open, without a finding. Nothing on the 390 px screen scrolls sideways. The
// match itself is set up with the mouse (other journeys walk it by keyboard).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { startStack, type Stack } from './support/harness.js'
import { menteeWithProposal, publishedMentor } from './support/journeys.js'
import { isFocused, tabTo } from './support/keyboard.js'
import { axeViolations } from './support/axe.js'
import type { Person } from './support/people.js'

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

/** Axe's findings on the page with a dialog open, each prefixed with the dialog's name. */
const audit = async (page: Page, where: string): Promise<string[]> => (await axeViolations(page)).map((v) => `${where}: ${v}`)

/** The meetings' mails so far, by type and recipient, with the note they carry. */
const meetingMails = async () =>
  (await stack.server.ctx.outbox.all())
    .filter((m) => m.type.startsWith('MEETING_'))
    .map((m) => ({ type: m.type, to: m.recipient.email, note: (m.data as { note?: string | null }).note ?? null }))

type Side = { readonly page: Page; readonly person: Person }
/** The pair of the journey: the first test matches them and agrees on a time, the second moves and cancels it. */
let pair: { readonly mentor: Side; readonly mentee: Side; readonly mentorName: string; readonly menteeName: string } | undefined

describe('meetings', () => {
  it('a matched pair agrees on a time by keyboard at phone width, the mentee in German and the mentor in English', async () => {
    const mentor = await publishedMentor(stack, 'Greta')
    const mentee = await menteeWithProposal(stack, 'Gino')
    const mentorName = `${mentor.person.firstName} ${mentor.person.lastName}`
    const menteeName = `${mentee.person.firstName} ${mentee.person.lastName}`
    pair = { mentor, mentee, mentorName, menteeName }
    const findings: string[] = []
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
    findings.push(...(await audit(mentee.page, 'propose (de)')))
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
    // the answer "other times, please" opens its dialog; Escape leaves it without asking
    await tabTo(mentor.page, theirCard.getByRole('button', { name: 'Ask for other times' }))
    await mentor.page.keyboard.press('Enter')
    const ask = mentor.page.getByRole('dialog', { name: `Ask ${menteeName} for other times` })
    await ask.getByRole('textbox', { name: `Note for ${menteeName} (optional)` }).waitFor()
    findings.push(...(await audit(mentor.page, 'ask for other times (en)')))
    await mentor.page.keyboard.press('Escape')
    await ask.waitFor({ state: 'detached' })
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

    const meetings = (await meetingMails()).map((m) => [m.type, m.to])
    expect(meetings).toEqual(
      expect.arrayContaining([
        ['MEETING_PROPOSED', mentor.person.email],
        ['MEETING_CONFIRMED', mentee.person.email],
        ['MEETING_CONFIRMED', mentor.person.email],
      ]),
    )
    expect(meetings.filter(([type]) => type === 'MEETING_OTHER_TIMES_ASKED')).toEqual([])
    expect(findings).toEqual([])
  })

  it('the mentor moves the confirmed meeting and the mentee cancels it, by keyboard with a note; each sees the other’s change', async () => {
    if (pair === undefined) throw new Error('the pair of the first journey is missing')
    const { mentor, mentee, mentorName, menteeName } = pair
    const mentorCard = mentor.page.getByRole('region', { name: `Meetings with ${menteeName}` })
    const menteeCard = mentee.page.getByRole('region', { name: `Treffen mit ${mentorName}` })
    const mentorNext = mentorCard.getByRole('region', { name: 'Next meeting' })
    const menteeNext = menteeCard.getByRole('region', { name: 'Nächstes Treffen' })
    const before = (await meetingMails()).length
    const findings: string[] = []

    // the mentor moves it to 19:00 the same day, with a note; the dialog holds the agreed time
    await mentor.page.reload()
    await mentorNext.getByText(/17:30–19:00$/).waitFor()
    await tabTo(mentor.page, mentorNext.getByRole('button', { name: 'Move' }))
    await mentor.page.keyboard.press('Enter')
    const move = mentor.page.getByRole('dialog', { name: `Move the meeting with ${menteeName}` })
    const time = move.getByRole('group', { name: 'Time 1' })
    const start = time.getByLabel('Start')
    await start.waitFor()
    expect(await start.inputValue()).toBe('17:30')
    // a confirmed meeting moves to one time: no second one can be added
    expect(await move.getByRole('button', { name: 'Add another time' }).count()).toBe(0)
    await typeInto(mentor.page, start, '1900')
    expect(await start.inputValue()).toBe('19:00')
    await typeInto(mentor.page, move.getByRole('textbox', { name: `Note for ${menteeName} (optional)` }), 'A clash at work, sorry')
    await noSidewaysScroll(mentor.page)
    findings.push(...(await audit(mentor.page, 'move (en)')))
    await tabTo(mentor.page, move.getByRole('button', { name: 'Move meeting' }))
    await mentor.page.keyboard.press('Enter')
    await mentor.page.getByText('The meeting is moved: your calendars are updated by mail.').waitFor()
    await mentorNext.getByText(/19:00–20:30$/).waitFor()

    // the mentee sees the new time and the mentor's note
    await mentee.page.reload()
    await menteeNext.getByText(/19:00–20:30$/).waitFor()
    await menteeNext.getByText('Anmerkung: A clash at work, sorry').waitFor()

    // the mentee cancels it with a note
    await tabTo(mentee.page, menteeNext.getByRole('button', { name: 'Treffen absagen' }))
    await mentee.page.keyboard.press('Enter')
    const cancel = mentee.page.getByRole('dialog', { name: `Treffen mit ${mentorName} absagen` })
    const note = cancel.getByRole('textbox', { name: `Anmerkung für ${mentorName} (optional)` })
    await note.waitFor()
    await typeInto(mentee.page, note, 'Leider bin ich krank')
    await noSidewaysScroll(mentee.page)
    findings.push(...(await audit(mentee.page, 'cancel (de)')))
    await tabTo(mentee.page, cancel.getByRole('button', { name: 'Treffen absagen' }))
    await mentee.page.keyboard.press('Enter')
    await mentee.page.getByText('Das Treffen ist abgesagt: Ihre Kalender werden per E-Mail aktualisiert.').waitFor()
    await menteeCard.getByText('Noch ist kein Treffen geplant.').waitFor()

    // the mentor's card has no meeting any more; the team's timeline names it cancelled
    await mentor.page.reload()
    await mentorCard.getByText('No meeting is planned yet.').waitFor()
    await mentor.page
      .getByRole('region', { name: 'Meetings and sessions' })
      .getByText(/^Meeting, Cancelled: .*19:00–20:30$/)
      .waitFor()

    // logging a session elsewhere: the dialog opens and closes by keyboard
    await tabTo(mentor.page, mentorCard.getByRole('button', { name: 'Log a session' }))
    await mentor.page.keyboard.press('Enter')
    const log = mentor.page.getByRole('dialog', { name: `Log a session with ${menteeName}` })
    await log.getByRole('textbox', { name: 'A note only you see (optional)' }).waitFor()
    await noSidewaysScroll(mentor.page)
    findings.push(...(await audit(mentor.page, 'log a session (en)')))
    await mentor.page.keyboard.press('Escape')
    await log.waitFor({ state: 'detached' })

    // both were mailed each change (the mentee's mail written first), with the note
    expect((await meetingMails()).slice(before)).toEqual([
      { type: 'MEETING_MOVED', to: mentee.person.email, note: 'A clash at work, sorry' },
      { type: 'MEETING_MOVED', to: mentor.person.email, note: 'A clash at work, sorry' },
      { type: 'MEETING_CANCELLED', to: mentee.person.email, note: 'Leider bin ich krank' },
      { type: 'MEETING_CANCELLED', to: mentor.person.email, note: 'Leider bin ich krank' },
    ])
    expect(findings).toEqual([])
  })
})
