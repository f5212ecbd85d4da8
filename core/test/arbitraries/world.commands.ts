// fast-check commands for the model-based test of the matching core: one command per event, each
// with its precondition (`check`) and a readable `toString()`. The real system is the World plus a
// controlled clock; the model keeps what the real world must never forget (declined pairs).
import * as E from 'fp-ts/lib/Either.js'
import fc from 'fast-check'
import { expect } from 'vitest'
import {
  abortMatchingRun,
  acceptByMentee,
  acceptByMentor,
  beginMatchingRun,
  checkInvariants,
  checkTerminalTandemsKept,
  completeMatchingRun,
  createManualTandem,
  deactivateCluster,
  declineByMentee,
  declineByMentor,
  expireDeadlines,
  HOUR,
  isLiveTandem,
  publishMentor,
  releaseTandem,
  setMenteeStatusByAdmin,
  setMentorMatching,
  STATUSES,
  tandemPhase,
  type Tandem,
  type TransitionResult,
  type World,
} from '../../src/index.js'
import { scoreOf } from './world.helpers.js'

export type Model = {
  readonly declined: Set<string>
  endedClusters: number
  /** TandemMatched events seen: how far runs get. */ matched: number
}
export type Real = { world: World; now: number }
type Cmd = fc.Command<Model, Real>

export const MENTEE_IDS = [1, 2, 3, 4, 5] as const
export const MENTOR_IDS = [5, 6, 7, 8, 9] as const
export const CLUSTER_IDS = [1, 2, 3] as const
const USER_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const

const pairKey = (menteeId: number, mentorId: number): string => `${menteeId}:${mentorId}`
const at = <T>(list: readonly T[], index: number): T | undefined => list[index % Math.max(1, list.length)]
const sortedTandems = (world: World, liveOnly: boolean): readonly Tandem[] =>
  [...world.tandems.values()].filter((t) => !liveOnly || isLiveTandem(t)).sort((a, b) => a.id - b.id)

/** Applies a result: on Right, checks every invariant and the identity/version rule, then commits. */
const commit = (m: Model, r: Real, result: TransitionResult): void => {
  if (E.isLeft(result)) return
  const before = r.world
  const after = result.right.world
  expect(checkInvariants(after)).toEqual([])
  expect(checkTerminalTandemsKept(before, after)).toEqual([])
  for (const [id, user] of after.users) {
    const old = before.users.get(id)
    if (old === user) continue
    // A new object only for a real change (adapters write every object that is not the old one).
    expect(JSON.stringify([user.mentee, user.mentor])).not.toBe(JSON.stringify([old?.mentee, old?.mentor]))
    expect(user.version).toBe((old?.version ?? 0) + 1)
  }
  for (const [id, tandem] of after.tandems) {
    const old = before.tandems.get(id)
    if (old === undefined) expect(id >= before.nextTandemId && tandem.version === 1).toBe(true)
    else if (old !== tandem) {
      expect(JSON.stringify({ ...tandem, version: 0 })).not.toBe(JSON.stringify({ ...old, version: 0 }))
      expect(tandem.version).toBe(old.version + 1)
    }
  }
  for (const event of result.right.events) {
    if (event._tag === 'TandemProposed') expect(m.declined.has(pairKey(event.menteeId, event.mentorId))).toBe(false)
    if (event._tag === 'TandemDeclined') m.declined.add(pairKey(event.menteeId, event.mentorId))
    if (event._tag === 'ClusterDeactivated') m.endedClusters += 1
    if (event._tag === 'TandemMatched') m.matched += 1
  }
  r.world = after
}

class AdvanceClock implements Cmd {
  constructor(readonly ms: number) {}
  check = () => true
  run(_m: Model, r: Real): void {
    r.now += this.ms
  }
  toString = () => `advance(${(this.ms / HOUR).toFixed(2)} h)`
}

class SweepDeadlines implements Cmd {
  check = () => true
  run(m: Model, r: Real): void {
    const first = expireDeadlines(r.now)(r.world)
    commit(m, r, first)
    // Every passed deadline has been applied: nothing still waits on an expired answer.
    const overdue = [...r.world.tandems.values()].filter((t) => {
      const phase = tandemPhase(t)
      const deadline =
        phase === 'AwaitingMentee' ? t.menteeProposal.deadline : phase === 'AwaitingMentor' ? t.mentorProposal.deadline : null
      return deadline !== null && r.now >= deadline
    })
    expect(overdue.map((t) => t.id)).toEqual([])
    const second = expireDeadlines(r.now)(r.world)
    // Idempotent: the second sweep at the same instant finds nothing.
    expect(E.isRight(second) && second.right.world === r.world && second.right.events.length === 0).toBe(true)
  }
  toString = () => 'sweep'
}

