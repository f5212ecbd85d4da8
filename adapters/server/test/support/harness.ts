// Test harness: the real server on an ephemeral port over a real SQLite file in a temp folder (or, in
// project server-pg, a PostgreSQL database of its own: database.under-test.ts), a clock the test moves, and RS256 tokens signed with a key pair the test creates and verified by
// the identity adapter's jose verifier (as the real provider's tokens are).
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  API_AUDIENCE,
  questionOf,
  toSaveAnswerItem,
  type Answer,
  type ConsentVersions,
  type ProposalsResponse,
  type SaveAnswerItem,
  type Side,
  type UserId,
} from '@tandem/core'
import { aMenteeAnswers, aMentorAnswers, questionnaire } from '@tandem/fixtures'
import { createTokenVerifier } from '@tandem/identity'
import JSZip from 'jszip'
import { pino } from 'pino'
import { createServer, loadConfig, manualClock, type PreviewRunner, type TandemServer } from '../../src/index.js'
import { createLogger } from '../../src/logger.js'
import { databaseEnv, releaseDatabase } from './database.under-test.js'
import { ISSUER, portOf, testKeys } from './test-keys.js'
import { idByEmail } from './user-ids.support.js'

export { ISSUER }
export const ADMIN_EMAIL = 'admin@example.org'
export const START = Date.UTC(2026, 2, 2, 9, 0, 0)

export type Person = { readonly email: string; readonly subject: string; readonly firstName: string; readonly lastName: string }

export type Reply<T = unknown> = {
  readonly status: number
  readonly body: { isSuccess: boolean; isFailure: boolean; value: T; errorMessage: string | null } & Record<string, unknown>
}

export type Harness = Awaited<ReturnType<typeof startHarness>>

/** A sign-up as the web app sends it: both consents given, a birth date, English. */
export const signUpBody = (p: Pick<Person, 'email' | 'firstName' | 'lastName'>, role: Side = 'Mentee') => ({
  FirstName: p.firstName,
  LastName: p.lastName,
  DOB: '1990-05-01',
  Language: 'en',
  Gender: 'NA',
  Email: p.email,
  IsAcceptedDataPrivacyPolicy: true,
  IsAcceptedTermsConditions: true,
  Role: role,
})

