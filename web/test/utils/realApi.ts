// The real API for screen tests: the server's own Express app (@tandem/server) on a real SQLite
// file in a temp folder, behind a loopback proxy that records every request and can cut or hold
// back one request on demand (the faults the real server cannot be made to produce). People are
// signed up and seeded through the real routes (large cohorts and the statistics' past through the
// store, as the browser journeys and the server tests seed them); their tokens are RS256 tokens as
// the identity provider issues them, verified by the identity adapter's real verifier (as in the
// server tests). Mail goes to a stand-in mail server at the server's transport port.
import { createSign } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer as createHttpServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  API_AUDIENCE,
  fail,
  questionOf,
  type ErrorCode,
  type Gender,
  toSaveAnswerItem,
  type Answer,
  type ConsentVersions,
  type ProposalsResponse,
  type Side,
} from '@tandem/core'
import { aMenteeAnswers, aMentorAnswers, generatePopulation, questionnaire } from '@tandem/fixtures'
import { createTokenVerifier } from '@tandem/identity'
import {
  createServer,
  DeliveryError,
  seedPopulation,
  type CohortRunner,
  type PreviewRunner,
  type RunProgress,
  loadConfig,
  manualClock,
  type MailTransport,
  type OutgoingMail,
  type TandemServer,
} from '@tandem/server'
import { encodedKeyPair } from '@tandem/testing'
import { seedStatisticsPopulation } from '../../../adapters/server/test/support/statistics.population.js'
import { pino } from 'pino'
import type { SignedInUser } from '../../src/state/auth.port.js'
import { standInAuth } from './renderWithProviders.js'

const ISSUER = 'https://idp.test'
export const ADMIN_EMAIL = 'admin@example.org'

/** A person as the identity provider knows them: the claims of their tokens. */
export type Person = {
  readonly email: string
  readonly subject: string
  readonly firstName: string
  readonly lastName: string
  readonly birthDate: string | null
  readonly gender: Gender
}

export type RecordedRequest = {
  readonly method: string
  readonly path: string
  readonly query: Readonly<Record<string, string>>
  readonly body: unknown
  readonly authorization: string | undefined
  /** The status the real app answered (undefined while held or when the proxy cut the connection). */
  status?: number | undefined
}

export type Envelope<T = unknown> = {
  isSuccess: boolean
  isFailure: boolean
  value: T
  errorMessage: string | null
  errorCode: string | null
}
export type Reply<T = unknown> = { readonly status: number; readonly body: Envelope<T> }

/** What the fault layer does to the next request of a route: cut it, or hold it until released. */
type Fault =
  | { readonly kind: 'drop' }
  | { readonly kind: 'cut-body' }
  | { readonly kind: 'refuse'; readonly status: number; readonly body: Envelope<null> }
  | { readonly kind: 'hold'; readonly until: Promise<void> }

const base64url = (data: string | Buffer): string => Buffer.from(data).toString('base64url')

const readBody = async (req: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

const decodeBody = (raw: Buffer, contentType: string): unknown => {
  if (raw.length === 0) return undefined
  const text = raw.toString('utf8')
  return contentType.includes('application/json') ? JSON.parse(text) : text
}

const listen = (server: Server): Promise<string> =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)))

const stop = (server: Server): Promise<void> =>
  new Promise((resolve) => {
    server.closeAllConnections()
    server.close(() => resolve())
  })

/** Core answers in the wire shape of the save-answers payload (as the questionnaire screen sends them). */
const toWire = (side: Side, answers: readonly Answer[]) =>
  answers.flatMap((a) => {
    const pair = questionnaire.pairs.find((p) => p.questionPairId === a.questionPairId)
    return pair === undefined || questionOf(pair, side) === null ? [] : [toSaveAnswerItem(pair, side, a)]
  })

export type RealApi = Awaited<ReturnType<typeof startRealApi>>

/**
 * Starts the real server on a fresh data folder. `now` is where its clock starts (the browser's
 * clock by default, so countdowns agree); the test moves it with `clock.advance`.
 */
