// The download of GDPR Art. 15/20 as one zip: data.json (machine-readable), the photo, and a short
// readable summary in the person's language. jszip: already in the tree (exceljs), maintained,
// typed, and it writes and reads the same format with no native parts.
import JSZip from 'jszip'
import type { Language } from '@tandem/core'
import type { PersonalData } from './personal-data.collect.js'

type Collected = NonNullable<PersonalData>

const extensionOf = (mime: string): string => (mime === 'image/png' ? 'png' : mime === 'image/gif' ? 'gif' : 'jpg')

const SUMMARY: Record<Language, (d: Collected['data'], photo: boolean) => string> = {
  en: (d, photo) =>
    [
      `Your data at Tandem, as of ${d.generatedAt ?? ''}`,
      '',
      `Account: ${d.account.firstName} ${d.account.lastName} <${d.account.email}>, registered ${d.account.registeredAt ?? ''}`,
      `Roles: ${d.account.roles.join(', ') || '–'}`,
      `Questionnaires saved: ${d.answers.length}`,
      `Tandems: ${d.tandems.length}`,
      `Notifications sent to you: ${d.notifications.length}`,
      `Administrator reads recorded: ${d.administratorReads.length}`,
      `Photo: ${photo ? 'included' : 'none'}`,
      '',
      'data.json holds all of it in a machine-readable form (GDPR Art. 15 and 20).',
      'You can delete your account on your account page at any time.',
    ].join('\n'),
  de: (d, photo) =>
    [
      `Ihre Daten bei Tandem, Stand ${d.generatedAt ?? ''}`,
      '',
      `Konto: ${d.account.firstName} ${d.account.lastName} <${d.account.email}>, registriert ${d.account.registeredAt ?? ''}`,
      `Rollen: ${d.account.roles.join(', ') || '–'}`,
      `Gespeicherte Fragebögen: ${d.answers.length}`,
      `Tandems: ${d.tandems.length}`,
      `An Sie gesendete Benachrichtigungen: ${d.notifications.length}`,
      `Aufgezeichnete Einsichten der Administration: ${d.administratorReads.length}`,
      `Foto: ${photo ? 'enthalten' : 'keines'}`,
      '',
      'data.json enthält alles in maschinenlesbarer Form (Art. 15 und 20 DSGVO).',
      'Sie können Ihr Konto jederzeit auf Ihrer Kontoseite löschen.',
    ].join('\n'),
}

export const personalDataArchive = async (collected: Collected, language: Language): Promise<Buffer> => {
  const zip = new JSZip()
  zip.file('data.json', JSON.stringify(collected.data, null, 2))
  zip.file(language === 'de' ? 'zusammenfassung.txt' : 'summary.txt', SUMMARY[language](collected.data, collected.photo !== null))
  if (collected.photo !== null) zip.file(`photo.${extensionOf(collected.photo.mime)}`, collected.photo.bytes)
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' })
}
