// Every move the tables do not list is refused, and every listed move a command can trigger leads
// where the table says (docs/product.md#transitions: tests enumerate every move the table leaves out).
import * as E from 'fp-ts/lib/Either.js'
import { describe, expect, it } from 'vitest'
import {
  tandemIdOf,
  clusterIdOf,
  abortMatchingRun,
  acceptByMentee,
  acceptByMentor,
  beginMatchingRun,
  completeMatchingRun,
  createCohortTandem,
  createManualTandem,
  deactivateCluster,
  declineByMentee,
  declineByMentor,
  DEADLINE_PHASES,
  expireDeadlines,
  HOUR,
  MENTEE_STATUS_MOVES,
  MENTOR_STATUS_MOVES,
  publishMentor,
  releaseTandem,
  setMenteeStatusByAdmin,
  setMentorMatching,
  STATUSES,
  TANDEM_MOVES,
  TANDEM_PHASES,
  tandemPhase,
  type MenteeStatusEvent,
  type MentorStatusEvent,
  type StatusName,
  type TandemEvent,
  type TandemPhase,
  type TransitionResult,
  type World,
} from '../src/index.js'
import { ANNA, BEN, MAX, MIA, population, proposeTo, right, scoreOf, T0 } from './arbitraries/world.helpers.js'

/** A world whose tandem 1 (Anna with Max) is in the given phase, and the instant it got there. */
const worldInPhase = (phase: TandemPhase, variant = 0): { world: World; at: number } => {
  const proposed = proposeTo(population(), T0, ANNA, [MAX]).world
  const chosen = () => right(acceptByMentee(T0 + HOUR, { tandemId: tandemIdOf(1), menteeId: ANNA })(proposed)).world
  const at = T0 + 2 * HOUR
  switch (phase) {
    case 'AwaitingMentee':
      return { world: proposed, at }
    case 'AwaitingMentor':
      return { world: chosen(), at }
    case 'Matched':
      return { world: right(acceptByMentor(at, { tandemId: tandemIdOf(1), mentorId: MAX })(chosen())).world, at }
    case 'Declined':
      return variant === 0
        ? {
            world: right(declineByMentee(at, { tandemId: tandemIdOf(1), menteeId: ANNA, declineReasonId: 1, comment: null })(proposed))
              .world,
            at,
          }
        : {
            world: right(
              declineByMentor(at, { tandemId: tandemIdOf(1), mentorId: MAX, declineReasonId: 1, comment: null, infoText: null })(chosen()),
            ).world,
            at,
          }
    case 'Closed':
      return { world: right(releaseTandem(at, { tandemId: tandemIdOf(1) })(proposed)).world, at }
    case 'NoReaction':
      return { world: right(expireDeadlines(T0 + 1000 * HOUR)(proposed)).world, at: T0 + 1000 * HOUR }
  }
}

/** The command that asks for each participant or admin tandem event. */
const COMMANDS: Partial<Record<TandemEvent, (now: number) => (world: World) => TransitionResult>> = {
  MenteeAccepts: (now) => acceptByMentee(now, { tandemId: tandemIdOf(1), menteeId: ANNA }),
  MenteeDeclines: (now) => declineByMentee(now, { tandemId: tandemIdOf(1), menteeId: ANNA, declineReasonId: 1, comment: null }),
  MentorAccepts: (now) => acceptByMentor(now, { tandemId: tandemIdOf(1), mentorId: MAX }),
  MentorDeclines: (now) =>
    declineByMentor(now, { tandemId: tandemIdOf(1), mentorId: MAX, declineReasonId: 1, comment: null, infoText: null }),
  AdminReleases: (now) => releaseTandem(now, { tandemId: tandemIdOf(1) }),
}

const cases = TANDEM_PHASES.flatMap((phase) => (phase === 'Declined' ? [0, 1] : [0]).map((variant) => ({ phase, variant })))

describe('TANDEM_MOVES', () => {
  it('builds every phase it names (the fixtures above are what they claim)', () => {
    for (const { phase, variant } of cases) {
      const t = worldInPhase(phase, variant).world.tandems.get(tandemIdOf(1))
      expect(t && tandemPhase(t)).toBe(phase)
    }
  })

  for (const { phase, variant } of cases) {
    for (const [event, command] of Object.entries(COMMANDS) as [TandemEvent, NonNullable<(typeof COMMANDS)[TandemEvent]>][]) {
      const to = TANDEM_MOVES[phase][event]
      it(`${phase}${variant ? ' (mentor declined)' : ''} --${event}--> ${to ?? 'refused'}`, () => {
        const { world, at } = worldInPhase(phase, variant)
        const result = command(at)(world)
        if (to === undefined) {
          expect(E.isLeft(result)).toBe(true)
        } else {
          const t = E.isRight(result) ? result.right.world.tandems.get(tandemIdOf(1)) : undefined
          expect(t && tandemPhase(t)).toBe(to)
        }
      })
    }
  }

  it('applies a deadline only where the table allows it, and to the side it names', () => {
    for (const { phase, variant } of cases) {
      const { world } = worldInPhase(phase, variant)
      const step = right(expireDeadlines(T0 + 2000 * HOUR)(world))
      const sides = step.events.flatMap((e) => (e._tag === 'TandemExpired' && e.tandemId === 1 ? [e.side] : []))
      const allowed = [
        TANDEM_MOVES[phase].MenteeDeadlinePasses ? 'Mentee' : null,
        TANDEM_MOVES[phase].MentorDeadlinePasses ? 'Mentor' : null,
      ].filter((s) => s !== null)
      expect(sides).toEqual(allowed)
      if (allowed.length === 0) expect(step.world.tandems.get(tandemIdOf(1))).toBe(world.tandems.get(tandemIdOf(1)))
    }
  })

  it('never touches a terminal tandem when its program year is deactivated', () => {
    for (const { phase, variant } of cases) {
      const { world } = worldInPhase(phase, variant)
      const after = right(deactivateCluster(T0 + 3 * HOUR, { clusterId: clusterIdOf(2) })(world)).world
      const closed = TANDEM_MOVES[phase].ClusterDeactivated !== undefined
      if (closed) expect(after.tandems.get(tandemIdOf(1))?.state).toBe('CLOSED')
      else expect(after.tandems.get(tandemIdOf(1))).toBe(world.tandems.get(tandemIdOf(1)))
    }
  })
})