export const startRealApi = async (options: { readonly now?: number; readonly consentVersions?: ConsentVersions } = {}) => {
  const dir = mkdtempSync(join(tmpdir(), 'tandem-web-'))
  const keys = encodedKeyPair('RS256')
  const jwk = { ...keys.publicJwk, kid: 'test-key', alg: 'RS256' }
  const clock = manualClock(options.now ?? Date.now())
  const config = loadConfig({
    DATA_DIR: dir,
    ADMIN_EMAILS: ADMIN_EMAIL,
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST: join(dir, 'no-web'),
  })
  // The mail server at the transport port: it keeps what it accepted and refuses, for good, the
  // addresses a test names (the SMTP side is proved by the server's own delivery tests).
  const mails: OutgoingMail[] = []
  const refusedMail = new Set<string>()
  const transport: MailTransport = {
    send: async (message) => {
      if (refusedMail.has(message.to.email)) throw new DeliveryError('550 Mailbox unavailable', true, 550)
      mails.push(message)
    },
    close: async () => {},
  }
  // A cohort run the test holds: its worker starts only when released, and meanwhile its progress
  // reads as the test set it (a run of a few people is otherwise over before the screen looks).
  let heldRun: { readonly progress: RunProgress; readonly until: Promise<void> } | null = null
  const cohortRunner = (made: CohortRunner): CohortRunner => ({
    ...made,
    start: (runId, job, handlers) => {
      const held = heldRun
      if (held === null) return made.start(runId, job, handlers)
      heldRun = null
      made.report(runId, held.progress)
      void held.until.then(() => made.start(runId, job, handlers))
    },
  })
  // A preview the test holds the same way: its row reads as Running at `fraction`, and its worker
  // starts only when released (and then stops at once if the preview was cancelled meanwhile).
  let heldPreview: { readonly fraction: number; readonly until: Promise<void> } | null = null
  const previewRunner = (made: PreviewRunner): PreviewRunner => ({
    ...made,
    start: (previewId, job, handlers) => {
      const hold = heldPreview
      if (hold === null) return made.start(previewId, job, handlers)
      heldPreview = null
      void handlers.progress(hold.fraction)
      void hold.until.then(() => made.start(previewId, job, handlers))
      return null
    },
  })
  const verifyToken = createTokenVerifier({ issuer: ISSUER, audience: API_AUDIENCE, keySet: { keys: [jwk] } })
  const serve = async (consentVersions: ConsentVersions | undefined) => {
    const server: TandemServer = await createServer(config, {
      clock,
      verifyToken,
      transport,
      cohortRunner,
      previewRunner,
      logger: pino({ level: process.env['TEST_LOG'] ?? 'silent' }),
      ...(consentVersions === undefined ? {} : { consentVersions }),
    })
    const listener = createHttpServer(server.app)
    return { server, listener, url: await listen(listener) }
  }
  const halt = async (running: Awaited<ReturnType<typeof serve>>) => {
    await stop(running.listener)
    await running.server.close()
  }
  let running = await serve(options.consentVersions)

  const requests: RecordedRequest[] = []
  const faults = new Map<string, Fault[]>()
  const routeKey = (method: string, path: string) => `${method} ${path}`.toLowerCase()

  // The proxy: records the request, applies a planted fault, forwards the bytes to the real app.
  const proxy = createHttpServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost')
      const raw = await readBody(req)
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: decodeBody(raw, req.headers['content-type'] ?? ''),
        authorization: req.headers.authorization,
      }
      requests.push(recorded)
      const fault = faults.get(routeKey(recorded.method, recorded.path))?.shift()
      if (fault?.kind === 'drop') return void req.socket.destroy()
      if (fault?.kind === 'refuse') {
        recorded.status = fault.status
        return void res.writeHead(fault.status, { 'content-type': 'application/json' }).end(JSON.stringify(fault.body))
      }
      if (fault?.kind === 'hold') await fault.until
      const forwarded = httpRequest(
        `${running.url}${req.url ?? '/'}`,
        { method: req.method, headers: req.headers, agent: false },
        (answer) => {
          recorded.status = answer.statusCode
          res.writeHead(answer.statusCode ?? 502, answer.headers)
          if (fault?.kind !== 'cut-body') return void answer.pipe(res)
          // the answer's head and its first bytes, then the connection breaks
          answer.once('data', (chunk: Buffer) => {
            res.write(chunk.subarray(0, Math.max(1, chunk.length >> 1)), () => req.socket.destroy())
            answer.destroy()
          })
        },
      )
      forwarded.on('error', () => req.socket.destroy())
      forwarded.end(raw)
    })()
  })
  const url = await listen(proxy)

  // one token per person, so that a test can tell a person's requests by it
  const tokens = new Map<string, string>()
  const tokenFor = (p: Person): string => {
    const known = tokens.get(p.subject)
    if (known !== undefined) return known
    const now = Math.floor(Date.now() / 1000)
    const header = base64url(JSON.stringify({ alg: 'RS256', kid: 'test-key', typ: 'JWT' }))
    const claims = base64url(
      JSON.stringify({
        iss: ISSUER,
        aud: API_AUDIENCE,
        sub: p.subject,
        iat: now,
        exp: now + 3600,
        email: p.email,
        email_verified: true,
        given_name: p.firstName,
        family_name: p.lastName,
        ...(p.birthDate === null ? {} : { birthdate: p.birthDate }),
        gender: p.gender,
        locale: 'en',
      }),
    )
    const signature = createSign('RSA-SHA256').update(`${header}.${claims}`).sign(keys.privatePem)
    const token = `${header}.${claims}.${base64url(signature)}`
    tokens.set(p.subject, token)
    return token
  }

  /** A call of the real API as a person (seeding, or reading what the server holds). */
  const call = async <T = unknown>(who: Person | null, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Reply<T>> => {
    const response = await fetch(`${running.url}${path}`, {
      method,
      headers: {
        ...(who === null ? {} : { authorization: `Bearer ${tokenFor(who)}` }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    return { status: response.status, body: (await response.json()) as Envelope<T> }
  }
  const expectOk = async <T>(reply: Promise<Reply<T>>, what: string): Promise<T> => {
    const { status, body } = await reply
    if (status !== 200 || !body.isSuccess) throw new Error(`${what} failed: ${status} ${JSON.stringify(body)}`)
    return body.value
  }

  let counter = 0
  /** A new person (a new address each time); born 1 May 1990, no gender shared, unless told. */
  const person = (firstName: string, details: Partial<Pick<Person, 'lastName' | 'birthDate' | 'gender'>> = {}): Person => {
    counter += 1
    return {
      email: `${firstName.toLowerCase()}.${counter}@example.org`,
      subject: `sub-${firstName}-${counter}`,
      firstName,
      lastName: details.lastName ?? `${firstName}son`,
      birthDate: details.birthDate === undefined ? '1990-05-01' : details.birthDate,
      gender: details.gender ?? 'NA',
    }
  }
  const admin: Person = { email: ADMIN_EMAIL, subject: 'sub-admin', firstName: 'Ada', lastName: 'Admin', birthDate: null, gender: 'NA' }

  /** A sign-up as the web app sends it (the browser's copy of the token's claims), both consents given, English. */
  const signUp = (p: Person, role: Side) =>
    expectOk(
      call(p, 'POST', '/api/account/signup', {
        FirstName: p.firstName,
        LastName: p.lastName,
        DOB: p.birthDate,
        Language: 'en',
        Gender: p.gender,
        Email: p.email,
        IsAcceptedDataPrivacyPolicy: true,
        IsAcceptedTermsConditions: true,
        Role: role,
      }),
      `sign-up of ${p.email}`,
    )
  const defaultClusterId = async (): Promise<number> => (await running.server.ctx.clusters.defaultCluster())?.clusterId ?? 0
  const saveProfile = async (p: Person, clusterId?: number | null, details: { readonly company?: string; readonly city?: string } = {}) =>
    expectOk(
      call(p, 'POST', '/api/user/UpdateProfile', {
        email: p.email,
        professionalPosition: 'Engineer',
        company: 'ACME',
        countryCodeId: 64,
        stateOriginalId: 1,
        city: 'Berlin',
        languageId: 1,
        clusterId: clusterId === undefined ? await defaultClusterId() : clusterId,
        profileQuestionAnswer: [],
        isDeletedProfileImage: false,
        ...details,
      }),
      `profile of ${p.email}`,
    )
  const saveAnswers = (p: Person, side: Side, answers: readonly Answer[], publish: boolean) =>
    expectOk(
      call(p, 'POST', '/api/Questionnaire/CreateAnswer', {
        email: p.email,
        roleName: side,
        isSavePublish: publish,
        userSelectedAnswerSaveModel: toWire(side, answers),
      }),
      `answers of ${p.email}`,
    )

  /** A mentee with a complete profile and a published questionnaire, ready to start matching. */
  const readyMentee = async (name = 'Mia', answers: readonly Answer[] = aMenteeAnswers()): Promise<Person> => {
    const p = person(name)
    await signUp(p, 'Mentee')
    await saveProfile(p)
    await saveAnswers(p, 'Mentee', answers, true)
    return p
  }

  /** Uploads a profile photo as the account page does (multipart, the file as `imageFile`). */
  const uploadPhoto = async (p: Person, file: File) => {
    const form = new FormData()
    form.append('email', p.email)
    form.append('imageFile', file)
    const response = await fetch(`${running.url}/api/user/UpdateProfileImage`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokenFor(p)}` },
      body: form,
    })
    const body = (await response.json()) as Envelope
    if (response.status !== 200 || !body.isSuccess)
      throw new Error(`photo of ${p.email} failed: ${response.status} ${JSON.stringify(body)}`)
  }

  /** A published mentor in the pool. */
  const publishedMentor = async (name = 'Max', answers: readonly Answer[] = aMentorAnswers()): Promise<Person> => {
    const p = person(name)
    await signUp(p, 'Mentor')
    await saveProfile(p, null)
    await saveAnswers(p, 'Mentor', answers, true)
    clock.advance(1000)
    return p
  }

  /**
   * Mia Mentee and Max Mentor as a matched team, through the real routes: Max is the only mentor
   * in the pool, Mia starts matching and accepts her proposal, Max accepts his. Mia's program year
   * is the default one unless `clusterId` names another.
   */
  const matchedTeam = async (
    options: { readonly clusterId?: number } = {},
  ): Promise<{ readonly mentee: Person; readonly mentor: Person; readonly matchingTandemId: number }> => {
    const mentor = person('Max', { lastName: 'Mentor' })
    await signUp(mentor, 'Mentor')
    await saveProfile(mentor, null)
    await saveAnswers(mentor, 'Mentor', aMentorAnswers(), true)
    const mentee = person('Mia', { lastName: 'Mentee' })
    await signUp(mentee, 'Mentee')
    await saveProfile(mentee, options.clusterId)
    await saveAnswers(mentee, 'Mentee', aMenteeAnswers(), true)
    await expectOk(call(mentee, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: mentee.email }), 'start matching')
    const proposals = await expectOk(
      call<ProposalsResponse>(mentee, 'POST', '/api/MatchingTandem/GetProposals', { email: mentee.email }),
      'proposals',
    )
    const proposal = proposals.menteeProposal[0]
    if (proposal === undefined) throw new Error(`${mentee.email} got no proposal`)
    const accept = (who: Person, role: Side, paired: Person, proposalId: number) =>
      expectOk(
        call(who, 'POST', '/api/MatchingTandem/AcceptProposal', {
          email: who.email,
          role,
          pairedUserEmail: paired.email,
          proposalSaveModel: { proposalId, proposalState: 'ACCEPTED' },
          matchingTandemSaveModel: { matchingTandemId: proposal.matchingTandemId, tandemState: role === 'Mentee' ? 'ACTIVE' : 'MATCHED' },
        }),
        `${role} accepts`,
      )
    await accept(mentee, 'Mentee', mentor, proposal.proposalId)
    await accept(mentor, 'Mentor', mentee, proposal.pairedProposalId)
    return { mentee, mentor, matchingTandemId: proposal.matchingTandemId }
  }

  /** A person's user id on the server. */
  const idOf = async (p: Person): Promise<number> => {
    const user = await running.server.ctx.users.byEmail(p.email)
    if (user === undefined) throw new Error(`${p.email} is not signed up`)
    return user.id
  }
  const setMatching = (mentor: Person, enabled: boolean) =>
    expectOk(
      call(mentor, 'POST', '/api/Questionnaire/UpdateUserStatus', { email: mentor.email, roleName: 'Mentor', disableMatching: !enabled }),
      `matching of ${mentor.email}`,
    )

  /**
   * A mentee who started matching with this published mentor as the only one available: a team
   * with both proposals open (the other mentors in the pool pause for it and come back).
   */
  const proposedTeam = async (mentee: Person, mentor: Person, others: readonly Person[] = []): Promise<number> => {
    for (const other of others) await setMatching(other, false)
    await expectOk(call(mentee, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: mentee.email }), 'start matching')
    for (const other of others) await setMatching(other, true)
    const proposals = await expectOk(
      call<ProposalsResponse>(mentee, 'POST', '/api/MatchingTandem/GetProposals', { email: mentee.email }),
      'proposals',
    )
    const proposal = proposals.menteeProposal.find((x) => x.lastName === mentor.lastName)
    if (proposal === undefined) throw new Error(`${mentee.email} got no proposal with ${mentor.email}`)
    return proposal.matchingTandemId
  }

  /**
   * A team the administrator created by hand: the mentee started matching while every mentor in
   * `pool` paused (so she waits, AVAILABLE), then the mentor is paired with her.
   */
  const manualTeam = async (mentee: Person, mentor: Person, pool: readonly Person[]): Promise<number> => {
    for (const other of pool) await setMatching(other, false)
    await expectOk(call(mentee, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: mentee.email }), 'start matching')
    for (const other of pool) await setMatching(other, true)
    return expectOk(
      call<number>(admin, 'POST', '/api/Admin/CreateMatchingTandemManual', {
        mentees: { userId: await idOf(mentee), email: mentee.email },
        mentors: { userId: await idOf(mentor), email: mentor.email },
      }),
      'manual team',
    )
  }

  /**
   * Mia and Max matched (`matchedTeam`), then the server's clock moved past day 14 and the check-in
   * sweep run, as the server's timer runs it: both have "have you met yet?" open, and a mail with
   * its one-time link (docs/mentorship.md#check-ins).
   */
  const matchedTeamAskedIfMet = async () => {
    const team = await matchedTeam()
    clock.advance(15 * 24 * 60 * 60 * 1000)
    await running.server.sweepCheckIns()
    return team
  }

  /** The token of the link in the newest check-in mail to a person, read from the outbox as the mail peer would send it. */
  const checkInLinkTokenOf = async (p: Person): Promise<string> => {
    const mails = (await running.server.ctx.outbox.all()).filter((m) => m.recipient.email === p.email && m.type.startsWith('CHECK_IN_'))
    const link = (mails.at(-1)?.data as { readonly link?: string } | null | undefined)?.link
    const token = link === undefined ? null : new URL(link).searchParams.get('token')
    if (token === null) throw new Error(`no check-in link was sent to ${p.email}`)
    return token
  }

  /** The check-in questions open for a person, as the server holds them. */
  const openCheckInsOf = (p: Person) =>
    expectOk(
      call<readonly { readonly matchingTandemId: number; readonly role: Side; readonly occasion: { readonly kind: string } }[]>(
        p,
        'GET',
        `/api/Mentorship/GetOpenCheckIns?email=${encodeURIComponent(p.email)}`,
      ),
      `open check-ins of ${p.email}`,
    )

  /**
   * Writes a person's row in the store directly: only for states the routes no longer lead to but
   * earlier versions left in the data (say why where it is used).
   */
  const writeUser = async (
    p: Person,
    changes: { readonly mentor_status?: string; readonly mentee_status?: string; readonly mentee_cluster_id?: number | null },
  ) => {
    await running.server.db.kysely.updateTable('users').set(changes).where('email', '=', p.email).execute()
  }

  /** The person as the browser knows them once signed in, and the auth port handing out their real token. */
  const signedIn = (p: Person, overrides: Partial<SignedInUser> = {}) => {
    const user: SignedInUser = {
      email: p.email,
      givenName: p.firstName,
      familyName: p.lastName,
      birthdate: p.birthDate,
      gender: p.gender === 'NA' ? null : p.gender,
      locale: 'en',
      ...overrides,
    }
    return { user, auth: standInAuth(user, tokenFor(p)) }
  }

  /** Requests to one route, `METHOD /path` (path compared case-insensitively, like the server). */
  const calls = (route: string): readonly RecordedRequest[] => {
    const [method, path] = route.split(' ')
    return requests.filter((r) => routeKey(r.method, r.path) === routeKey(method ?? '', path ?? ''))
  }

  const plant = (route: string, fault: Fault) => {
    const [method, path] = route.split(' ')
    const key = routeKey(method ?? '', path ?? '')
    faults.set(key, [...(faults.get(key) ?? []), fault])
  }

  return {
    /** The address the web app under test calls (the proxy in front of the real app). */
    url,
    /** The server serving now (another one after `restart`). */
    get server(): TandemServer {
      return running.server
    },
    /** Stops the server and starts it again on the same data folder (a new release), e.g. with other documents in force. */
    restart: async (overrides: { readonly consentVersions?: ConsentVersions } = {}) => {
      await halt(running)
      running = await serve(overrides.consentVersions)
    },
    clock,
    requests,
    calls,
    call,
    expectOk,
    person,
    admin,
    signUp,
    saveProfile,
    saveAnswers,
    uploadPhoto,
    readyMentee,
    publishedMentor,
    matchedTeam,
    proposedTeam,
    manualTeam,
    setMatching,
    idOf,
    matchedTeamAskedIfMet,
    checkInLinkTokenOf,
    openCheckInsOf,
    signedIn,
    tokenFor,
    writeUser,
    /** The mails the mail server accepted. */
    mails,
    /** The mail server refuses mail to this address for good from now on (or, with `false`, accepts it again). */
    refuseMailTo: (email: string, refuse = true) => void (refuse ? refusedMail.add(email) : refusedMail.delete(email)),
    /** An administrator's message to a person (a mail in the outbox, queued until `deliverMail`). */
    notify: (p: Person, subject: string) =>
      expectOk(
        call(admin, 'POST', '/api/Notification/NotifyUser', {
          email: p.email,
          notificationType: 'ADMIN_MESSAGE',
          matchingTandemId: null,
          subject,
          body: 'Hello.',
        }),
        `mail to ${p.email}`,
      ),
    /**
     * The statistics population of the server's statistics tests (its counts are listed there),
     * written straight into the store: the figures are about a program's history (registrations,
     * first starts, expiries and declines on past days), which the routes can only write as they
     * happen. The screen shows the figures the server's tests pin; today's pool is recorded after it.
     */
    seedStatisticsPopulation: async () => {
      await seedStatisticsPopulation(running.server.db)
      await running.server.snapshotPool()
    },
    /** A new program year (as the program years page creates it); answers its id. */
    createProgramYear: async (title: string): Promise<number> =>
      (
        await expectOk(
          call<{ clusterId: number }>(admin, 'POST', `/api/Admin/CreateCluster?yearText=${encodeURIComponent(title)}`),
          'program year',
        )
      ).clusterId,
    /** Deactivates a program year. */
    closeProgramYear: (clusterId: number) =>
      expectOk(call(admin, 'GET', `/api/Admin/CloseCluster?clusterId=${clusterId}`), 'close program year'),
    /**
     * A synthetic cohort in the default program year (mentees ready to match, mentors published),
     * written through the repositories as the demo and the browser journeys seed it: hundreds of
     * people in a moment.
     */
    seedCohort: async (mentees: number, mentors: number) => {
      const clusterId = await defaultClusterId()
      await seedPopulation(running.server, generatePopulation({ seed: 5, mentees, mentors, pausedShare: 0, clusterId }), ISSUER)
    },
    /** One round of mail delivery from the outbox. */
    deliverMail: () => running.server.deliverMail(),
    /** The check-in sweep as the server's timer runs it: asks what is due at the clock's time. */
    sweepCheckIns: () => running.server.sweepCheckIns(),
    faults: {
      /** The next request of `METHOD /path` gets no answer: the connection is cut, as when the server is unreachable. */
      dropNext: (route: string) => plant(route, { kind: 'drop' }),
      /** The next request of `METHOD /path` gets the real answer's head and first bytes, then the connection is cut. */
      cutBodyNext: (route: string) => plant(route, { kind: 'cut-body' }),
      /** The next request of `METHOD /path` fails as the app fails on a bug: 500 with the core's `Unexpected` envelope. */
      crashNext: (route: string) => plant(route, { kind: 'refuse', status: 500, body: fail('Unexpected') }),
      /**
       * The next request of `METHOD /path` is refused with `errorCode` (the core's envelope of it),
       * for refusals the real server gives only in situations a screen test cannot stage (a rate
       * limit, a role change under way); `errorMessage` replaces the envelope's message text.
       */
      refuseNext: (route: string, status: number, errorCode: ErrorCode, options: { readonly errorMessage?: string } = {}) =>
        plant(route, {
          kind: 'refuse',
          status,
          body: { ...fail(errorCode), ...(options.errorMessage === undefined ? {} : { errorMessage: options.errorMessage }) },
        }),
      /** The next cohort run shows `progress` and computes only when `release` is called. */
      holdNextCohortRun: (progress: RunProgress): { release: () => void } => {
        let release = () => {}
        heldRun = { progress, until: new Promise<void>((resolve) => (release = resolve)) }
        return { release: () => release() }
      },
      /** The next questionnaire preview reads as Running at `fraction` until `release` is called. */
      holdNextPreview: (fraction: number): { release: () => void } => {
        let release = () => {}
        heldPreview = { fraction, until: new Promise<void>((resolve) => (release = resolve)) }
        return { release: () => release() }
      },
      /** The next request of `METHOD /path` reaches the real app only when `release` is called. */
      holdNext: (route: string): { release: () => void } => {
        let release = () => {}
        plant(route, { kind: 'hold', until: new Promise<void>((resolve) => (release = resolve)) })
        return { release: () => release() }
      },
    },
    close: async () => {
      await stop(proxy)
      await halt(running)
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