export const startHarness = async (
  options: {
    env?: Record<string, string>
    dataDir?: string
    /** Captures the server's log as the app writes it (its own logger, every level). */
    logTo?: NodeJS.WritableStream
    /** Other versions of the privacy policy and terms in force than the core's. */
    consentVersions?: ConsentVersions
    /** Wraps the questionnaire preview runner (a test holds a preview's worker back). */
    previewRunner?: (made: PreviewRunner) => PreviewRunner
  } = {},
) => {
  const dir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'tandem-server-'))
  const { jwk, privateKey, tokenFor } = await testKeys()
  const clock = manualClock(START)
  const config = loadConfig({
    DATA_DIR: dir,
    ADMIN_EMAILS: ADMIN_EMAIL,
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST: join(dir, 'no-web'),
    ...(await databaseEnv(dir)),
    ...options.env,
  })
  const server: TandemServer = await createServer(config, {
    clock,
    verifyToken: createTokenVerifier({ issuer: ISSUER, audience: API_AUDIENCE, keySet: { keys: [jwk] } }),
    logger: options.logTo === undefined ? pino({ level: process.env['TEST_LOG'] ?? 'silent' }) : createLogger('trace', options.logTo),
    ...(options.consentVersions === undefined ? {} : { consentVersions: options.consentVersions }),
    ...(options.previewRunner === undefined ? {} : { previewRunner: options.previewRunner }),
  })
  const listener: Server = await new Promise((resolve) => {
    const l = server.app.listen(0, '127.0.0.1', () => resolve(l))
  })
  const base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`

  const call = async <T = unknown>(
    who: Person | null,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply<T>> => {
    const auth = who === null ? {} : { authorization: `Bearer ${await tokenFor(who)}` }
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    })
    const text = await response.text()
    let parsed: unknown = null
    try {
      parsed = JSON.parse(text)
    } catch {
      parsed = { raw: text }
    }
    return { status: response.status, body: parsed as Reply<T>['body'] }
  }

  let counter = 0
  const person = (name: string): Person => {
    counter += 1
    return {
      email: `${name.toLowerCase()}.${counter}@example.org`,
      subject: `sub-${name}-${counter}`,
      firstName: name,
      lastName: `${name}son`,
    }
  }

  const signUp = async (p: Person, role: Side): Promise<Reply> => call(p, 'POST', '/api/account/signup', signUpBody(p, role))
  /** The person's proposals as GetProposals answers them. */
  const proposals = async (p: Person) =>
    (await call<ProposalsResponse>(p, 'POST', '/api/MatchingTandem/GetProposals', { email: p.email })).body.value
  /** The person's status on one side, as stored. */
  const statusOf = async (p: Person, side: 'Mentee' | 'Mentor') => {
    const u = await server.ctx.users.byEmail(p.email)
    return side === 'Mentee' ? u?.participant.mentee?.status : u?.participant.mentor?.status
  }
  /** The text of `data.json` in the person's data download, prepared and fetched as the web app does. */
  const downloadedDataText = async (p: Person): Promise<string> => {
    const prepared = await call(p, 'POST', '/api/Account/PrepareMyData', { emailId: p.email })
    if (prepared.status !== 200) throw new Error(`PrepareMyData answered ${prepared.status}`)
    const statusPath = `/api/Account/MyDataStatus?emailId=${encodeURIComponent(p.email)}`
    for (let i = 0; i < 200 && (await call<{ state: string }>(p, 'GET', statusPath)).body.value.state === 'preparing'; i++)
      await new Promise((resolve) => setImmediate(resolve))
    const reply = await fetch(`${base}/api/Account/DownloadMyData?emailId=${encodeURIComponent(p.email)}`, {
      headers: { authorization: `Bearer ${await tokenFor(p)}` },
    })
    if (reply.status !== 200) throw new Error(`DownloadMyData answered ${reply.status}`)
    const zip = await JSZip.loadAsync(Buffer.from(await reply.arrayBuffer()))
    return (await zip.file('data.json')?.async('string')) ?? '{}'
  }
  /** One side accepts its proposal of a team: the mentee moves it to ACTIVE, the mentor to MATCHED. */
  const acceptProposal = (
    who: Person,
    role: 'Mentee' | 'Mentor',
    pairedWith: Person,
    ids: { readonly proposalId: number; readonly matchingTandemId: number },
    tandemState: string,
  ) =>
    call(who, 'POST', '/api/MatchingTandem/AcceptProposal', {
      email: who.email,
      role,
      pairedUserEmail: pairedWith.email,
      proposalSaveModel: { proposalId: ids.proposalId, proposalState: 'ACCEPTED' },
      matchingTandemSaveModel: { matchingTandemId: ids.matchingTandemId, tandemState },
    })
  /** The mentee presses "start matching". */
  const startMatching = (p: Person) => call<boolean>(p, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: p.email })

  const defaultClusterId = async (): Promise<number> => (await server.ctx.clusters.defaultCluster())?.clusterId ?? 0

  const saveProfile = async (p: Person, clusterId?: number | null) =>
    call(p, 'POST', '/api/user/UpdateProfile', {
      email: p.email,
      professionalPosition: 'Engineer',
      company: 'ACME',
      countryCodeId: 64,
      stateOriginalId: firstStateId(),
      city: 'Berlin',
      languageId: 1,
      clusterId: clusterId === undefined ? await defaultClusterId() : clusterId,
      profileQuestionAnswer: [],
      isDeletedProfileImage: false,
    })

  const saveAnswers = (p: Person, side: Side, answers: readonly Answer[], publish: boolean, path = 'CreateAnswer') =>
    call(p, 'POST', `/api/Questionnaire/${path}`, {
      email: p.email,
      roleName: side,
      isSavePublish: publish,
      userSelectedAnswerSaveModel: toWire(side, answers),
    })

  /** A mentee with a complete profile and questionnaire, ready to start matching. */
  const readyMentee = async (name = 'Mia', answers: readonly Answer[] = aMenteeAnswers()): Promise<Person> => {
    const p = person(name)
    expectOk(await signUp(p, 'Mentee'), 'sign-up')
    expectOk(await saveProfile(p), 'profile')
    expectOk(await saveAnswers(p, 'Mentee', answers, true), 'answers')
    return p
  }

  /** A published mentor in the pool. */
  const publishedMentor = async (name = 'Max', answers: readonly Answer[] = aMentorAnswers()): Promise<Person> => {
    const p = person(name)
    expectOk(await signUp(p, 'Mentor'), 'sign-up')
    expectOk(await saveProfile(p, null), 'profile')
    expectOk(await saveAnswers(p, 'Mentor', answers, true), 'answers')
    clock.advance(1000)
    return p
  }

  /**
   * A published mentor and a ready mentee matched through the real routes (the mentee starts
   * matching, both accept the mentor's proposal); with the team's id and the instant of the match.
   */
  const matchedTeam = async (
    mentorName = 'Anna',
    menteeName = 'Mia',
  ): Promise<{ mentor: Person; mentee: Person; tandemId: number; matchedAt: number }> => {
    const mentor = await publishedMentor(mentorName)
    const mentee = await readyMentee(menteeName)
    expectOk(await startMatching(mentee), 'start matching')
    const p = (await proposals(mentee)).menteeProposal.find((x) => x.firstName === mentorName)
    if (p === undefined) throw new Error(`expected a proposal with ${mentorName}`)
    const ids = { matchingTandemId: p.matchingTandemId }
    expectOk(await acceptProposal(mentee, 'Mentee', mentor, { ...ids, proposalId: p.proposalId }, 'ACTIVE'), 'the mentee accepts')
    const matchedAt = clock()
    expectOk(await acceptProposal(mentor, 'Mentor', mentee, { ...ids, proposalId: p.pairedProposalId }, 'MATCHED'), 'the mentor accepts')
    return { mentor, mentee, tandemId: p.matchingTandemId, matchedAt }
  }

  const admin: Person = { email: ADMIN_EMAIL, subject: 'sub-admin', firstName: 'Ada', lastName: 'Admin' }

  /** The user id of a person (or an e-mail) with an account; throws when nobody has the address. */
  const idOf = (who: Person | string): Promise<UserId> => idByEmail(server.ctx, typeof who === 'string' ? who : who.email)

  const close = async () => {
    await new Promise((resolve) => {
      listener.closeAllConnections()
      listener.close(resolve)
    })
    await server.close()
    if (options.dataDir === undefined) {
      rmSync(dir, { recursive: true, force: true })
      await releaseDatabase(dir)
    }
  }

  /** Spawns another server process on the same data folder, verifying this harness's tokens. */
  const spawnProcess = async (): Promise<{ base: string; child: ChildProcess }> => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'server-process.ts')], {
      env: {
        ...process.env,
        DATA_DIR: dir,
        ADMIN_EMAILS: ADMIN_EMAIL,
        WEB_DIST: join(dir, 'no-web'),
        ...(await databaseEnv(dir)),
        TEST_JWK: JSON.stringify(jwk),
        TEST_ISSUER: ISSUER,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    const port = await portOf(child, 'server process')
    return { base: `http://127.0.0.1:${port}`, child }
  }

  return {
    server,
    base,
    clock,
    call,
    person,
    signUp,
    proposals,
    startMatching,
    statusOf,
    downloadedDataText,
    acceptProposal,
    saveProfile,
    saveAnswers,
    readyMentee,
    publishedMentor,
    matchedTeam,
    admin,
    idOf,
    tokenFor,
    close,
    dir,
    privateKey,
    spawnProcess,
  }
}

const firstStateId = (): number => 1

export const expectOk = (reply: Reply, what: string): void => {
  if (reply.status !== 200 || reply.body.isSuccess !== true)
    throw new Error(`${what} failed: ${reply.status} ${JSON.stringify(reply.body)}`)
}

/** Core answers in the wire shape of the save-answers payload. */
export const toWire = (side: Side, answers: readonly Answer[]): SaveAnswerItem[] =>
  answers.flatMap((a) => {
    const pair = questionnaire.pairs.find((p) => p.questionPairId === a.questionPairId)
    return pair === undefined || questionOf(pair, side) === null ? [] : [toSaveAnswerItem(pair, side, a)]
  })
