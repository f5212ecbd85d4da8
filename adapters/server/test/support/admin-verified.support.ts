// Confirming an address as its owner would: find the confirmation link in the mails the provider
// sent (the server's .eml folder or a test mailbox), open it, and sign in again for fresh tokens.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { SIGN_UP, signIn, type Endpoint, type Tokens } from '../../../identity/test/support/harness.js'

/** The raw .eml files the server wrote without SMTP_URL, oldest first. */
export const emlMails = (dataDir: string): string[] => {
  const folder = join(dataDir, 'mail')
  return existsSync(folder)
    ? readdirSync(folder)
        .filter((f) => f.endsWith('.eml'))
        .sort()
        .map((f) => readFileSync(join(folder, f), 'utf8'))
    : []
}

/** The newest confirmation link among these raw mails for this address (quoted-printable undone), if any. */
export const confirmationLinkIn = (raws: readonly string[], email: string): string | undefined => {
  const links = raws
    .map((raw) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .filter((raw) => raw.toLowerCase().includes(email.toLowerCase()))
    .map((raw) => /https?:\/\/\S+?\/oidc\/verify-email\?token=[\w-]+&(?:amp;)?lang=(?:en|de)/.exec(raw)?.[0])
    .filter((l) => l !== undefined)
  return links.at(-1)?.replace('&amp;', '&')
}

/** Opens the address's confirmation link (waiting briefly for the mail) and signs in again. */
export const confirmAddress = async (
  endpoint: Endpoint,
  mails: () => readonly string[],
  email: string,
  password: string = SIGN_UP.password,
): Promise<Tokens> => {
  let link: string | undefined
  for (let i = 0; i < 200 && link === undefined; i++) {
    link = confirmationLinkIn(mails(), email)
    if (link === undefined) await new Promise((resolve) => setTimeout(resolve, 25))
  }
  if (link === undefined) throw new Error(`no confirmation mail for ${email}`)
  const opened = await fetch(link)
  if (opened.status !== 200) throw new Error(`the confirmation link answered ${opened.status}`)
  return signIn(endpoint, email, password)
}