class BeginRun implements Cmd {
  constructor(
    readonly menteeId: number,
    readonly complete: boolean,
  ) {}
  check = () => true
  run(m: Model, r: Real): void {
    const result = beginMatchingRun(r.now, { menteeId: this.menteeId, profileComplete: this.complete })(r.world)
    if (!this.complete) expect(E.isLeft(result)).toBe(true)
    commit(m, r, result)
  }
  toString = () => `begin(${this.menteeId}, complete=${this.complete})`
}

/** Completes the run of `menteeId`, or with `menteeId` null of a PENDING mentee picked at run time. */
class CompleteRun implements Cmd {
  constructor(
    readonly menteeId: number | null,
    readonly mentorIds: readonly number[],
    readonly pick = 0,
  ) {}
  check = () => true
  run(m: Model, r: Real): void {
    const pending = [...r.world.users.values()].filter((u) => u.mentee?.status === 'PENDING').map((u) => u.id)
    const menteeId = this.menteeId ?? at(pending, this.pick)
    if (menteeId === undefined) return
    commit(
      m,
      r,
      completeMatchingRun(r.now, { menteeId, proposals: this.mentorIds.map((mentorId) => ({ mentorId, score: scoreOf(70) })) })(r.world),
    )
  }
  toString = () => `complete(${this.menteeId ?? `pending #${this.pick}`}, [${this.mentorIds.join(',')}])`
}

class AbortRun implements Cmd {
  constructor(readonly menteeId: number) {}
  check = () => true
  run(m: Model, r: Real): void {
    commit(m, r, abortMatchingRun(r.now, { menteeId: this.menteeId })(r.world))
  }
  toString = () => `abort(${this.menteeId})`
}

type Among = 'any' | 'live' | 'awaiting'

/** A participant's answer to a tandem picked among all, the live ones or those awaiting this side, by its owner or a stranger. */
class Answer implements Cmd {
  constructor(
    readonly side: 'Mentee' | 'Mentor',
    readonly accept: boolean,
    readonly pick: number,
    readonly among: Among,
    readonly stranger: number | null,
  ) {}
  check = () => true
  run(m: Model, r: Real): void {
    const awaitingPhase = this.side === 'Mentee' ? 'AwaitingMentee' : 'AwaitingMentor'
    const candidates = sortedTandems(r.world, this.among !== 'any').filter(
      (t) => this.among !== 'awaiting' || tandemPhase(t) === awaitingPhase,
    )
    const tandem = at(candidates, this.pick)
    if (tandem === undefined) return
    const owner = this.side === 'Mentee' ? tandem.menteeId : tandem.mentorId
    const actor = this.stranger ?? owner
    const base = { tandemId: tandem.id, declineReasonId: 1, comment: null }
    const result =
      this.side === 'Mentee'
        ? (this.accept
            ? acceptByMentee(r.now, { tandemId: tandem.id, menteeId: actor })
            : declineByMentee(r.now, { ...base, menteeId: actor }))(r.world)
        : (this.accept
            ? acceptByMentor(r.now, { tandemId: tandem.id, mentorId: actor })
            : declineByMentor(r.now, { ...base, mentorId: actor, infoText: null }))(r.world)
    const phase = tandemPhase(tandem)
    const awaiting = awaitingPhase
    const deadline = this.side === 'Mentee' ? tandem.menteeProposal.deadline : tandem.mentorProposal.deadline
    if (actor !== owner) expect(E.isLeft(result) && result.left._tag === 'NotFound').toBe(true)
    // Never an answer after the deadline, whatever the sweep did.
    else if (phase === awaiting && deadline !== null && r.now >= deadline)
      expect(E.isLeft(result) && result.left._tag).toBe('ProposalExpired')
    else if (phase === awaiting) expect(E.isRight(result)).toBe(true)
    else expect(E.isLeft(result)).toBe(true)
    commit(m, r, result)
  }
  toString = () =>
    `${this.side.toLowerCase()}-${this.accept ? 'accept' : 'decline'}(#${this.pick} ${this.among}${this.stranger === null ? '' : ` by ${this.stranger}`})`
}

class Release implements Cmd {
  constructor(
    readonly pick: number,
    readonly stale: boolean,
  ) {}
  check = () => true
  run(m: Model, r: Real): void {
    const tandem = at(sortedTandems(r.world, false), this.pick)
    if (tandem === undefined) return
    const result = releaseTandem(r.now, { tandemId: tandem.id, expectedVersion: tandem.version + (this.stale ? 1 : 0) })(r.world)
    if (this.stale) expect(E.isLeft(result)).toBe(true)
    else expect(E.isRight(result)).toBe(isLiveTandem(tandem))
    commit(m, r, result)
  }
  toString = () => `release(#${this.pick}${this.stale ? ', stale' : ''})`
}

