// The world store on both databases: every command one conditional transaction, the partial unique
// index on live tandems refusing a mentor's second live tandem on SQLite and on PostgreSQL alike.
import { proposalIdOf, tandemIdOf, userIdOf, type ProposalId } from '@tandem/core'
import { right, left, isLeft, isRight } from 'fp-ts/lib/Either.js'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Participant, Tandem, World } from '@tandem/core'
import {
  createClustersRepository,
  createRetentionRepository,
  createUsersRepository,
  createWorldStore,
  type Database,
} from '../src/index.js'
import { bothStores } from './support/both.dialects.js'
import { sentDuring } from './support/pg.sent.js'

let db: Database

const taken = (email: string): never => {
  throw new Error(`${email} is taken`)
}
const addUser = async (email: string, roles: ('Mentee' | 'Mentor')[]) =>
  (await createUsersRepository(db).insert(
    {
      issuer: 'iss',
      subject: email,
      email,
      firstName: 'F',
      lastName: 'L',
      gender: 'NA',
      birthDate: null,
      language: 'en',
      roles,
      acceptedPrivacy: true,
      acceptedTerms: true,
      menteeClusterId: null,
    },
    1000,
  )) ?? taken(email)

const proposal = (id: ProposalId) => ({
  id,
  state: 'PROPOSED' as const,
  deadline: null,
  decidedAt: null,
  declineReasonId: null,
  comment: null,
  infoText: null,
})
const tandemBetween = (world: World, menteeId: number, mentorId: number): Tandem => ({
  id: world.nextTandemId,
  version: 1,
  state: 'ACTIVE',
  menteeId: userIdOf(menteeId),
  mentorId: userIdOf(mentorId),
  clusterId: null,
  createdAt: 5,
  manual: true,
  score: { base: 0, max: 0, percentage: 0, breakdown: [] },
  menteeProposal: proposal(proposalIdOf(world.nextTandemId, 'Mentee')),
  mentorProposal: proposal(proposalIdOf(world.nextTandemId, 'Mentor')),
})
const propose = (menteeId: number, mentorId: number) => (world: World) => {
  const tandem = tandemBetween(world, menteeId, mentorId)
  const mentor = world.users.get(userIdOf(mentorId)) as Participant
  const users = new Map(world.users).set(userIdOf(mentorId), { ...mentor, version: mentor.version + 1 })
  return right({
    world: { ...world, users, tandems: new Map(world.tandems).set(tandem.id, tandem), nextTandemId: tandemIdOf(tandem.id + 1) },
    events: [],
  })
}

