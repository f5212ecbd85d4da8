// Renders a notification in the recipient's language: subject, plain-text part and HTML part.
// `renderStored` first decodes a payload read back from the outbox, so bad JSON is a value, not a crash.
import * as E from 'fp-ts/lib/Either.js'
import { pipe } from 'fp-ts/lib/function.js'
import type * as t from 'io-ts'
import { PathReporter } from 'io-ts/lib/PathReporter.js'
import type { Language } from '@tandem/core'
import { NotificationData, NotificationType, type OrganisationInfo } from '../notification.codec.js'
import { formatDate, formatDateTime, pageUrl } from './mail.format.js'
import { renderContent, type RenderedMail } from './mail.layout.js'
import type { LanguagePack, Template, TemplateContext } from './template.types.js'
import { de } from './templates.de.js'
import { en } from './templates.en.js'

export const LANGUAGE_PACKS: { readonly [L in Language]: LanguagePack } = { en, de }

export const renderNotification = <K extends NotificationType>(
  type: K,
  language: Language,
  data: NotificationData[K],
  org: OrganisationInfo,
): RenderedMail => {
  const pack = LANGUAGE_PACKS[language]
  const context: TemplateContext = {
    org,
    dateTime: (at) => formatDateTime(language, org, at),
    date: (at) => formatDate(language, org, at),
    url: (page) => pageUrl(org, page),
  }
  // The mapped pack type pairs each type with its own template; TypeScript cannot follow the
  // correlation through the generic index, hence the one widening here.
  const template = pack.templates[type] as Template<K>
  const body = template(data, context)
  return renderContent({ ...body, signOff: pack.signOff(org), footer: pack.footer(org), language })
}

/** Why a stored notification cannot be rendered: its type or payload does not decode. */
export type RenderFailure = { readonly _tag: 'UndecodableNotification'; readonly reason: string }

export const renderStored = (
  stored: { readonly type: string; readonly language: string; readonly data: unknown },
  org: OrganisationInfo,
): E.Either<RenderFailure, RenderedMail> => {
  const failure = (reason: string): RenderFailure => ({ _tag: 'UndecodableNotification', reason })
  if (!NotificationType.is(stored.type)) return E.left(failure(`unknown notification type ${JSON.stringify(stored.type)}`))
  if (stored.language !== 'en' && stored.language !== 'de') return E.left(failure(`unknown language ${JSON.stringify(stored.language)}`))
  const type = stored.type
  const language = stored.language
  const codec: t.Decoder<unknown, unknown> = NotificationData[type]
  return pipe(
    codec.decode(stored.data),
    E.mapLeft((errors) => failure(`invalid ${type} data: ${PathReporter.report(E.left(errors)).join('; ')}`)),
    E.map((data) => renderNotification(type, language, data as NotificationData[typeof type], org)),
  )
}
