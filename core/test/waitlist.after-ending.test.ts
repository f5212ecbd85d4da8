// The waitlist after a team's end (docs/matching.md#waitlist): a mentee whose most recent team was
// ended (not released) for another reason than "goals reached", with no run of their own since,
// waits since the end; the waitlist never proposes them that team's mentor, while their own run may.
import fc from 'fast-check'
import * as E from 'fp-ts/lib/Either.js'
import { describe, expect, it } from 'vitest'
import {
  endTandem,
  expireDeadlines,
  HOUR,
  isDeclinedPair,
  mayTakePlace,
  mentorsWithOpenedPlaces,
  waitlistRoundReasons,
  releaseTandem,
  waitingSinceOf,
  tandemIdOf,
  waitlistCandidates,
  type EndReasonId,
  type Tandem,
  type World,
} from '../src/index.js'
import { ANNA, matchTandem, MAX, MIA, MOE, population, proposeTo, T0 } from './arbitraries/world.helpers.js'

const MENTORS = [MAX, MIA, MOE]
const REASONS: readonly EndReasonId[] = ['goals-reached', 'no-time', 'no-contact', 'not-a-good-fit', 'circumstances-changed', 'other']

type Step =
  | { readonly kind: 'run'; readonly mentorIds: readonly number[] }
  | { readonly kind: 'match'; readonly pick: number }
  | {
      readonly kind: 'end'
      readonly pick: number
      readonly by: 'Mentee' | 'Mentor' | 'Admin'
      readonly reasonId: EndReasonId
      readonly doNotPairAgain: boolean
    }
  | { readonly kind: 'release'; readonly pick: number }
  | { readonly kind: 'expire' }

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.uniqueArray(fc.constantFrom(...MENTORS), { maxLength: 2 }).map((mentorIds) => ({ kind: 'run' as const, mentorIds })),
  fc.nat().map((pick) => ({ kind: 'match' as const, pick })),
  fc.nat().map((pick) => ({ kind: 'match' as const, pick })),
  fc
    .record({
      pick: fc.nat(),
      by: fc.constantFrom('Mentee' as const, 'Mentor' as const, 'Admin' as const),
      reasonId: fc.constantFrom(...REASONS),
      doNotPairAgain: fc.boolean(),
    })
    .map((e) => ({ kind: 'end' as const, ...e })),
  fc.nat().map((pick) => ({ kind: 'release' as const, pick })),
  fc.constant({ kind: 'expire' as const }),
)

const annasTandems = (world: World): Tandem[] => [...world.tandems.values()].filter((t) => t.menteeId === ANNA)

/** Applies one step to Anna's history at `now`; a step the rules refuse leaves the world as it was. */
const apply = (world: World, now: number, s: Step): World => {
  try {
    if (s.kind === 'run') return proposeTo(world, now, ANNA, s.mentorIds).world
    if (s.kind === 'expire') {
      const expired = expireDeadlines(now)(world)
      return E.isRight(expired) ? expired.right.world : world
    }
    // Any of the run's proposals, not only the newest: the mentee accepts whichever they like.
    const live = annasTandems(world).filter((t) => t.state === 'ACTIVE' || t.state === 'MATCHED')
    const tandem = live[s.pick % Math.max(1, live.length)]
    if (tandem === undefined) return world
    if (s.kind === 'match') return tandem.state === 'ACTIVE' ? matchTandem(world, now, tandem.id, ANNA, tandem.mentorId) : world
    if (s.kind === 'release') {
      const released = releaseTandem(now, { tandemId: tandem.id })(world)
      return E.isRight(released) ? released.right.world : world
    }
    const by = s.by === 'Admin' ? ('Admin' as const) : { userId: s.by === 'Mentee' ? ANNA : tandem.mentorId }
    const ended = endTandem(now, {
      tandemId: tandem.id,
      by,
      pauseMentor: false,
      request: { reasonId: s.reasonId, otherText: s.reasonId === 'other' ? 'why' : null, doNotPairAgain: s.doNotPairAgain },
    })(world)
    return E.isRight(ended) ? ended.right.world : world
  } catch {
    return world
  }
}

/** Anna's history: the steps applied 3 hours apart. */
const histories = fc
  .array(step, { maxLength: 10 })
  .map((steps) => steps.reduce((world, s, i) => apply(world, T0 + (i + 1) * 3 * HOUR, s), population()))

/** The tandem as a release would have left it: no ending. */
const withoutEnding = (t: Tandem): Tandem => {
  const { ending: _ending, ...rest } = t
  return rest
}

/** The team whose end last happened to Anna, unless a tandem was made for her after that end. */
const lastEndedTeam = (world: World): Tandem | undefined => {
  const tandems = annasTandems(world)
  const ended = tandems.filter((t) => t.ending !== undefined).sort((a, b) => a.ending!.at - b.ending!.at || a.id - b.id)
  const last = ended.at(-1)
  return last === undefined || tandems.some((t) => t.createdAt > last.ending!.at) ? undefined : last
}

