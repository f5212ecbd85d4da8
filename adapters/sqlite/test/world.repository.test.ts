import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { right, left, isLeft, isRight } from 'fp-ts/lib/Either.js'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Participant, Tandem, World } from '@tandem/core'
import { createUsersRepository, createWorldStore, openDatabase, type Database } from '../src/index.js'

let dir: string
let db: Database
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tandem-sqlite-'))
  db = await openDatabase(join(dir, 'tandem.db'))
})
afterEach(() => { db.close(); rmSync(dir, { recursive: true, force: true }) })

const addUser = (email: string, roles: ('Mentee' | 'Mentor')[]) =>
  createUsersRepository(db).insert({
    issuer: 'iss', subject: email, email, firstName: 'F', lastName: 'L', gender: 'NA', birthDate: null, language: 'en',
    roles, acceptedPrivacy: true, acceptedTerms: true, menteeClusterId: null,
  }, 1000) ?? 0

const proposal = (id: number) => ({ id, state: 'PROPOSED' as const, deadline: null, decidedAt: null, declineReasonId: null, comment: null, infoText: null })
const tandemBetween = (world: World, menteeId: number, mentorId: number): Tandem => ({
  id: world.nextTandemId, version: 1, state: 'ACTIVE', menteeId, mentorId, clusterId: null, createdAt: 5, manual: true,
  score: { base: 0, max: 0, percentage: 0, breakdown: [] },
  menteeProposal: proposal(2 * world.nextTandemId - 1), mentorProposal: proposal(2 * world.nextTandemId),
})
const propose = (menteeId: number, mentorId: number) => (world: World) => {
  const tandem = tandemBetween(world, menteeId, mentorId)
  const mentor = world.users.get(mentorId) as Participant
  const users = new Map(world.users).set(mentorId, { ...mentor, version: mentor.version + 1 })
  return right({ world: { ...world, users, tandems: new Map(world.tandems).set(tandem.id, tandem), nextTandemId: tandem.id + 1 }, events: [] })
}

describe('world store', () => {
  it('writes a new tandem and the changed participant in one transaction', () => {
    const mentee = addUser('a@x.org', ['Mentee'])
    const mentor = addUser('b@x.org', ['Mentor'])
    const store = createWorldStore(db, () => [])
    const result = store.run({ userIds: [mentee], extraUserIds: [mentor] }, propose(mentee, mentor), 10)
    expect(isRight(result)).toBe(true)
    const world = store.load({ userIds: [mentee] })
    expect([...world.tandems.values()].map((x) => [x.id, x.menteeId, x.mentorId, x.menteeProposal.id, x.mentorProposal.id])).toEqual([[1, mentee, mentor, 1, 2]])
    expect(world.users.get(mentor)?.version).toBe(2)
    expect(world.nextTandemId).toBe(2)
  })

  it('refuses a second live tandem of one mentor even when the transition allowed it', () => {
    const [m1, m2] = [addUser('a@x.org', ['Mentee']), addUser('c@x.org', ['Mentee'])]
    const mentor = addUser('b@x.org', ['Mentor'])
    const store = createWorldStore(db, () => [])
    expect(isRight(store.run({ userIds: [m1], extraUserIds: [mentor] }, propose(m1, mentor), 10))).toBe(true)
    const second = store.run({ userIds: [m2], extraUserIds: [mentor] }, (w) => propose(m2, mentor)({ ...w, nextTandemId: 2 }), 11)
    expect(second).toEqual(left({ _tag: 'TandemChanged' }))
    expect(store.load({ userIds: [m2] }).tandems.size).toBe(0)
  })

  it('rolls back everything when the transition refuses', () => {
    const mentee = addUser('a@x.org', ['Mentee'])
    const store = createWorldStore(db, () => [])
    const result = store.run({ userIds: [mentee] }, () => left({ _tag: 'ProfileIncomplete' }), 10)
    expect(isLeft(result) && result.left._tag).toBe('ProfileIncomplete')
    expect(store.load({ userIds: [mentee] }).users.get(mentee)?.version).toBe(1)
  })

  it('finds users by e-mail whatever the case', () => {
    const id = addUser('Anna@Example.org', ['Mentee'])
    expect(createUsersRepository(db).byEmail('anna@example.ORG')?.id).toBe(id)
    expect(addUser('ANNA@example.org', ['Mentor'])).toBe(0)
  })
})
