// Every German text the product shows or sends, gathered as data from where it lives: the web app's
// and the admin chunk's bundles (legal pages and the last-resort error included), the identity
// provider's pages and mails, every notification mail rendered from its samples, the questionnaire,
// profile questions and decline reasons, and the export headers.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { declineReasons, profileQuestions, questionnaire } from '@tandem/fixtures'
import { IDENTITY_TEXTS } from '@tandem/identity'
import { NOTIFICATION_TYPES, renderNotification } from '@tandem/mail'
import { allSamples, org } from '../../../mail/test/support/samples.js'
import { HEADERS, SHEETS } from '@tandem/application'
import { SIDE_LABEL } from '@tandem/application'
import type { GermanText } from './german-voice.checker.js'

const WEB = join(import.meta.dirname, '../../../../web/src')

const flatten = (value: unknown, prefix = ''): readonly (readonly [string, string])[] =>
  typeof value === 'string'
    ? [[prefix, value]]
    : typeof value === 'object' && value !== null
      ? Object.entries(value).flatMap(([k, v]) => flatten(v, prefix === '' ? k : `${prefix}.${k}`))
      : []

const bundle = (source: string, path: string): readonly GermanText[] =>
  flatten(JSON.parse(readFileSync(join(WEB, path), 'utf8'))).map(([key, text]) => ({ source, key, text }))

const germanOf = (source: string, record: Readonly<Record<string, { readonly de: string } | string>>): readonly GermanText[] =>
  Object.entries(record).map(([key, v]) => ({ source, key, text: typeof v === 'string' ? v : v.de }))

const mails = (): readonly GermanText[] =>
  allSamples(NOTIFICATION_TYPES).map((s) => {
    const mail = renderNotification(s.type, 'de', s.data as never, org)
    return { source: 'mail', key: `${s.type}#${s.variant}`, text: `${mail.subject}\n${mail.text}` }
  })

const questionnaireTexts = (): readonly GermanText[] =>
  questionnaire.pairs.flatMap((pair) => [
    ...[pair.mentee, pair.mentor].flatMap((side) =>
      side === null ? [] : [{ source: 'questionnaire', key: `question ${side.questionId}`, text: side.text.de }],
    ),
    ...pair.options.map((o) => ({ source: 'questionnaire', key: `option ${o.id}`, text: o.text.de })),
  ])

/** Each source with its German texts; a source that yields nothing is itself a failure of the check. */
export const germanTexts = (): Readonly<Record<string, readonly GermanText[]>> => ({
  'web app': bundle('web app', 'i18n/de.json'),
  'admin app': bundle('admin app', 'features/admin/i18n/de.json'),
  'check-ins': bundle('check-ins', 'shared/checkins/i18n/de.json'),
  'identity provider': germanOf('identity provider', IDENTITY_TEXTS.de),
  mail: mails(),
  questionnaire: questionnaireTexts(),
  'profile questions': profileQuestions.map((q) => ({
    source: 'profile questions',
    key: String(q.userQuestionOriginalId),
    text: q.text.de,
  })),
  'decline reasons': declineReasons.map((r) => ({ source: 'decline reasons', key: String(r.id), text: r.text.de })),
  'export labels': [...germanOf('export labels', HEADERS), ...germanOf('export sheets', SHEETS), ...germanOf('export roles', SIDE_LABEL)],
})
