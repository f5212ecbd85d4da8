// @tandem/mail: bilingual notification templates, the outbox port, SMTP and .eml transports and the
// delivery worker that connects them. The SQLite adapter implements the port; the server wires it.
export * from './notification.codec.js'
export * from './notification.events.js'
export * from './notification.reminders.js'
export * from './outbox.port.js'
export * from './transport.port.js'
export * from './transport.smtp.js'
export * from './transport.eml.js'
export * from './delivery.worker.js'
export * from './mail.log.js'
export { renderNotification, renderStored, LANGUAGE_PACKS, type RenderFailure } from './render/notification.render.js'
export { escapeHtml, type RenderedMail } from './render/mail.layout.js'
export { formatDate, formatDateTime, pageUrl, timeZoneOf, type AppPage } from './render/mail.format.js'