const withMenteeStatus = (status: StatusName): World => {
  const world = population()
  const ben = world.users.get(BEN)
  if (ben?.mentee == null) throw new Error('Ben is a mentee')
  return { ...world, users: new Map(world.users).set(BEN, { ...ben, mentee: { ...ben.mentee, status } }) }
}

const MENTEE_COMMANDS: Partial<Record<MenteeStatusEvent, (world: World) => TransitionResult>> = {
  StartRun: beginMatchingRun(T0, { menteeId: BEN, profileComplete: true }),
  RunProposed: completeMatchingRun(T0, { menteeId: BEN, proposals: [{ mentorId: MIA, score: scoreOf(50) }] }),
  RunFoundNone: completeMatchingRun(T0, { menteeId: BEN, proposals: [] }),
  FirstRunAborted: abortMatchingRun(T0, { menteeId: BEN }),
  ManualProposed: createManualTandem(T0, { menteeId: BEN, mentorId: MIA, clusterId: clusterIdOf(2) }),
  CohortProposed: createCohortTandem(T0, { menteeId: BEN, mentorId: MIA, clusterId: clusterIdOf(2), score: scoreOf(60) }),
  AdminSetNew: setMenteeStatusByAdmin(T0, { menteeId: BEN, status: 'NEW', clusterId: clusterIdOf(2) }),
  AdminSetAvailable: setMenteeStatusByAdmin(T0, { menteeId: BEN, status: 'AVAILABLE', clusterId: clusterIdOf(2) }),
  AdminSetInactive: setMenteeStatusByAdmin(T0, { menteeId: BEN, status: 'INACTIVE', clusterId: clusterIdOf(2) }),
}
const ADMIN_TARGET: Partial<Record<MenteeStatusEvent, StatusName>> = {
  AdminSetNew: 'NEW',
  AdminSetAvailable: 'AVAILABLE',
  AdminSetInactive: 'INACTIVE',
}

describe('MENTEE_STATUS_MOVES', () => {
  for (const from of STATUSES) {
    for (const [event, command] of Object.entries(MENTEE_COMMANDS) as [MenteeStatusEvent, (world: World) => TransitionResult][]) {
      // An admin keeping the status while changing the year is an edit, not a status move.
      if (ADMIN_TARGET[event] === from) continue
      const to = MENTEE_STATUS_MOVES[from][event]
      it(`${from} --${event}--> ${to ?? 'refused'}`, () => {
        const result = command(withMenteeStatus(from))
        if (to === undefined) expect(E.isLeft(result)).toBe(true)
        else expect(E.isRight(result) ? result.right.world.users.get(BEN)?.mentee?.status : result.left._tag).toBe(to)
      })
    }
  }
})

const withMentorStatus = (status: StatusName): World => {
  const world = population()
  const mia = world.users.get(MIA)
  if (mia?.mentor == null) throw new Error('Mia is a mentor')
  return { ...world, users: new Map(world.users).set(MIA, { ...mia, mentor: { ...mia.mentor, status, published: status !== 'NEW' } }) }
}

const MENTOR_COMMANDS: Partial<Record<MentorStatusEvent, (world: World) => TransitionResult>> = {
  Publish: publishMentor(T0, { mentorId: MIA, profileComplete: true }),
  DisableMatching: setMentorMatching(T0, { mentorId: MIA, enabled: false, by: 'Mentor', profileComplete: true }),
  EnableMatching: setMentorMatching(T0, { mentorId: MIA, enabled: true, by: 'Admin', profileComplete: true }),
  Proposed: createManualTandem(T0, { menteeId: BEN, mentorId: MIA, clusterId: clusterIdOf(2) }),
}

describe('MENTOR_STATUS_MOVES', () => {
  for (const from of STATUSES) {
    for (const [event, command] of Object.entries(MENTOR_COMMANDS) as [MentorStatusEvent, (world: World) => TransitionResult][]) {
      const to = MENTOR_STATUS_MOVES[from][event]
      it(`${from} --${event}--> ${to ?? 'refused or unchanged'}`, () => {
        const result = command(withMentorStatus(from))
        const status = E.isRight(result) ? result.right.world.users.get(MIA)?.mentor?.status : undefined
        // Publishing an already published mentor is allowed but moves no status.
        if (to === undefined) expect(status === undefined || (event === 'Publish' && status === from)).toBe(true)
        else expect(status).toBe(to)
      })
    }
  }
})

describe('the phases a passed deadline ends', () => {
  it('are read from the move table: the mentee’s answer while AwaitingMentee, the mentor’s while AwaitingMentor', () => {
    expect(DEADLINE_PHASES.map(({ phase, side, shapes }) => ({ phase, side, shapes }))).toEqual([
      { phase: 'AwaitingMentee', side: 'Mentee', shapes: [{ state: 'ACTIVE', mentee: 'PROPOSED', mentor: 'PROPOSED' }] },
      { phase: 'AwaitingMentor', side: 'Mentor', shapes: [{ state: 'ACTIVE', mentee: 'ACCEPTED', mentor: 'PROPOSED' }] },
    ])
  })
})