describe.each(bothStores())('on $name', (store) => {
  beforeEach(async () => {
    await store.setUp()
    db = await store.open()
  })
  afterEach(() => store.tearDown())
  afterAll(() => store.stop())

  describe('world store', () => {
    it('writes a new tandem and the changed participant in one transaction', async () => {
      const mentee = await addUser('a@x.org', ['Mentee'])
      const mentor = await addUser('b@x.org', ['Mentor'])
      const store = createWorldStore(db, () => ({ rows: [], stopLinks: [] }))
      const result = await store.run({ userIds: [mentee], extraUserIds: [mentor] }, propose(mentee, mentor), 10)
      expect(isRight(result)).toBe(true)
      const world = await store.load({ userIds: [mentee] })
      expect([...world.tandems.values()].map((x) => [x.id, x.menteeId, x.mentorId, x.menteeProposal.id, x.mentorProposal.id])).toEqual([
        [1, mentee, mentor, 1, 2],
      ])
      expect(world.users.get(mentor)?.version).toBe(2)
      expect(world.nextTandemId).toBe(2)
    })

    it('refuses a second live tandem of one mentor even when the transition allowed it', async () => {
      const [m1, m2] = [await addUser('a@x.org', ['Mentee']), await addUser('c@x.org', ['Mentee'])]
      const mentor = await addUser('b@x.org', ['Mentor'])
      const store = createWorldStore(db, () => ({ rows: [], stopLinks: [] }))
      expect(isRight(await store.run({ userIds: [m1], extraUserIds: [mentor] }, propose(m1, mentor), 10))).toBe(true)
      const second = await store.run(
        { userIds: [m2], extraUserIds: [mentor] },
        (w) => propose(m2, mentor)({ ...w, nextTandemId: tandemIdOf(2) }),
        11,
      )
      expect(second).toEqual(left({ _tag: 'TandemChanged' }))
      expect((await store.load({ userIds: [m2] })).tandems.size).toBe(0)
    })

    // Two instances at once are PostgreSQL's case: two SQLite connections of one process would wait
    // for each other's write lock while blocking the event loop (decision 0018); on SQLite the
    // instances are processes, and the file's write lock serialises them.
    if (store.name === 'postgres')
      it('lets one of two instances reserving one mentor at the same moment win, and refuses the other', async () => {
        const [m1, m2] = [await addUser('a@x.org', ['Mentee']), await addUser('c@x.org', ['Mentee'])]
        const mentor = await addUser('b@x.org', ['Mentor'])
        const [here, there] = [
          createWorldStore(db, () => ({ rows: [], stopLinks: [] })),
          createWorldStore(await store.open(), () => ({ rows: [], stopLinks: [] })),
        ]
        // Neither writes the mentor's row: only the partial unique index on live tandems stands between them.
        const reserve = (menteeId: number, id: number) => (world: World) => {
          const tandem = tandemBetween({ ...world, nextTandemId: tandemIdOf(id) }, menteeId, mentor)
          return right({
            world: { ...world, tandems: new Map(world.tandems).set(tandem.id, tandem), nextTandemId: tandemIdOf(id + 1) },
            events: [],
          })
        }
        const results = await Promise.all([
          here.run({ userIds: [m1], extraUserIds: [mentor] }, reserve(m1, 1), 10),
          there.run({ userIds: [m2], extraUserIds: [mentor] }, reserve(m2, 2), 10),
        ])
        expect(results.filter(isRight)).toHaveLength(1)
        expect(results.filter(isLeft)).toEqual([left({ _tag: 'TandemChanged' })])
        const live = [...(await here.load({ userIds: [m1, m2] })).tandems.values()]
        expect(live.map((tandem) => tandem.mentorId)).toEqual([mentor])
      })

    if (store.name === 'postgres')
      it("locks every user row of a large slice before reading the users' tandems", async () => {
        const mentee = await addUser('a@x.org', ['Mentee'])
        // More users than one statement locks (500): the rows of the second statement are locked before the tandems are read, too.
        const userIds = [mentee, ...Array.from({ length: 600 }, (_, i) => 100_000 + i)]
        const store = createWorldStore(db, () => ({ rows: [], stopLinks: [] }))
        const sent = await sentDuring(() => store.run({ userIds: userIds.map(userIdOf) }, (world) => right({ world, events: [] }), 10))
        const locks = sent.flatMap((s, i) => (/for no key update/.test(s.text) ? [i] : []))
        const tandems = sent.findIndex((s) => /^select \* from "tandems"/.test(s.text))
        expect(tandems).toBeGreaterThan(0)
        expect(locks.filter((i) => i < tandems)).toHaveLength(2)
      })

    it('numbers new tandems past every id there is, also ids written around the store (a copy, a restore)', async () => {
      const [m1, m2, m3] = [
        await addUser('a@x.org', ['Mentee']),
        await addUser('c@x.org', ['Mentee']),
        await addUser('d@x.org', ['Mentee']),
      ]
      const [t1, t2, t3] = [
        await addUser('b@x.org', ['Mentor']),
        await addUser('e@x.org', ['Mentor']),
        await addUser('f@x.org', ['Mentor']),
      ]
      const world = createWorldStore(db, () => ({ rows: [], stopLinks: [] }))
      expect(isRight(await world.run({ userIds: [m1], extraUserIds: [t1] }, propose(m1, t1), 10))).toBe(true)
      // The tandem moves to id 50 behind the store's back, as rows a copy or a restore wrote.
      await db.run(db.kysely.updateTable('tandems').set({ id: 50, mentee_proposal_id: 99, mentor_proposal_id: 100 }).where('id', '=', 1))
      expect(isRight(await world.run({ userIds: [m2], extraUserIds: [t2] }, propose(m2, t2), 11))).toBe(true)
      expect(isRight(await world.run({ userIds: [m3], extraUserIds: [t3] }, propose(m3, t3), 12))).toBe(true)
      const tandems = [...(await world.load({ userIds: [m1, m2, m3] })).tandems.values()]
      const byMentee = new Map(tandems.map((x) => [x.menteeId, x]))
      expect(byMentee.get(m1)?.id).toBe(50)
      expect(byMentee.get(m2)?.id).toBeGreaterThan(50)
      expect(byMentee.get(m3)?.id).toBeGreaterThan(byMentee.get(m2)?.id ?? 0)
      // Proposal ids follow the tandem's id.
      expect(byMentee.get(m3)?.mentorProposal.id).toBe(2 * (byMentee.get(m3)?.id ?? 0))
    })

    it('rolls back everything when the transition refuses', async () => {
      const mentee = await addUser('a@x.org', ['Mentee'])
      const store = createWorldStore(db, () => ({ rows: [], stopLinks: [] }))
      const result = await store.run({ userIds: [mentee] }, () => left({ _tag: 'ProfileIncomplete' }), 10)
      expect(isLeft(result) && result.left._tag).toBe('ProfileIncomplete')
      expect((await store.load({ userIds: [mentee] })).users.get(mentee)?.version).toBe(1)
    })

    it("saves a mentee's program year with the profile, and tells who is in a live tandem", async () => {
      const mentee = await addUser('a@x.org', ['Mentee'])
      const mentor = await addUser('b@x.org', ['Mentor'])
      const year = (await createClustersRepository(db).create('2030', true)) ?? 0
      await createUsersRepository(db).updateProfile(mentee, {
        countryCodeId: null,
        stateOriginalId: null,
        city: 'Köln',
        professionalPosition: '',
        company: '',
        language: 'de',
        menteeClusterId: year,
        profileAnswers: [],
      })
      const row = await db.first(db.kysely.selectFrom('users').select(['mentee_cluster_id', 'city']).where('id', '=', mentee))
      expect(row).toEqual({ mentee_cluster_id: year, city: 'Köln' })
      const retention = createRetentionRepository(db)
      expect((await retention.person(mentor))?.hasLiveTandem).toBe(false)
      expect(
        isRight(
          await createWorldStore(db, () => ({ rows: [], stopLinks: [] })).run(
            { userIds: [mentee], extraUserIds: [mentor] },
            propose(mentee, mentor),
            10,
          ),
        ),
      ).toBe(true)
      expect([(await retention.person(mentor))?.hasLiveTandem, (await retention.person(mentee))?.hasLiveTandem]).toEqual([true, true])
    })

    it('finds users by e-mail whatever the case', async () => {
      const id = await addUser('Anna@Example.org', ['Mentee'])
      expect((await createUsersRepository(db).byEmail('anna@example.ORG'))?.id).toBe(id)
      await expect(addUser('ANNA@example.org', ['Mentor'])).rejects.toThrow('ANNA@example.org is taken')
    })
  })

  describe('world store: deadlines applied on load, and follow-up commands', () => {
    /** A proposal whose mentee deadline passed at 100. */
    const worldAfter = (step: ReturnType<typeof propose>, world: World): World => {
      const result = step(world)
      if (isLeft(result)) throw new Error('the test step refused')
      return result.right.world
    }
    /** A run's proposal whose mentee deadline passed at 100: mentee and mentor are PROPOSED. */
    const lapsed = (menteeId: number, mentorId: number) => (world: World) => {
      const proposed = worldAfter(propose(menteeId, mentorId), world)
      const tandem = proposed.tandems.get(world.nextTandemId) as Tandem
      const mentee = proposed.users.get(userIdOf(menteeId)) as Participant
      const mentor = proposed.users.get(userIdOf(mentorId)) as Participant
      const users = new Map(proposed.users)
        .set(userIdOf(menteeId), { ...mentee, mentee: mentee.mentee === null ? null : { ...mentee.mentee, status: 'PROPOSED' as const } })
        .set(userIdOf(mentorId), { ...mentor, mentor: mentor.mentor === null ? null : { ...mentor.mentor, status: 'PROPOSED' as const } })
      return right({
        events: [],
        world: {
          ...proposed,
          users,
          tandems: new Map(proposed.tandems).set(tandem.id, { ...tandem, menteeProposal: { ...tandem.menteeProposal, deadline: 100 } }),
        },
      })
    }
    /** The participant's row changed (its version raised), as any command of theirs would. */
    const touch = (userId: number) => (world: World) => {
      const user = world.users.get(userIdOf(userId)) as Participant
      return right({
        events: [],
        world: { ...world, users: new Map(world.users).set(userIdOf(userId), { ...user, version: user.version + 1 }) },
      })
    }
    const refuse = () => left({ _tag: 'MatchingAlreadyRunning' as const })

    it('loadCurrent answers a slice with its passed deadlines applied and committed', async () => {
      const mentee = await addUser('a@x.org', ['Mentee'])
      const mentor = await addUser('b@x.org', ['Mentor'])
      const store = createWorldStore(db, () => ({ rows: [], stopLinks: [] }))
      expect(isRight(await store.run({ userIds: [mentee], extraUserIds: [mentor] }, lapsed(mentee, mentor), 10))).toBe(true)
      expect((await store.loadCurrent({ userIds: [mentee] }, 99)).tandems.get(tandemIdOf(1))?.state).toBe('ACTIVE')
      expect((await store.loadCurrent({ userIds: [mentee] }, 100)).tandems.get(tandemIdOf(1))?.state).toBe('NOREACTION')
      expect((await store.load({ userIds: [mentee] })).tandems.get(tandemIdOf(1))?.state).toBe('NOREACTION')
    })

    it('runCurrent commits the passed deadlines even when the command itself is refused', async () => {
      const mentee = await addUser('a@x.org', ['Mentee'])
      const mentor = await addUser('b@x.org', ['Mentor'])
      const store = createWorldStore(db, () => ({ rows: [], stopLinks: [] }))
      expect(isRight(await store.run({ userIds: [mentee], extraUserIds: [mentor] }, lapsed(mentee, mentor), 10))).toBe(true)
      expect(await store.runCurrent({ userIds: [mentee] }, refuse, 200)).toEqual(left({ _tag: 'MatchingAlreadyRunning' }))
      expect((await store.load({ userIds: [mentee] })).tandems.get(tandemIdOf(1))?.state).toBe('NOREACTION')
    })

    it('runAfter continues from an earlier world and refuses when a participant changed meanwhile', async () => {
      const mentee = await addUser('a@x.org', ['Mentee'])
      const [one, two] = [await addUser('b@x.org', ['Mentor']), await addUser('c@x.org', ['Mentor'])]
      const store = createWorldStore(db, () => ({ rows: [], stopLinks: [] }))
      const first = await store.run({ userIds: [mentee] }, (w) => right({ world: w, events: [] }), 10)
      if (isLeft(first)) throw new Error('expected the first command to pass')
      const next = await store.runAfter(first.right.world, { userIds: [one] }, propose(mentee, one), 11)
      expect(isRight(next)).toBe(true)
      expect((await store.load({ userIds: [mentee] })).tandems.size).toBe(1)
      // The mentee's row changes meanwhile; a follow-up writing it from the earlier world is refused.
      expect(isRight(await store.run({ userIds: [mentee] }, touch(mentee), 12))).toBe(true)
      const stale = await store.runAfter(
        first.right.world,
        { userIds: [two] },
        (w) => touch(mentee)(worldAfter(propose(mentee, two), w)),
        13,
      )
      expect(stale).toEqual(left({ _tag: 'TandemChanged' }))
      expect((await store.load({ userIds: [mentee] })).tandems.size).toBe(1)
    })

    it('refuses a command writing a tandem another command changed meanwhile, and writes none of it', async () => {
      const mentee = await addUser('a@x.org', ['Mentee'])
      const mentor = await addUser('b@x.org', ['Mentor'])
      const store = createWorldStore(db, () => ({ rows: [], stopLinks: [] }))
      const first = await store.run({ userIds: [mentee], extraUserIds: [mentor] }, propose(mentee, mentor), 10)
      if (isLeft(first)) throw new Error('expected the first command to pass')
      /** Moves tandem 1 to `state`, one version on, and the mentee with it. */
      const moveTo = (state: Tandem['state']) => (world: World) => {
        const tandem = world.tandems.get(tandemIdOf(1)) as Tandem
        const user = world.users.get(mentee) as Participant
        return right({
          events: [],
          world: {
            ...world,
            users: new Map(world.users).set(mentee, { ...user, version: user.version + 1 }),
            tandems: new Map(world.tandems).set(tandemIdOf(1), { ...tandem, state, version: tandem.version + 1 }),
          },
        })
      }
      expect(isRight(await store.run({ userIds: [mentee] }, moveTo('DECLINED'), 11))).toBe(true)
      // From the earlier world, with the mentee's row read again: only the tandem's version is stale.
      expect(await store.runAfter(first.right.world, { userIds: [mentee] }, moveTo('CLOSED'), 12)).toEqual(left({ _tag: 'TandemChanged' }))
      const after = await store.load({ userIds: [mentee] })
      expect(after.tandems.get(tandemIdOf(1))?.state).toBe('DECLINED')
      expect(after.users.get(mentee)?.version).toBe(2)
    })
  })
})
