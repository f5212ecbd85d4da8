// Participants as the self-service tests need them: signed up through the real embedded provider,
// with a profile, published answers and a photo, and two of them in a tandem the mentor was shown.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { aMenteeAnswers, aMentorAnswers } from '@tandem/fixtures'
import { simpleParser } from 'mailparser'
import { sql } from 'kysely'
import sharp from 'sharp'
import { SIGN_UP, signUp, type Tokens } from '../../../identity/test/support/harness.js'
import type { TandemServer } from '../../src/index.js'
import { query, rowsOfTable, tableNames } from './database.under-test.js'
import { toWire } from './harness.js'
import { idByEmail } from './user-ids.support.js'
import { signUpBody, type RealServer } from './identity.harness.js'
import { type UserId } from '@tandem/core'

export type Participant = { readonly email: string; readonly firstName: string; readonly tokens: Tokens; readonly id: UserId }

const ok = async (reply: Promise<{ status: number; body: unknown }>, what: string): Promise<void> => {
  const r = await reply
  if (r.status !== 200) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`)
}

/** A participant of one side with profile (city, company), published answers and a photo. */
export const aParticipant = async (
  t: RealServer,
  who: { readonly email: string; readonly firstName: string; readonly lastName: string; readonly language?: 'en' | 'de' },
  side: 'Mentee' | 'Mentor',
  profile: { readonly city: string; readonly company: string },
): Promise<Participant> => {
  const tokens = await signUp(
    t.endpoint,
    { ...SIGN_UP, email: who.email, given_name: who.firstName, family_name: who.lastName },
    who.language === undefined ? {} : { ui_locales: who.language },
  )
  const { email } = who
  await ok(
    t.api(tokens.access_token, 'POST', '/api/account/signup', signUpBody(email, side, { Language: who.language ?? 'en' })),
    'sign-up',
  )
  await ok(
    t.api(tokens.access_token, 'POST', '/api/user/UpdateProfile', {
      email,
      professionalPosition: 'Engineer',
      company: profile.company,
      countryCodeId: 64,
      stateOriginalId: 1,
      city: profile.city,
      languageId: who.language === 'de' ? 2 : 1,
      clusterId: side === 'Mentee' ? ((await t.server.ctx.clusters.defaultCluster())?.clusterId ?? null) : null,
      profileQuestionAnswer: [],
      isDeletedProfileImage: false,
    }),
    'profile',
  )
  await ok(
    t.api(tokens.access_token, 'POST', '/api/Questionnaire/CreateAnswer', {
      email,
      roleName: side,
      isSavePublish: true,
      userSelectedAnswerSaveModel: toWire(side, side === 'Mentee' ? aMenteeAnswers() : aMentorAnswers()),
    }),
    'answers',
  )
  const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: side === 'Mentee' ? '#c00' : '#00c' } })
    .png()
    .toBuffer()
  const form = new FormData()
  form.append('email', email)
  form.append('imageFile', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'me.png')
  const uploaded = await fetch(`${t.base}/api/user/UpdateProfileImage`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.access_token}` },
    body: form,
  })
  if (uploaded.status !== 200) throw new Error(`photo: ${uploaded.status}`)
  return { email, firstName: who.firstName, tokens, id: await idByEmail(t.server.ctx, email) }
}

type Proposal = { proposalId: number; matchingTandemId: number; firstName: string }

/** The mentee's run proposes the mentor (among others) and the mentee chooses them: the mentor is shown the tandem. */
export const chooseMentor = async (t: RealServer, mentee: Participant, mentor: Participant): Promise<number> => {
  await ok(t.api(mentee.tokens.access_token, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: mentee.email }), 'start')
  const proposals = await t.api<{ menteeProposal: Proposal[] }>(mentee.tokens.access_token, 'POST', '/api/MatchingTandem/GetProposals', {
    email: mentee.email,
  })
  const chosen = proposals.body.value.menteeProposal.find((p) => p.firstName === mentor.firstName)
  if (chosen === undefined) throw new Error('no proposal')
  await ok(
    t.api(mentee.tokens.access_token, 'POST', '/api/MatchingTandem/AcceptProposal', {
      email: mentee.email,
      role: 'Mentee',
      pairedUserEmail: mentor.email,
      proposalSaveModel: { proposalId: chosen.proposalId, proposalState: 'ACCEPTED' },
      matchingTandemSaveModel: { matchingTandemId: chosen.matchingTandemId, tandemState: 'ACTIVE' },
    }),
    'accept',
  )
  return chosen.matchingTandemId
}

