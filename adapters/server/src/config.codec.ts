// Codecs of the environment variables: each decodes the text of one variable and is named after
// what it allows, so a refused value reads "PORT is "99999"; allowed: an integer from 0 to 65535".
import { isIP } from 'node:net'
import { EmailAddress } from '@tandem/core'
import * as t from 'io-ts'

/** A codec from a variable's text; `parse` answers undefined for a value that is not allowed. */
export const fromText = <A>(allowed: string, parse: (text: string) => A | undefined): t.Type<A, string, unknown> =>
  new t.Type<A, string, unknown>(
    allowed,
    (u): u is A => typeof u === 'string' && parse(u) !== undefined,
    (u, c) => {
      const parsed = typeof u === 'string' ? parse(u.trim()) : undefined
      return parsed === undefined ? t.failure(u, c) : t.success(parsed)
    },
    String,
  )

/** An unset or blank variable takes `fallback` (decoded like a set one, so a default can never be invalid). */
export const withDefault = <A>(codec: t.Type<A, string, unknown>, fallback: string): t.Type<A, string, unknown> =>
  new t.Type<A, string, unknown>(
    codec.name,
    codec.is,
    (u, c) => codec.validate(u === undefined || (typeof u === 'string' && u.trim() === '') ? fallback : u, c),
    codec.encode,
  )

/** An unset or blank variable is null. */
export const optional = <A>(codec: t.Type<A, string, unknown>): t.Type<A | null, string, unknown> =>
  new t.Type<A | null, string, unknown>(
    `${codec.name} (or unset)`,
    (u): u is A | null => u === null || codec.is(u),
    (u, c) => (u === undefined || (typeof u === 'string' && u.trim() === '') ? t.success(null) : codec.validate(u, c)),
    (a) => (a === null ? '' : codec.encode(a)),
  )

export const integerIn = (min: number, max: number, unit = ''): t.Type<number, string, unknown> =>
  fromText(`an integer from ${min} to ${max}${unit}`, (s) => {
    if (!/^\d+$/.test(s)) return undefined
    const n = Number(s)
    return n >= min && n <= max ? n : undefined
  })

export const oneOf = <V extends string>(values: readonly V[]): t.Type<V, string, unknown> =>
  fromText(`one of ${values.join(', ')}`, (s) => values.find((v) => v === s))

const urlWith =
  (protocols: readonly string[]) =>
  (s: string): string | undefined => {
    const url = URL.parse(s)
    return url !== null && protocols.includes(url.protocol) && url.hostname !== '' ? s : undefined
  }

export const httpUrl = fromText('an http:// or https:// URL', urlWith(['http:', 'https:']))

/** The public address: an http(s) URL without query or fragment; a trailing slash is dropped. */
export const publicUrl = fromText('an http:// or https:// URL without query or fragment (e.g. https://tandem.example.org)', (s) => {
  const url = URL.parse(s)
  return url !== null && urlWith(['http:', 'https:'])(s) !== undefined && url.search === '' && url.hash === ''
    ? s.replace(/\/+$/, '')
    : undefined
})

export const smtpUrl = fromText('an smtp:// or smtps:// URL with a host (smtp://user:pass@host:587)', urlWith(['smtp:', 'smtps:']))

/** PostgreSQL's connection URL (DATABASE_URL): the two schemes `pg` reads, with a host. */
export const postgresUrl = fromText(
  'a postgres:// or postgresql:// URL with a host (postgres://user:password@host:5432/tandem)',
  urlWith(['postgres:', 'postgresql:']),
)

export const emailAddress = fromText('an e-mail address', (s) => (EmailAddress.is(s) ? s : undefined))

/** Comma-separated e-mail addresses (blank entries are skipped). */
export const emailList = fromText('e-mail addresses separated by commas', (s) => {
  const list = s
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '')
  return list.every((e) => EmailAddress.is(e)) ? list : undefined
})

/** A sender: `address` or `Name <address>`. */
export const mailbox = fromText('an e-mail address or Name <address>', (s) => {
  const bracketed = /^[^<>]*<([^<>]+)>$/.exec(s)
  return EmailAddress.is(bracketed === null ? s : (bracketed[1] ?? '').trim()) ? s : undefined
})

/** Where to listen: an IP address or a host name. */
export const host = fromText('an IP address or a host name', (s) =>
  isIP(s) !== 0 || /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/.test(s)
    ? s
    : undefined,
)

export const nonEmptyText = fromText('any non-empty text', (s) => (s === '' ? undefined : s))

/** ORG_SOCIAL: comma-separated `label=url` pairs. */
export const socialLinks = fromText('comma-separated label=http(s)-url pairs (Mastodon=https://…,LinkedIn=https://…)', (s) => {
  const pairs = s
    .split(',')
    .map((pair) => pair.trim())
    .filter((pair) => pair !== '')
    .map((pair) => {
      const at = pair.indexOf('=')
      return { name: at < 0 ? '' : pair.slice(0, at).trim(), url: at < 0 ? '' : pair.slice(at + 1).trim() }
    })
  return pairs.every((p) => p.name !== '' && /^https?:\/\/\S+$/.test(p.url)) ? pairs : undefined
})

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal']
const isProxyItem = (item: string): boolean => {
  if (PROXY_NAMES.includes(item)) return true
  const [address = '', prefix, ...rest] = item.split('/')
  if (rest.length > 0 || isIP(address) === 0) return false
  if (prefix === undefined) return true
  return (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (isIP(address) === 4 ? 32 : 128)) || isIP(prefix) !== 0
}

/**
 * TRUST_PROXY: comma-separated addresses, subnets (CIDR) or the names loopback, linklocal,
 * uniquelocal, as Express's `trust proxy` takes them. Checked here because Express would only
 * fail at the first request. `true` and hop counts are refused: they let any client pick its address.
 */
export const trustProxy = fromText(`proxy addresses, subnets (10.0.0.0/8) or ${PROXY_NAMES.join(', ')}, separated by commas`, (s) =>
  s
    .split(',')
    .map((item) => item.trim())
    .every(isProxyItem)
    ? s
    : undefined,
)

/** Personal and secret parts of a value are not repeated in a message that ends up in logs. */
export const shownValue = (name: string, value: unknown): string => {
  const text = typeof value === 'string' ? value : String(value)
  return JSON.stringify(name === 'SMTP_URL' || name === 'DATABASE_URL' ? text.replace(/:[^:@/]*@/, ':***@') : text)
}
