// The meeting mails in English and German (formal Sie), docs/notifications.md#meetings: every time in
// the recipient's own zone, named; the agenda, place and notes are the pair's plain text (the layout
// escapes them). Each side gets the mail of a change, the one who made it as their copy.
import type { Language } from '@tandem/core'
import type { MeetingMailData, NotificationType } from '../notification.codec.js'
import { formatMeetingTime } from './mail.format.js'
import { details, paragraph, quote } from './mail.layout.js'
import type { Template, TemplateBody } from './template.types.js'

type MeetingType = Extract<NotificationType, `MEETING_${string}`>

const slotText = (language: Language, d: MeetingMailData, slot: MeetingMailData['slots'][number]): string => {
  const minutes = language === 'de' ? `${slot.minutes} Minuten` : `${slot.minutes} minutes`
  return `${formatMeetingTime(language, d.timeZone, slot.start)} (${minutes})`
}

const whereRows = (language: Language, d: MeetingMailData): [string, string][] => [
  ...(d.link !== null ? [[language === 'de' ? 'Online' : 'Online', d.link] as [string, string]] : []),
  ...(d.place !== null ? [[language === 'de' ? 'Ort' : 'Place', d.place] as [string, string]] : []),
  ...(d.agenda.trim() !== '' ? [[language === 'de' ? 'Themen' : 'Agenda', d.agenda] as [string, string]] : []),
]

const when = (language: Language, d: MeetingMailData): string => (d.slots[0] === undefined ? '' : slotText(language, d, d.slots[0]))

const en = (type: MeetingType, d: MeetingMailData): TemplateBody => {
  const partner = d.partnerName.trim() === '' ? 'your partner' : d.partnerName
  const slots = d.slots.map((s) => slotText('en', d, s))
  const note = d.note !== null && d.note.trim() !== '' ? [quote(d.note)] : []
  const file = d.calendar === null ? [] : [paragraph('The attached calendar file adds, updates or removes the entry in your calendar.')]
  const action = { label: 'Open your dashboard', url: d.dashboard }
  const base = { greeting: d.firstName.trim() === '' ? 'Hello,' : `Hello ${d.firstName},`, action }
  switch (type) {
    case 'MEETING_PROPOSED':
      return {
        ...base,
        subject: d.byMe ? `You proposed a meeting to ${partner}` : `${partner} proposes a meeting`,
        blocks: [
          paragraph(d.byMe ? `You offered ${partner} these times:` : `${partner} offers you these times:`),
          paragraph(slots.join('\n')),
          details(whereRows('en', d)),
          paragraph(
            d.byMe ? 'We will let you know when a time is picked.' : 'Please pick a time, or ask for other times, on your dashboard.',
          ),
        ],
      }
    case 'MEETING_CONFIRMED':
      return {
        ...base,
        subject: `Meeting confirmed: ${when('en', d)}`,
        blocks: [paragraph(`Your meeting with ${partner} is confirmed for ${when('en', d)}.`), details(whereRows('en', d)), ...file],
      }
    case 'MEETING_OTHER_TIMES_ASKED':
      return {
        ...base,
        subject: d.byMe ? `You asked ${partner} for other times` : `${partner} asks for other times`,
        blocks: [
          paragraph(d.byMe ? `You asked ${partner} for other times.` : `${partner} cannot make the times offered and asks for others.`),
          ...note,
          paragraph(d.byMe ? 'We will let you know when new times are offered.' : 'Please offer new times on your dashboard.'),
        ],
      }
    case 'MEETING_MOVED':
      return {
        ...base,
        subject: d.slots.length === 1 ? `Meeting moved: ${when('en', d)}` : `New times for your meeting with ${partner}`,
        blocks: [
          paragraph(
            d.slots.length === 1
              ? `Your meeting with ${partner} now takes place ${when('en', d)}.`
              : `New times were offered for your meeting with ${partner}:`,
          ),
          ...(d.slots.length === 1 ? [] : [paragraph(slots.join('\n'))]),
          ...note,
          details(whereRows('en', d)),
          ...file,
        ],
      }
    case 'MEETING_CANCELLED':
      return {
        ...base,
        subject: `Meeting with ${partner} cancelled`,
        blocks: [
          paragraph(
            d.teamEnded === true
              ? `Your mentorship with ${partner} has ended, so your meeting ${when('en', d)} is cancelled.`
              : d.byMe
                ? `You cancelled your meeting with ${partner}.`
                : `${partner} cancelled your meeting.`,
          ),
          ...note,
          ...file,
        ],
      }
    case 'MEETING_REMINDER':
      return {
        ...base,
        subject: `Reminder: meeting with ${partner}, ${when('en', d)}`,
        blocks: [paragraph(`A reminder of your meeting with ${partner} ${when('en', d)}.`), details(whereRows('en', d))],
      }
  }
}