/**
 * Every file under the folder (recursively) that holds one of the needles, with the needle: a text
 * in any case, as bytes (Latin-1/UTF-8 or UTF-16), and in a mail file also after its transfer
 * encoding is undone (quoted-printable may break a name across lines, base64 hides it); a byte
 * needle (a photo) as it is.
 */
export const filesMentioning = async (dir: string, needles: readonly string[], byteNeedles: readonly Buffer[] = []): Promise<string[]> => {
  const found: string[] = []
  const walk = async (folder: string): Promise<void> => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name)
      if (statSync(path).isDirectory()) await walk(path)
      else {
        const bytes = readFileSync(path)
        const texts = [bytes.toString('latin1').toLowerCase(), bytes.toString('utf16le').toLowerCase()]
        if (name.endsWith('.eml')) texts.push((await decodedMail(bytes)).toLowerCase())
        for (const needle of needles)
          if (texts.some((text) => text.includes(needle.toLowerCase()))) found.push(`${path.slice(dir.length + 1)}: ${needle}`)
        byteNeedles.forEach((needle, i) => {
          if (bytes.includes(needle)) found.push(`${path.slice(dir.length + 1)}: bytes ${i}`)
        })
      }
    }
  }
  await walk(dir)
  return found
}

/**
 * Where the needles are still stored: every file of the data folder (with SQLite the database and
 * its write-ahead log among them), and on PostgreSQL, whose database is not in the folder, every
 * row of every table that holds one (`table: needle`, `table: bytes i`).
 */
export const storedMentioning = async (
  t: { readonly server: TandemServer; readonly dir: string },
  needles: readonly string[],
  byteNeedles: readonly Buffer[] = [],
): Promise<string[]> => [
  ...(await filesMentioning(t.dir, needles, byteNeedles)),
  ...(t.server.db.dialect === 'postgres' ? await rowsMentioning(t.server, needles, byteNeedles) : []),
]

const rowsMentioning = async (server: TandemServer, needles: readonly string[], byteNeedles: readonly Buffer[]): Promise<string[]> => {
  const found = new Set<string>()
  for (const table of await tableNames(server))
    for (const row of await rowsOfTable(server, table)) {
      const values = Object.values(row)
      const text = values
        .filter((v) => typeof v === 'string')
        .join('\n')
        .toLowerCase()
      for (const needle of needles) if (text.includes(needle.toLowerCase())) found.add(`${table}: ${needle}`)
      byteNeedles.forEach((needle, i) => {
        if (values.some((v) => Buffer.isBuffer(v) && v.includes(needle))) found.add(`${table}: bytes ${i}`)
      })
    }
  return [...found]
}

/** A mail's headers, subject, text, HTML and attachments with their transfer encodings undone. */
const decodedMail = async (raw: Buffer): Promise<string> => {
  const mail = await simpleParser(raw)
  return [
    ...mail.headerLines.map((h) => h.line),
    mail.subject ?? '',
    mail.text ?? '',
    typeof mail.html === 'string' ? mail.html : '',
    ...mail.attachments.map((a) => a.content.toString('utf8')),
  ].join('\n')
}

/** The photo as the database stores it (the server may re-encode an upload), to search for its bytes. */
export const storedPhoto = async (t: RealServer, userId: number): Promise<Buffer> => {
  const bytes = (await query<{ bytes: unknown }>(t.server, sql`select bytes from profile_images where user_id = ${userId}`))[0]?.bytes
  if (!Buffer.isBuffer(bytes)) throw new Error(`no photo stored for user ${userId}`)
  return bytes
}
