// Several server instances on one PostgreSQL database (a throwaway cluster, or the server of
// TEST_DATABASE_URL): instances in this process (createServer, each listening on its own port) and
// instances as real child processes (instance-process.ts), all verifying RS256 tokens signed with
// one key pair of the test, plus the HTTP calls that make people ready for matching.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { API_AUDIENCE, type Answer, type Side } from '@tandem/core'
import { aMenteeAnswers, aMentorAnswers } from '@tandem/fixtures'
import { createTokenVerifier } from '@tandem/identity'
import { createTestDatabase, type TestDatabase } from '@tandem/testing'
import { pino } from 'pino'
import { createServer, loadConfig, type Clock, type TandemServer } from '../../src/index.js'
import { signUpBody, toWire } from './harness.js'
import { ISSUER, portOf, testKeys } from './test-keys.js'

export { ISSUER }

export type Person = {
  readonly email: string
  readonly subject: string
  readonly firstName: string
  readonly lastName: string
  /** Where the person calls from (X-Forwarded-For through the loopback proxy): each their own, as at home. */
  readonly address: string
}

export type Reply = { readonly status: number; readonly body: { readonly isSuccess?: boolean; readonly value?: unknown } }

export type Instance = { readonly base: string }
export type InProcessInstance = Instance & { readonly server: TandemServer; readonly close: () => Promise<void> }
export type ChildInstance = Instance & { readonly child: ChildProcess }

export type Instances = Awaited<ReturnType<typeof startInstances>>

export const startInstances = async () => {
  const database: TestDatabase = await createTestDatabase()
  const { jwk, tokenFor } = await testKeys()
  const folders: string[] = []
  const inProcess: InProcessInstance[] = []
  const children: ChildProcess[] = []
  const folder = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'tandem-instance-'))
    folders.push(dir)
    return dir
  }
  const environment = (dir: string, env: Readonly<Record<string, string>>): Record<string, string> => ({
    DATA_DIR: dir,
    DATABASE_URL: database.url,
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST: join(dir, 'no-web'),
    ...env,
  })

  /** An instance in this process (its clock and services at hand), listening on a free port. */
  const startInProcess = async (options: { clock?: Clock; env?: Readonly<Record<string, string>> } = {}): Promise<InProcessInstance> => {
    const config = loadConfig(environment(folder(), options.env ?? {}))
    const server = await createServer(config, {
      verifyToken: createTokenVerifier({ issuer: ISSUER, audience: API_AUDIENCE, keySet: { keys: [jwk] } }),
      logger: pino({ level: process.env['TEST_LOG'] ?? 'silent' }),
      ...(options.clock === undefined ? {} : { clock: options.clock }),
    })
    const listener: Server = await new Promise((resolve) => {
      const l = server.app.listen(0, '127.0.0.1', () => resolve(l))
    })
    const instance: InProcessInstance = {
      server,
      base: `http://127.0.0.1:${(listener.address() as AddressInfo).port}`,
      close: async () => {
        await new Promise((resolve) => {
          listener.closeAllConnections()
          listener.close(resolve)
        })
        await server.close()
      },
    }
    inProcess.push(instance)
    return instance
  }

  /** An instance as a child process (instance-process.ts): serves, sweeps and delivers mail. */
  const startChild = async (env: Readonly<Record<string, string>> = {}): Promise<ChildInstance> => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'instance-process.ts')], {
      env: { ...process.env, ...environment(folder(), env), TEST_JWK: JSON.stringify(jwk), TEST_ISSUER: ISSUER },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    children.push(child)
    const port = await portOf(child, 'instance process')
    return { child, base: `http://127.0.0.1:${port}` }
  }

  const call = async (at: Instance, who: Person, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Reply> => {
    const response = await fetch(`${at.base}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await tokenFor(who)}`,
        'content-type': 'application/json',
        'x-forwarded-for': who.address,
        ...headers,
      },
      body: JSON.stringify(body),
    })
    const text = await response.text()
    try {
      return { status: response.status, body: JSON.parse(text) as Reply['body'] }
    } catch {
      return { status: response.status, body: {} }
    }
  }

  let counter = 0
  const person = (name: string): Person => {
    counter += 1
    return {
      email: `${name.toLowerCase()}.${counter}@example.org`,
      subject: `sub-${name}-${counter}`,
      firstName: name,
      lastName: `${name}son`,
      address: `10.0.${Math.floor(counter / 250)}.${(counter % 250) + 1}`,
    }
  }

  const signUp = (at: Instance, p: Person, role: Side): Promise<Reply> => call(at, p, '/api/account/signup', signUpBody(p, role))

  const saveProfile = (at: Instance, p: Person, clusterId: number | null): Promise<Reply> =>
    call(at, p, '/api/user/UpdateProfile', {
      email: p.email,
      professionalPosition: 'Engineer',
      company: 'ACME',
      countryCodeId: 64,
      stateOriginalId: 1,
      city: 'Berlin',
      languageId: 1,
      clusterId,
      profileQuestionAnswer: [],
      isDeletedProfileImage: false,
    })

  const saveAnswers = (at: Instance, p: Person, side: Side, answers: readonly Answer[]): Promise<Reply> =>
    call(at, p, '/api/Questionnaire/CreateAnswer', {
      email: p.email,
      roleName: side,
      isSavePublish: true,
      userSelectedAnswerSaveModel: toWire(side, answers),
    })

  const expectOk = (reply: Reply, what: string): void => {
    if (reply.status !== 200 || reply.body.isSuccess !== true)
      throw new Error(`${what} failed: ${reply.status} ${JSON.stringify(reply.body)}`)
  }

  /** A mentee with a complete profile and questionnaire in the default program year, ready to start matching. */
  const readyMentee = async (at: Instance, clusterId: number, name = 'Mia'): Promise<Person> => {
    const p = person(name)
    expectOk(await signUp(at, p, 'Mentee'), 'sign-up')
    expectOk(await saveProfile(at, p, clusterId), 'profile')
    expectOk(await saveAnswers(at, p, 'Mentee', aMenteeAnswers()), 'answers')
    return p
  }

  /** A published mentor in the pool. */
  const publishedMentor = async (at: Instance, name = 'Max'): Promise<Person> => {
    const p = person(name)
    expectOk(await signUp(at, p, 'Mentor'), 'sign-up')
    expectOk(await saveProfile(at, p, null), 'profile')
    expectOk(await saveAnswers(at, p, 'Mentor', aMentorAnswers()), 'answers')
    return p
  }

  const startMatching = (at: Instance, p: Person): Promise<Reply> =>
    call(at, p, '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: p.email })

  const close = async (): Promise<void> => {
    for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL')
    for (const i of inProcess.splice(0)) await i.close().catch(() => undefined)
    await database.drop()
    for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true })
  }

  return {
    url: database.url,
    startInProcess,
    startChild,
    person,
    call,
    signUp,
    saveProfile,
    saveAnswers,
    expectOk,
    readyMentee,
    publishedMentor,
    startMatching,
    close,
  }
}
