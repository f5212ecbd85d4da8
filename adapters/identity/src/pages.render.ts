// Server-rendered HTML of the identity pages: plain forms that work without JavaScript, labelled
// fields, an error summary announced to screen readers, and the app's colours and type. The style
// is in the page itself: a stylesheet of its own would hold the first paint back by a round trip.
import type { Language } from '@tandem/core'
import { GENDERS } from './account.store.js'
import { text, type IdentityFieldError, type IdentityTextKey } from './identity.messages.js'

export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

export type PageContext = {
  readonly language: Language
  /** The same page in the other language. */
  readonly switchLanguageHref: string
}

export const layout = (page: PageContext, titleKey: IdentityTextKey, body: string): string => {
  const t = (key: IdentityTextKey): string => escapeHtml(text(page.language, key))
  const other = page.language === 'en' ? 'de' : 'en'
  return `<!doctype html>
<html lang="${page.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${t(titleKey)} – ${t('app-name')}</title>
<style>${STYLESHEET}</style>
</head>
<body>
<header class="bar"><span class="brand">${t('app-name')}</span>
<a class="lang" href="${escapeHtml(page.switchLanguageHref)}" lang="${other}" hreflang="${other}">${t('language-switch')}</a></header>
<main class="card">
<h1>${t(titleKey)}</h1>
${body}
</main>
</body>
</html>`
}

// The summary names the field, since "This field is required." alone does not say which one.
const FIELD_LABELS: Readonly<Record<string, IdentityTextKey>> = {
  given_name: 'field-given-name',
  family_name: 'field-family-name',
  birthdate: 'field-birthdate',
  gender: 'field-gender',
  email: 'field-email',
  password: 'field-password',
  password_repeat: 'field-password-repeat',
}

export const errorSummary = (language: Language, errors: readonly IdentityFieldError[], formError?: IdentityTextKey): string => {
  if (errors.length === 0 && formError === undefined) return ''
  const describe = (e: IdentityFieldError): string => {
    const label = FIELD_LABELS[e.field]
    return `${label === undefined ? '' : `${text(language, label)}: `}${text(language, e.key)}`
  }
  const items = errors.map((e) => `<li><a href="#${e.field}">${escapeHtml(describe(e))}</a></li>`).join('')
  const general = formError === undefined ? '' : `<p>${escapeHtml(text(language, formError))}</p>`
  const list = items === '' ? '' : `<p>${escapeHtml(text(language, 'errors-summary'))}</p><ul>${items}</ul>`
  return `<div class="alert" role="alert" tabindex="-1" id="form-errors">${general}${list}</div>`
}

type InputOptions = {
  readonly name: string
  readonly label: IdentityTextKey
  readonly type: string
  readonly autocomplete: string
  readonly value?: string
  readonly hint?: IdentityTextKey
}

export const input = (language: Language, errors: readonly IdentityFieldError[], o: InputOptions): string => {
  const error = errors.find((e) => e.field === o.name)
  const describedBy = [o.hint === undefined ? '' : `${o.name}-hint`, error === undefined ? '' : `${o.name}-error`]
    .filter((s) => s !== '')
    .join(' ')
  return `<div class="field">
<label for="${o.name}">${escapeHtml(text(language, o.label))}</label>
${o.hint === undefined ? '' : `<p class="hint" id="${o.name}-hint">${escapeHtml(text(language, o.hint))}</p>`}
<input id="${o.name}" name="${o.name}" type="${o.type}" autocomplete="${o.autocomplete}" required${o.value === undefined ? '' : ` value="${escapeHtml(o.value)}"`}${error === undefined ? '' : ' aria-invalid="true"'}${describedBy === '' ? '' : ` aria-describedby="${describedBy}"`}>
${error === undefined ? '' : `<p class="error" id="${o.name}-error">${escapeHtml(text(language, error.key))}</p>`}
</div>`
}

export const genderSelect = (language: Language, errors: readonly IdentityFieldError[], value: string): string => {
  const error = errors.find((e) => e.field === 'gender')
  const options = GENDERS.map(
    (g) => `<option value="${g}"${g === value ? ' selected' : ''}>${escapeHtml(text(language, `gender-${g}`))}</option>`,
  ).join('')
  return `<div class="field">
<label for="gender">${escapeHtml(text(language, 'field-gender'))}</label>
<select id="gender" name="gender" required${error === undefined ? '' : ' aria-invalid="true" aria-describedby="gender-error"'}><option value=""></option>${options}</select>
${error === undefined ? '' : `<p class="error" id="gender-error">${escapeHtml(text(language, error.key))}</p>`}
</div>`
}

