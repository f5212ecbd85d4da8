// The waitlist (docs/matching.md#waitlist): who waits and in which order, which ranked mentors a
// waiting mentee may still be proposed, and which commands open a place (the trigger the server
// writes in the command's transaction).
import fc from 'fast-check'
import * as E from 'fp-ts/lib/Either.js'
import { describe, expect, it } from 'vitest'
import {
  clusterIdOf,
  DAY,
  expireDeadlines,
  freePlacesOf,
  HOUR,
  isDeclinedPair,
  makeCluster,
  makeMentee,
  makeMentor,
  mayTakePlace,
  mentorsWithOpenedPlaces,
  placesOpened,
  publishMentor,
  releaseTandem,
  setMentorCapacity,
  setMentorMatching,
  stopLinkRefusal,
  tandemIdOf,
  userIdOf,
  waitingSinceOf,
  WAITLIST_STOP_LINK_VALID,
  waitlistCandidates,
  waitlistOf,
  worldOf,
  type StatusName,
  type World,
} from '../src/index.js'
import { proposeTo, right, T0 } from './arbitraries/world.helpers.js'

const MENTEES = [1, 2, 3, 4, 5, 6].map(userIdOf)
const MENTORS = [11, 12, 13, 14].map(userIdOf)

type MentorSpec = { readonly capacity: number; readonly published: boolean; readonly paused: boolean }
type MenteeSpec = { readonly noMatch: boolean; readonly status: StatusName; readonly startedAt: number }

const mentorSpec = fc.record({ capacity: fc.integer({ min: 1, max: 5 }), published: fc.boolean(), paused: fc.boolean() })
const menteeSpec = fc.record({
  noMatch: fc.boolean(),
  status: fc.constantFrom<StatusName>('NEW', 'AVAILABLE', 'PENDING', 'PAUSED'),
  startedAt: fc.integer({ min: 0, max: 10 }).map((h) => T0 - h * HOUR),
})

const build = (mentors: readonly MentorSpec[], mentees: readonly MenteeSpec[]): World =>
  worldOf({
    clusters: [makeCluster(1, { isDefault: true }), makeCluster(2)],
    users: [
      ...mentees.map((m, i) =>
        makeMentee(MENTEES[i]!, {
          status: m.status,
          noMatch: m.noMatch,
          clusterId: clusterIdOf(2),
          lastStartedAt: m.noMatch ? m.startedAt : null,
        }),
      ),
      ...mentors.map((m, i) =>
        makeMentor(MENTORS[i]!, {
          capacity: m.capacity,
          published: m.published,
          status: !m.published ? 'NEW' : m.paused ? 'PAUSED' : 'AVAILABLE',
          poolSince: m.published ? T0 - (i + 1) * HOUR : null,
        }),
      ),
    ],
  })

/** Some AVAILABLE mentees run and are proposed some mentors (runs refused by the rules are skipped). */
const withRuns = (world: World, runs: readonly (readonly [number, readonly number[]])[]): World => {
  let w = world
  for (const [menteeId, mentorIds] of runs) {
    const mentee = w.users.get(userIdOf(menteeId))?.mentee
    if (mentee?.status !== 'AVAILABLE' && mentee?.status !== 'NEW') continue
    try {
      w = proposeTo(w, T0, menteeId, mentorIds).world
    } catch {
      // refused (e.g. a mentor without a place): the world stays
    }
  }
  return w
}

const worlds = fc
  .tuple(
    fc.array(mentorSpec, { minLength: MENTORS.length, maxLength: MENTORS.length }),
    fc.array(menteeSpec, { minLength: MENTEES.length, maxLength: MENTEES.length }),
    fc.array(fc.tuple(fc.constantFrom(...MENTEES), fc.uniqueArray(fc.constantFrom(...MENTORS), { maxLength: 3 })), { maxLength: 6 }),
  )
  .map(([mentors, mentees, runs]) => withRuns(build(mentors, mentees), runs))

const optOut = fc.subarray(MENTEES)

describe('who waits', () => {
  it('a mentee waits only when the last run found nobody, the waitlist is on, a run may start and nothing of theirs is live', () => {
    fc.assert(
      fc.property(worlds, optOut, (world, off) => {
        const list = waitlistOf(world, MENTEES, (id) => !off.includes(id))
        for (const { menteeId, waitingSince } of list) {
          const mentee = world.users.get(menteeId)!.mentee!
          expect(off).not.toContain(menteeId)
          expect(mentee.noMatch).toBe(true)
          expect(['NEW', 'AVAILABLE']).toContain(mentee.status)
          expect([...world.tandems.values()].some((t) => t.menteeId === menteeId && ['ACTIVE', 'MATCHED'].includes(t.state))).toBe(false)
          expect(waitingSince).toBe(mentee.lastStartedAt)
        }
        // nobody left out who meets every condition
        for (const id of MENTEES) {
          if (list.some((e) => e.menteeId === id)) continue
          expect(waitingSinceOf(world, id, !off.includes(id))).toBeNull()
        }
      }),
    )
  })

  it('longest waiting first, ties by id', () => {
    fc.assert(
      fc.property(worlds, (world) => {
        const list = waitlistOf(world, [...MENTEES].reverse(), () => true)
        for (let i = 1; i < list.length; i += 1) {
          const [a, b] = [list[i - 1]!, list[i]!]
          expect(a.waitingSince < b.waitingSince || (a.waitingSince === b.waitingSince && a.menteeId < b.menteeId)).toBe(true)
        }
      }),
    )
  })

  it('a paused mentee, one whose run is running, and one who turned the waitlist off do not wait', () => {
    const world = build(
      [{ capacity: 1, published: true, paused: false }],
      [
        { noMatch: true, status: 'PAUSED', startedAt: T0 },
        { noMatch: true, status: 'PENDING', startedAt: T0 },
        { noMatch: true, status: 'AVAILABLE', startedAt: T0 },
        { noMatch: false, status: 'AVAILABLE', startedAt: T0 },
      ],
    )
    expect(waitlistOf(world, [1, 2, 3, 4].map(userIdOf), (id) => id !== 3)).toEqual([])
    expect(waitlistOf(world, [1, 2, 3, 4].map(userIdOf), () => true)).toEqual([{ menteeId: 3, waitingSince: T0 }])
  })
})