class ManualTandem implements Cmd {
  constructor(
    readonly menteeId: number,
    readonly mentorId: number,
    readonly clusterId: number,
  ) {}
  check = () => true
  run(m: Model, r: Real): void {
    const result = createManualTandem(r.now, { menteeId: this.menteeId, mentorId: this.mentorId, clusterId: this.clusterId })(r.world)
    if (this.menteeId === this.mentorId) expect(E.isLeft(result) && result.left._tag).toBe('SameUser')
    commit(m, r, result)
  }
  toString = () => `manual(${this.menteeId} with ${this.mentorId} in ${this.clusterId})`
}

class Deactivate implements Cmd {
  constructor(readonly clusterId: number) {}
  /** At most one year ends per run, so the population keeps mentees who can still act. */
  check = (m: Readonly<Model>) => m.endedClusters === 0
  run(m: Model, r: Real): void {
    commit(m, r, deactivateCluster(r.now, { clusterId: this.clusterId })(r.world))
  }
  toString = () => `deactivate(${this.clusterId})`
}

class MentorMatching implements Cmd {
  constructor(
    readonly mentorId: number,
    readonly enabled: boolean,
    readonly complete: boolean,
  ) {}
  check = () => true
  run(m: Model, r: Real): void {
    commit(
      m,
      r,
      setMentorMatching(r.now, { mentorId: this.mentorId, enabled: this.enabled, by: 'Mentor', profileComplete: this.complete })(r.world),
    )
  }
  toString = () => `matching(${this.mentorId}, ${this.enabled ? 'on' : 'off'}${this.complete ? '' : ', incomplete'})`
}

class Publish implements Cmd {
  constructor(readonly mentorId: number) {}
  check = () => true
  run(m: Model, r: Real): void {
    commit(m, r, publishMentor(r.now, { mentorId: this.mentorId, profileComplete: true })(r.world))
  }
  toString = () => `publish(${this.mentorId})`
}

class AdminMentee implements Cmd {
  constructor(
    readonly menteeId: number,
    readonly status: (typeof STATUSES)[number],
    readonly clusterId: number,
  ) {}
  check = () => true
  run(m: Model, r: Real): void {
    commit(m, r, setMenteeStatusByAdmin(r.now, { menteeId: this.menteeId, status: this.status, clusterId: this.clusterId })(r.world))
  }
  toString = () => `admin-mentee(${this.menteeId} -> ${this.status} in ${this.clusterId})`
}

const mentee = fc.constantFrom(...MENTEE_IDS)
const mentor = fc.constantFrom(...MENTOR_IDS)
const cluster = fc.constantFrom(...CLUSTER_IDS)
const pick = fc.nat(20)

/** Every command; the ones that move tandems forward appear four times, so runs reach MATCHED often. */
const answerSide = fc.constantFrom<'Mentee' | 'Mentor'>('Mentee', 'Mentor')
const progress = [
  fc.integer({ min: 0, max: 6 * HOUR }).map((ms) => new AdvanceClock(ms)),
  fc.tuple(mentee, fc.constant(true)).map(([id, c]) => new BeginRun(id, c)),
  fc.tuple(pick, fc.uniqueArray(mentor, { minLength: 1, maxLength: 3 })).map(([p, ms]) => new CompleteRun(null, ms, p)),
  fc.tuple(answerSide, pick).map(([side, p]) => new Answer(side, true, p, 'awaiting', null)),
]
export const worldCommands = [
  ...progress,
  ...progress,
  ...progress,
  ...progress,
  fc.integer({ min: 0, max: 80 * HOUR }).map((ms) => new AdvanceClock(ms)),
  fc.constant(new SweepDeadlines()),
  fc.tuple(mentee, fc.boolean()).map(([id, complete]) => new BeginRun(id, complete)),
  fc.tuple(mentee, fc.array(fc.constantFrom(...USER_IDS), { maxLength: 4 })).map(([id, ms]) => new CompleteRun(id, ms)),
  mentee.map((id) => new AbortRun(id)),
  fc
    .tuple(
      answerSide,
      fc.boolean(),
      pick,
      fc.constantFrom<Among>('any', 'live', 'awaiting'),
      fc.option(fc.constantFrom(...USER_IDS), { freq: 6 }),
    )
    .map(([side, accept, p, among, stranger]) => new Answer(side, accept, p, among, stranger)),
  fc.tuple(pick, fc.boolean(), fc.boolean()).map(([p, a, b]) => new Release(p, a && b)),
  fc.tuple(mentee, fc.constantFrom(...USER_IDS), cluster).map(([a, b, c]) => new ManualTandem(a, b, c)),
  // Year 2 stays, so mentees 1 and 2 keep acting; year 1 is the default and must be refused.
  fc.constantFrom(1, 3).map((c) => new Deactivate(c)),
  fc.tuple(mentor, fc.boolean(), fc.boolean()).map(([id, on, a]) => new MentorMatching(id, on, a || on)),
  mentor.map((id) => new Publish(id)),
  fc.tuple(mentee, fc.constantFrom(...STATUSES), cluster).map(([id, s, c]) => new AdminMentee(id, s, c)),
]
