// What a language pack provides: one template per notification type plus its sign-off and footer.
// The mapped type makes a missing template a compile error; the tests check the same at run time.
import type { Instant } from '@tandem/core'
import type { NotificationData, NotificationType, OrganisationInfo } from '../notification.codec.js'
import type { AppPage } from './mail.format.js'
import type { MailContent } from './mail.layout.js'

export type TemplateContext = {
  readonly org: OrganisationInfo
  readonly dateTime: (at: Instant) => string
  readonly date: (at: Instant) => string
  readonly url: (page: AppPage) => string
}

export type TemplateBody = Pick<MailContent, 'subject' | 'greeting' | 'blocks' | 'action'>

export type Template<K extends NotificationType> = (data: NotificationData[K], ctx: TemplateContext) => TemplateBody

export type LanguagePack = {
  readonly templates: { readonly [K in NotificationType]: Template<K> }
  readonly signOff: (org: OrganisationInfo) => string
  readonly footer: (org: OrganisationInfo) => readonly string[]
}