describe('a mentee whose team ended waits', () => {
  it('since the end of the team that ended last (whichever proposal of the run it was), when it was ended (not released) for another reason than goals reached and no run of theirs started since', () => {
    fc.assert(
      fc.property(histories, fc.boolean(), (world, on) => {
        const mentee = world.users.get(ANNA)!.mentee!
        const since = waitingSinceOf(world, ANNA, on)
        const last = lastEndedTeam(world)
        const ending = last?.ending
        const endedSinceLastRun =
          ending !== undefined &&
          ending.reasonId !== 'goals-reached' &&
          (mentee.lastStartedAt === null || ending.at >= mentee.lastStartedAt)
        const mayWait =
          on &&
          ['NEW', 'AVAILABLE'].includes(mentee.status) &&
          !annasTandems(world).some((t) => t.state === 'ACTIVE' || t.state === 'MATCHED')
        if (!mayWait) expect(since).toBeNull()
        else if (endedSinceLastRun) expect(since).toBe(ending.at)
        // otherwise the rule for a run that found nobody, and only it
        else expect(since).toBe(mentee.noMatch ? mentee.lastStartedAt : null)
        // Without the endings (as if every team had been released) only a run that found nobody counts.
        const released: World = { ...world, tandems: new Map([...world.tandems].map(([id, t]) => [id, withoutEnding(t)])) }
        const sinceWithoutEndings = waitingSinceOf(released, ANNA, on)
        expect(sinceWithoutEndings === null || (mentee.noMatch && sinceWithoutEndings === mentee.lastStartedAt)).toBe(true)
      }),
    )
  })

  it('a run of their own that proposes ends the wait; one that finds nobody keeps their place in the line', () => {
    fc.assert(
      fc.property(histories, fc.uniqueArray(fc.constantFrom(...MENTORS), { maxLength: 2 }), (world, mentorIds) => {
        const at = T0 + 1000 * HOUR
        const after = apply(world, at, { kind: 'run', mentorIds })
        if (after === world) return
        const mentee = after.users.get(ANNA)!.mentee!
        expect(waitingSinceOf(after, ANNA, true)).toBe(mentee.noMatch ? (waitingSinceOf(world, ANNA, true) ?? at) : null)
      }),
    )
  })
})

describe('a mentee whose run proposed several mentors', () => {
  it("waits since the end of the team they chose, also when it was not the run's newest proposal", () => {
    const proposed = proposeTo(population(), T0, ANNA, [MAX, MIA, MOE]).world
    const [first] = annasTandems(proposed).sort((a, b) => a.id - b.id)
    const matched = matchTandem(proposed, T0, first!.id, ANNA, first!.mentorId)
    const end = T0 + 48 * HOUR
    const ended = endTandem(end, {
      tandemId: first!.id,
      by: { userId: ANNA },
      pauseMentor: false,
      request: { reasonId: 'not-a-good-fit', otherText: null, doNotPairAgain: false },
    })(matched)
    if (E.isLeft(ended)) throw new Error('expected the end')
    expect(annasTandems(ended.right.world).some((t) => t.id > first!.id)).toBe(true)
    expect(waitingSinceOf(ended.right.world, ANNA, true)).toBe(end)
  })
})

describe('an ending is a reason for a waitlist round', () => {
  it("names the ended team's mentor even when the ending opened no place (the mentor paused with it)", () => {
    const matched = matchTandem(proposeTo(population(), T0, ANNA, [MAX]).world, T0, 1, ANNA, MAX)
    const ended = endTandem(T0 + 10 * HOUR, {
      tandemId: tandemIdOf(1),
      by: { userId: MAX },
      pauseMentor: true,
      request: { reasonId: 'no-time', otherText: null, doNotPairAgain: false },
    })(matched)
    if (E.isLeft(ended)) throw new Error('expected the end')
    expect(mentorsWithOpenedPlaces(matched, ended.right.world)).toEqual([])
    expect(waitlistRoundReasons(matched, ended.right.world)).toEqual([MAX])
    // A command that ends nothing and opens nothing gives no reason.
    expect(waitlistRoundReasons(ended.right.world, ended.right.world)).toEqual([])
  })
})

describe('the waitlist never proposes the ex-mentor', () => {
  it("while the mentee waits since the end, that team's mentor is no candidate; otherwise the candidates are as before", () => {
    fc.assert(
      fc.property(histories, (world) => {
        const mentee = world.users.get(ANNA)!.mentee!
        const last = lastEndedTeam(world)
        const ending = last?.ending
        const waitsSinceEnd = ending !== undefined && waitingSinceOf(world, ANNA, true) === ending.at && ending.at !== mentee.lastStartedAt
        const candidates = waitlistCandidates(world, ANNA, MENTORS)
        for (const id of MENTORS) {
          const asBefore = mayTakePlace(world, id) && !isDeclinedPair(world, ANNA, id)
          if (waitsSinceEnd && id === last!.mentorId) expect(candidates).not.toContain(id)
          else expect(candidates.includes(id)).toBe(asBefore)
        }
      }),
    )
  })

  it('the ended team\'s mentor, free again, is left out; a declined pair only when "do not pair us again" was chosen', () => {
    const matched = matchTandem(proposeTo(population(), T0, ANNA, [MAX]).world, T0, 1, ANNA, MAX)
    for (const doNotPairAgain of [false, true]) {
      const ended = endTandem(T0 + 10 * HOUR, {
        tandemId: tandemIdOf(1),
        by: { userId: MAX },
        pauseMentor: false,
        request: { reasonId: 'no-time', otherText: null, doNotPairAgain },
      })(matched)
      if (E.isLeft(ended)) throw new Error('expected the end')
      const world = ended.right.world
      expect(waitingSinceOf(world, ANNA, true)).toBe(T0 + 10 * HOUR)
      expect(mayTakePlace(world, MAX)).toBe(true)
      expect(waitlistCandidates(world, ANNA, [MAX])).toEqual([])
      expect(isDeclinedPair(world, ANNA, MAX)).toBe(doNotPairAgain)
    }
  })
})
