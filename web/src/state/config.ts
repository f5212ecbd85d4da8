// The runtime configuration the server hands the app at start (`GET /app-config.json`), decoded
// before use so a misconfigured server fails loudly at start, not later in a screen.
import * as t from 'io-ts'

export const AppConfig = t.intersection([
  t.type({
    apiBaseUrl: t.string,
    oidc: t.type({ authority: t.string, clientId: t.string, scope: t.string }),
    organisation: t.intersection([
      t.type({ name: t.string, email: t.string, phone: t.string, website: t.string }),
      /** Optional links to the organisation's social network pages (footer; server ORG_SOCIAL). */
      t.partial({ social: t.array(t.type({ name: t.string, url: t.string })) }),
    ]),
  }),
  /** RETENTION_MONTHS, which the privacy policy states. */
  t.partial({ retentionMonths: t.number }),
])
export type AppConfig = t.TypeOf<typeof AppConfig>

export const decodeAppConfig = (input: unknown): AppConfig => {
  const decoded = AppConfig.decode(input)
  // fp-ts stays out of the first download: the Either is read by its tag
  if (decoded._tag === 'Left') throw new Error('app-config.json does not have the expected shape')
  return decoded.right
}

export const fetchAppConfig = async (origin: string = window.location.origin): Promise<AppConfig> => {
  // takes the answer index.html started to fetch with the scripts (`rel=preload`: same URL, mode, credentials)
  const response = await fetch(`${origin}/app-config.json`, { headers: { accept: 'application/json' } })
  if (!response.ok) throw new Error(`app-config.json answered ${response.status}`)
  return decodeAppConfig(await response.json())
}

/** Joins the configured base (absolute or empty for same origin) with an API path. */
export const apiUrl = (base: string, path: string): string => `${base.replace(/\/+$/, '')}${path}`