const de = (type: MeetingType, d: MeetingMailData): TemplateBody => {
  const partner = d.partnerName.trim() === '' ? 'Ihr Gegenüber' : d.partnerName
  const slots = d.slots.map((s) => slotText('de', d, s))
  const note = d.note !== null && d.note.trim() !== '' ? [quote(d.note)] : []
  const file =
    d.calendar === null ? [] : [paragraph('Die angehängte Kalenderdatei trägt den Termin in Ihren Kalender ein, ändert oder entfernt ihn.')]
  const action = { label: 'Zu Ihrer Übersicht', url: d.dashboard }
  const base = { greeting: d.firstName.trim() === '' ? 'Guten Tag,' : `Hallo ${d.firstName},`, action }
  switch (type) {
    case 'MEETING_PROPOSED':
      return {
        ...base,
        subject: d.byMe ? `Sie haben ${partner} ein Treffen vorgeschlagen` : `${partner} schlägt ein Treffen vor`,
        blocks: [
          paragraph(d.byMe ? `Sie haben ${partner} diese Termine angeboten:` : `${partner} bietet Ihnen diese Termine an:`),
          paragraph(slots.join('\n')),
          details(whereRows('de', d)),
          paragraph(
            d.byMe
              ? 'Wir geben Ihnen Bescheid, sobald ein Termin gewählt ist.'
              : 'Bitte wählen Sie in Ihrer Übersicht einen Termin oder bitten Sie um andere Termine.',
          ),
        ],
      }
    case 'MEETING_CONFIRMED':
      return {
        ...base,
        subject: `Treffen bestätigt: ${when('de', d)}`,
        blocks: [paragraph(`Ihr Treffen mit ${partner} ist bestätigt für ${when('de', d)}.`), details(whereRows('de', d)), ...file],
      }
    case 'MEETING_OTHER_TIMES_ASKED':
      return {
        ...base,
        subject: d.byMe ? `Sie haben ${partner} um andere Termine gebeten` : `${partner} bittet um andere Termine`,
        blocks: [
          paragraph(
            d.byMe
              ? `Sie haben ${partner} um andere Termine gebeten.`
              : `${partner} kann zu den angebotenen Terminen nicht und bittet um andere.`,
          ),
          ...note,
          paragraph(
            d.byMe
              ? 'Wir geben Ihnen Bescheid, sobald neue Termine angeboten werden.'
              : 'Bitte bieten Sie in Ihrer Übersicht neue Termine an.',
          ),
        ],
      }
    case 'MEETING_MOVED':
      return {
        ...base,
        subject: d.slots.length === 1 ? `Treffen verschoben: ${when('de', d)}` : `Neue Termine für Ihr Treffen mit ${partner}`,
        blocks: [
          paragraph(
            d.slots.length === 1
              ? `Ihr Treffen mit ${partner} findet nun statt: ${when('de', d)}.`
              : `Für Ihr Treffen mit ${partner} wurden neue Termine angeboten:`,
          ),
          ...(d.slots.length === 1 ? [] : [paragraph(slots.join('\n'))]),
          ...note,
          details(whereRows('de', d)),
          ...file,
        ],
      }
    case 'MEETING_CANCELLED':
      return {
        ...base,
        subject: `Treffen mit ${partner} abgesagt`,
        blocks: [
          paragraph(
            d.teamEnded === true
              ? `Ihr Mentoring mit ${partner} ist beendet, daher ist Ihr Treffen abgesagt: ${when('de', d)}.`
              : d.byMe
                ? `Sie haben Ihr Treffen mit ${partner} abgesagt.`
                : `${partner} hat Ihr Treffen abgesagt.`,
          ),
          ...note,
          ...file,
        ],
      }
    case 'MEETING_REMINDER':
      return {
        ...base,
        subject: `Erinnerung: Treffen mit ${partner}, ${when('de', d)}`,
        blocks: [paragraph(`Wir erinnern Sie an Ihr Treffen mit ${partner}: ${when('de', d)}.`), details(whereRows('de', d))],
      }
  }
}

const templatesOf = (render: (type: MeetingType, d: MeetingMailData) => TemplateBody): { readonly [K in MeetingType]: Template<K> } => ({
  MEETING_PROPOSED: (d) => render('MEETING_PROPOSED', d),
  MEETING_CONFIRMED: (d) => render('MEETING_CONFIRMED', d),
  MEETING_OTHER_TIMES_ASKED: (d) => render('MEETING_OTHER_TIMES_ASKED', d),
  MEETING_MOVED: (d) => render('MEETING_MOVED', d),
  MEETING_CANCELLED: (d) => render('MEETING_CANCELLED', d),
  MEETING_REMINDER: (d) => render('MEETING_REMINDER', d),
})

export const MEETING_TEMPLATES_EN = templatesOf(en)
export const MEETING_TEMPLATES_DE = templatesOf(de)