export const checkbox = (
  language: Language,
  errors: readonly IdentityFieldError[],
  name: 'terms' | 'privacy',
  href: string,
  checked: boolean,
): string => {
  const error = errors.find((e) => e.field === name)
  return `<div class="field check">
<input id="${name}" name="${name}" type="checkbox" required${checked ? ' checked' : ''}${error === undefined ? '' : ` aria-invalid="true" aria-describedby="${name}-error"`}>
<label for="${name}">${escapeHtml(text(language, `${name}-label-before`))}<a href="${escapeHtml(href)}" target="_blank" rel="noopener">${escapeHtml(text(language, `${name}-link`))}</a>${escapeHtml(text(language, `${name}-label-after`))}</label>
${error === undefined ? '' : `<p class="error" id="${name}-error">${escapeHtml(text(language, error.key))}</p>`}
</div>`
}

export const hidden = (name: string, value: string): string => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`

export const button = (language: Language, label: IdentityTextKey): string =>
  `<button type="submit" class="primary">${escapeHtml(text(language, label))}</button>`

export const link = (language: Language, href: string, label: IdentityTextKey): string =>
  `<a href="${escapeHtml(href)}">${escapeHtml(text(language, label))}</a>`

export const paragraph = (language: Language, key: IdentityTextKey): string => `<p>${escapeHtml(text(language, key))}</p>`

/** Fluent UI's neutral palette and brand blue, so the pages look like the app they lead into. */
export const STYLESHEET = `
:root{--brand:#0f6cbd;--brand-hover:#115ea3;--fg:#242424;--fg2:#616161;--stroke:#d1d1d1;--bg:#f5f5f5;--danger:#b10e1c}
*{box-sizing:border-box}
body{margin:0;font-family:"Segoe UI","Segoe UI Web (West European)",-apple-system,BlinkMacSystemFont,Roboto,"Helvetica Neue",sans-serif;font-size:14px;line-height:20px;color:var(--fg);background:var(--bg)}
.bar{display:flex;justify-content:space-between;align-items:center;padding:12px 24px;background:#fff;border-bottom:1px solid var(--stroke)}
.brand{font-weight:600;font-size:20px;color:var(--brand)}
a{color:var(--brand)}a:hover{color:var(--brand-hover)}
a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible{outline:2px solid #000;outline-offset:2px}
.card{max-width:440px;margin:32px auto;padding:24px 32px;background:#fff;border-radius:8px;box-shadow:0 2px 4px rgba(0,0,0,.14),0 0 2px rgba(0,0,0,.12)}
h1{font-size:24px;line-height:32px;font-weight:600;margin:0 0 16px}
.field{margin:0 0 16px;display:flex;flex-direction:column;gap:4px}
.field.check{flex-direction:row;flex-wrap:wrap;align-items:flex-start;gap:8px}
.field.check .error{flex-basis:100%}
label{font-weight:600}
.check label{font-weight:400;flex:1}
input[type=text],input[type=email],input[type=password],input[type=date],select{font:inherit;padding:5px 10px;min-height:32px;border:1px solid var(--stroke);border-bottom-color:#616161;border-radius:4px;background:#fff;color:var(--fg)}
input[aria-invalid=true],select[aria-invalid=true]{border-color:var(--danger)}
input[type=checkbox]{width:16px;height:16px;margin:2px 0 0}
.hint{margin:0;color:var(--fg2);font-size:12px}
.error{margin:0;color:var(--danger);font-size:12px}
.alert{border:1px solid #eeacb2;background:#fdf3f4;border-radius:4px;padding:8px 12px;margin:0 0 16px}
.alert p{margin:0 0 4px}.alert ul{margin:0;padding-left:20px}
button.primary{font:inherit;font-weight:600;width:100%;min-height:32px;padding:5px 12px;border:0;border-radius:4px;background:var(--brand);color:#fff;cursor:pointer}
button.primary:hover{background:var(--brand-hover)}
.links{margin-top:16px;display:flex;flex-direction:column;gap:8px}
`
