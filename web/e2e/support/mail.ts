// The mails the server wrote as .eml files under its data folder (no SMTP_URL in the e2e stack):
// the address-confirmation link the embedded provider sends after sign-up.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const linkIn = (dataDir: string, email: string): string | undefined => {
  const folder = join(dataDir, 'mail')
  if (!existsSync(folder)) return undefined
  const links = readdirSync(folder)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) =>
      readFileSync(join(folder, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    )
    .filter((raw) => raw.toLowerCase().includes(email.toLowerCase()))
    .map((raw) => /https?:\/\/\S+?\/oidc\/verify-email\?token=[\w-]+&(?:amp;)?lang=(?:en|de)/.exec(raw)?.[0])
    .filter((l) => l !== undefined)
  return links.at(-1)?.replace('&amp;', '&')
}

/** The newest confirmation link mailed to this address, waiting up to five seconds for the mail. */
export const confirmationLink = async (dataDir: string, email: string): Promise<string> => {
  for (let i = 0; i < 200; i++) {
    const link = linkIn(dataDir, email)
    if (link !== undefined) return link
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`no confirmation mail for ${email} in ${dataDir}/mail`)
}
