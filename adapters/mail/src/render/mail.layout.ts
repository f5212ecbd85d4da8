// One layout for every notification: templates describe content as blocks, and this module turns
// the blocks into the plain-text and the HTML part, so both parts always say the same thing and
// every value is escaped in exactly one place.

export type Block =
  | { readonly _tag: 'Paragraph'; readonly text: string }
  /** Someone else's words (a mentor's information text, an admin's message), set apart. */
  | { readonly _tag: 'Quote'; readonly text: string }
  | { readonly _tag: 'Details'; readonly rows: readonly (readonly [label: string, value: string])[] }

export type MailContent = {
  readonly subject: string
  readonly greeting: string
  readonly blocks: readonly Block[]
  readonly action: { readonly label: string; readonly url: string } | null
  readonly signOff: string
  /** Footer lines: who sent this and how to reach them. */
  readonly footer: readonly string[]
  readonly language: string
}

export type RenderedMail = { readonly subject: string; readonly text: string; readonly html: string }

export const paragraph = (text: string): Block => ({ _tag: 'Paragraph', text })
export const quote = (text: string): Block => ({ _tag: 'Quote', text })
export const details = (rows: readonly (readonly [string, string])[]): Block => ({ _tag: 'Details', rows })

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c)

/** Line breaks typed by a person survive in HTML, without letting the person write markup. */
const escapeMultiline = (s: string): string => escapeHtml(s).replace(/\r?\n/g, '<br>')

const blockText = (b: Block): string => {
  switch (b._tag) {
    case 'Paragraph':
      return b.text
    case 'Quote':
      return b.text
        .split(/\r?\n/)
        .map((line) => `> ${line}`)
        .join('\n')
    case 'Details':
      return b.rows.map(([label, value]) => `${label}: ${value}`).join('\n')
  }
}

const blockHtml = (b: Block): string => {
  switch (b._tag) {
    case 'Paragraph':
      return `<p style="margin:0 0 16px">${escapeMultiline(b.text)}</p>`
    case 'Quote':
      return `<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #c8c8c8;color:#424242">${escapeMultiline(b.text)}</blockquote>`
    case 'Details':
      return `<table role="presentation" style="margin:0 0 16px;border-collapse:collapse">${b.rows
        .map(
          ([label, value]) =>
            `<tr><th align="left" style="padding:2px 16px 2px 0;font-weight:600">${escapeHtml(label)}</th><td style="padding:2px 0">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`
  }
}

export const toText = (c: MailContent): string =>
  [
    c.greeting,
    ...c.blocks.map(blockText),
    ...(c.action === null ? [] : [`${c.action.label}: ${c.action.url}`]),
    c.signOff,
    ['-- ', ...c.footer].join('\n'),
  ].join('\n\n') + '\n'

export const toHtml = (c: MailContent): string =>
  [
    '<!DOCTYPE html>',
    `<html lang="${escapeHtml(c.language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">`,
    `<title>${escapeHtml(c.subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f5f5f5;font-family:Segoe UI,Helvetica,Arial,sans-serif;font-size:15px;line-height:1.5;color:#242424">',
    '<div style="max-width:600px;margin:0 auto;background:#ffffff;padding:24px;border-radius:4px">',
    `<p style="margin:0 0 16px">${escapeHtml(c.greeting)}</p>`,
    ...c.blocks.map(blockHtml),
    ...(c.action === null
      ? []
      : [
          `<p style="margin:24px 0"><a href="${escapeHtml(c.action.url)}" style="background:#0f6cbd;color:#ffffff;padding:10px 20px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml(c.action.label)}</a></p>`,
        ]),
    `<p style="margin:0 0 16px">${escapeMultiline(c.signOff)}</p>`,
    `<hr style="border:none;border-top:1px solid #e0e0e0;margin:24px 0 12px">`,
    `<p style="margin:0;font-size:12px;color:#616161">${c.footer.map(escapeHtml).join('<br>')}</p>`,
    '</div></body></html>',
  ].join('\n')

/** A subject is one header line: line breaks typed into it (an admin's subject) become spaces. */
const oneLine = (s: string): string => s.replace(/\s+/g, ' ').trim()

export const renderContent = (c: MailContent): RenderedMail => {
  const content = { ...c, subject: oneLine(c.subject) }
  return { subject: content.subject, text: toText(content), html: toHtml(content) }
}