describe('candidates', () => {
  it('only ranked mentors with a free place whom the mentee never declined', () => {
    fc.assert(
      fc.property(
        worlds,
        fc.constantFrom(...MENTEES),
        fc.uniqueArray(fc.constantFrom(...MENTORS, ...MENTEES)),
        (world, menteeId, ranked) => {
          const candidates = waitlistCandidates(world, menteeId, ranked)
          for (const id of candidates) {
            expect(ranked).toContain(id)
            expect(mayTakePlace(world, id)).toBe(true)
            expect(isDeclinedPair(world, menteeId, id)).toBe(false)
          }
          for (const id of ranked)
            if (!candidates.includes(id))
              expect(mayTakePlace(world, id) && !isDeclinedPair(world, menteeId, id) && id !== menteeId).toBe(false)
        },
      ),
    )
  })
})

describe('a place opens', () => {
  const commands = (world: World) =>
    fc.oneof(
      fc.constantFrom(...MENTORS).map((mentorId) => publishMentor(T0, { mentorId, profileComplete: true })),
      fc
        .tuple(fc.constantFrom(...MENTORS), fc.boolean())
        .map(([mentorId, enabled]) => setMentorMatching(T0, { mentorId, enabled, by: 'Mentor', profileComplete: true })),
      fc
        .tuple(fc.constantFrom(...MENTORS), fc.integer({ min: 1, max: 5 }))
        .map(([mentorId, capacity]) => setMentorCapacity(T0, { mentorId, capacity })),
      fc.constant(expireDeadlines(T0 + 100 * HOUR)),
      fc.constantFrom(tandemIdOf(999), ...[...world.tandems.keys()]).map((tandemId) => releaseTandem(T0, { tandemId })),
    )

  it('exactly when some mentor may take more new tandems than before; a mentee gains a candidate only among those mentors', () => {
    fc.assert(
      fc.property(
        worlds.chain((w) => fc.tuple(fc.constant(w), commands(w))),
        ([before, command]) => {
          const result = command(before)
          if (E.isLeft(result)) return
          const after = result.right.world
          const opened = placesOpened(before, after)
          const openedIds = mentorsWithOpenedPlaces(before, after)
          expect(opened).toBe(MENTORS.some((id) => freePlacesOf(after, id) > freePlacesOf(before, id)))
          expect([...openedIds].sort()).toEqual(MENTORS.filter((id) => freePlacesOf(after, id) > freePlacesOf(before, id)).sort())
          // The waitlist's round after this command need only look at these mentors (docs/matching.md#waitlist).
          for (const menteeId of MENTEES)
            for (const id of waitlistCandidates(after, menteeId, MENTORS))
              if (!waitlistCandidates(before, menteeId, MENTORS).includes(id)) expect(openedIds).toContain(id)
        },
      ),
    )
  })

  it('publishing, enabling matching, raising the capacity, an expiry and a release open a place; the same world opens none', () => {
    const paused = build([{ capacity: 1, published: true, paused: true }], [])
    expect(
      placesOpened(
        paused,
        right(setMentorMatching(T0, { mentorId: userIdOf(11), enabled: true, by: 'Mentor', profileComplete: true })(paused)).world,
      ),
    ).toBe(true)
    const unpublished = build([{ capacity: 1, published: false, paused: false }], [])
    expect(placesOpened(unpublished, right(publishMentor(T0, { mentorId: userIdOf(11), profileComplete: true })(unpublished)).world)).toBe(
      true,
    )
    const proposed = proposeTo(
      build([{ capacity: 1, published: true, paused: false }], [{ noMatch: false, status: 'AVAILABLE', startedAt: T0 }]),
      T0,
      1,
      [11],
    ).world
    expect(placesOpened(proposed, proposed)).toBe(false)
    expect(placesOpened(proposed, right(setMentorCapacity(T0, { mentorId: userIdOf(11), capacity: 2 })(proposed)).world)).toBe(true)
    expect(placesOpened(proposed, right(expireDeadlines(T0 + 49 * HOUR)(proposed)).world)).toBe(true)
    expect(placesOpened(proposed, right(releaseTandem(T0, { tandemId: tandemIdOf(1) })(proposed)).world)).toBe(true)
  })
})

describe("the waitlist mail's stop link", () => {
  it('works once, until it expires: a used link is refused as used, whatever the time; an unused one from its expiry on', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.option(fc.integer({ min: 0, max: 1e12 })),
        (expiresAt, offset, usedAt) => {
          const now = expiresAt + offset
          const refusal = stopLinkRefusal({ expiresAt, usedAt }, now)
          if (usedAt !== null) expect(refusal).toBe('WaitlistLinkUsed')
          else expect(refusal).toBe(now >= expiresAt ? 'WaitlistLinkExpired' : null)
        },
      ),
    )
  })

  it('holds 60 days', () => {
    expect(WAITLIST_STOP_LINK_VALID).toBe(60 * DAY)
    expect(stopLinkRefusal({ expiresAt: WAITLIST_STOP_LINK_VALID, usedAt: null }, WAITLIST_STOP_LINK_VALID - 1)).toBeNull()
  })
})
