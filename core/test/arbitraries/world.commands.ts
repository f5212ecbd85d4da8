// fast-check commands for the model-based test of the matching core: one command per event, each
// with its precondition (`check`), the outcome the model predicts (accepted, or refused with which
// error) and a readable `toString()`. The real system is the World plus a controlled clock; the
// model keeps its view of the last committed world and what must never be forgotten (declined
// pairs, mentees who ever had a tandem), and tallies the outcomes so a test can prove every command
// was both accepted and refused.
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
  clusterIdOf,
  completeMatchingRun,
  createManualTandem,
  deactivateCluster,
  declineByMentee,
  declineByMentor,
  endTandem,
  expireDeadlines,
  HOUR,
  isLiveTandem,
  publishMentor,
  releaseTandem,
  setMenteeStatusByAdmin,
  setMentorMatching,
  STATUSES,
  tandemPhase,
  userIdOf,
  type ClusterId,
  type DomainErrorTag,
  type StatusName,
  type Tandem,
  type TransitionResult,
  type UserId,
  type World,
} from '../../src/index.js'
import { scoreOf } from './world.helpers.js'

/** Accepted or refused, per command kind, summed over every run of a property. */
export type Outcomes = Map<string, { accepted: number; refused: number }>
export type Model = {
  /** The world as the model last saw it committed: the predictions and preconditions read it. */ world: World
  readonly declined: Set<string>
  /** Mentees ever proposed a tandem or told no mentor was found: an aborted run sends them back to AVAILABLE, the others to NEW. */
  readonly everProposed: Set<number>
  endedClusters: number
  /** TandemMatched events seen: how far runs get. */ matched: number
  readonly outcomes: Outcomes
}
/** What the model predicts of a command: accepted, or refused with this error. */
type Outcome = 'accepted' | DomainErrorTag
export type Real = { world: World; now: number }
type Cmd = fc.Command<Model, Real>

export const MENTEE_IDS = [1, 2, 3, 4, 5].map(userIdOf)
export const MENTOR_IDS = [5, 6, 7, 8, 9].map(userIdOf)
export const CLUSTER_IDS = [1, 2, 3].map(clusterIdOf)
const USER_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9].map(userIdOf)

const pairKey = (menteeId: number, mentorId: number): string => `${menteeId}:${mentorId}`
const at = <T>(list: readonly T[], index: number): T | undefined => list[index % Math.max(1, list.length)]
const sortedTandems = (world: World, liveOnly: boolean): readonly Tandem[] =>
  [...world.tandems.values()].filter((t) => !liveOnly || isLiveTandem(t)).sort((a, b) => a.id - b.id)

const menteeOf = (m: Model, id: UserId) => m.world.users.get(id)?.mentee ?? null
const mentorOf = (m: Model, id: UserId) => m.world.users.get(id)?.mentor ?? null
const hasLiveTandem = (m: Model, id: UserId, side: 'Mentee' | 'Mentor'): boolean =>
  [...m.world.tandems.values()].some((t) => isLiveTandem(t) && (side === 'Mentee' ? t.menteeId : t.mentorId) === id)
const isEnded = (m: Model, clusterId: ClusterId): boolean => m.world.clusters.get(clusterId)?.isEnded === true
/** The statuses an admin may give a mentee, by current status (docs/product.md#mentee-edit); none once a tandem is held. */
const ADMIN_CHOICES: Partial<Record<StatusName, readonly StatusName[]>> = {
  NEW: ['NEW', 'AVAILABLE', 'INACTIVE'],
  PENDING: ['PENDING', 'NEW', 'AVAILABLE', 'INACTIVE'],
  AVAILABLE: ['AVAILABLE', 'NEW', 'INACTIVE'],
}

/** Checks the real outcome against the model's prediction and tallies it under the command's kind. */
const expectOutcome = (m: Model, kind: string, result: TransitionResult, predicted: Outcome): void => {
  expect(E.isLeft(result) ? result.left._tag : 'accepted').toBe(predicted)
  const tally = m.outcomes.get(kind) ?? { accepted: 0, refused: 0 }
  if (E.isRight(result)) tally.accepted += 1
  else tally.refused += 1
  m.outcomes.set(kind, tally)
}

/** Applies a result: on Right, checks every invariant and the identity/version rule, then commits. */
const commit = (m: Model, r: Real, result: TransitionResult): void => {
  // A refusal leaves the world as it was; each command checked beforehand that one was predicted.
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
    if (event._tag === 'TandemProposed') {
      expect(m.declined.has(pairKey(event.menteeId, event.mentorId))).toBe(false)
      m.everProposed.add(event.menteeId)
    }
    if (event._tag === 'NoMatchFound') m.everProposed.add(event.menteeId)
    if (event._tag === 'TandemDeclined') m.declined.add(pairKey(event.menteeId, event.mentorId))
    if (event._tag === 'TandemEnded' && event.doNotPairAgain) m.declined.add(pairKey(event.menteeId, event.mentorId))
    if (event._tag === 'ClusterDeactivated') m.endedClusters += 1
    if (event._tag === 'TandemMatched') m.matched += 1
  }
  r.world = after
  m.world = after
}

class AdvanceClock implements Cmd {
  constructor(readonly ms: number) {}
  /** Time always passes. */
  check = () => true
  run(_m: Model, r: Real): void {
    r.now += this.ms
  }
  toString = () => `advance(${(this.ms / HOUR).toFixed(2)} h)`
}

class SweepDeadlines implements Cmd {
  /** The scheduler sweeps whatever the state. */
  check = () => true
  run(m: Model, r: Real): void {
    const first = expireDeadlines(r.now)(r.world)
    expectOutcome(m, 'sweep', first, 'accepted')
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
    readonly menteeId: UserId,
    readonly complete: boolean,
  ) {}
  /** A run is started for a mentee. */
  check = (m: Readonly<Model>) => menteeOf(m, this.menteeId) !== null
  /** A run starts for a NEW or AVAILABLE mentee without a live tandem, with a complete profile in a running year. */
  predict(m: Model): Outcome {
    const mentee = menteeOf(m, this.menteeId)
    if (mentee === null) return 'NotAvailableForMatching'
    if (mentee.status === 'PENDING') return 'MatchingAlreadyRunning'
    if (!['NEW', 'AVAILABLE'].includes(mentee.status) || hasLiveTandem(m, this.menteeId, 'Mentee')) return 'NotAvailableForMatching'
    if (!this.complete || mentee.clusterId === null) return 'ProfileIncomplete'
    return isEnded(m, mentee.clusterId) ? 'ClusterEnded' : 'accepted'
  }
  run(m: Model, r: Real): void {
    const result = beginMatchingRun(r.now, { menteeId: this.menteeId, profileComplete: this.complete })(r.world)
    expectOutcome(m, 'begin', result, this.predict(m))
    commit(m, r, result)
    if (E.isRight(result)) expect(menteeOf(m, this.menteeId)?.status).toBe('PENDING')
  }
  toString = () => `begin(${this.menteeId}, complete=${this.complete})`
}

/** Completes the run of `menteeId`, or with `menteeId` null of a PENDING mentee picked at run time. */
class CompleteRun implements Cmd {
  constructor(
    readonly menteeId: UserId | null,
    readonly mentorIds: readonly UserId[],
    readonly pick = 0,
  ) {}
  private menteeIn(m: Model): UserId | undefined {
    const pending = [...m.world.users.values()].filter((u) => u.mentee?.status === 'PENDING').map((u) => u.id)
    return this.menteeId ?? at(pending, this.pick)
  }
  /** "A PENDING mentee's run", picked at run time, needs a PENDING mentee. */
  check = (m: Readonly<Model>) => this.menteeIn(m) !== undefined
  /** The mentors a run proposes: each qualifying one once, never the mentee, a taken or declined one. */
  private proposable(m: Model, menteeId: UserId): readonly UserId[] {
    const taken = new Set<UserId>()
    for (const mentorId of this.mentorIds) {
      const mentor = mentorOf(m, mentorId)
      const qualifies =
        mentorId !== menteeId &&
        mentor !== null &&
        mentor.status === 'AVAILABLE' &&
        mentor.published &&
        !m.declined.has(pairKey(menteeId, mentorId)) &&
        !hasLiveTandem(m, mentorId, 'Mentor') &&
        !taken.has(mentorId)
      if (qualifies) taken.add(mentorId)
    }
    return [...taken]
  }
  run(m: Model, r: Real): void {
    const menteeId = this.menteeIn(m)
    if (menteeId === undefined) throw new Error('check lets no run complete without a mentee')
    const pending = menteeOf(m, menteeId)?.status === 'PENDING'
    const expected = pending ? this.proposable(m, menteeId) : []
    const result = completeMatchingRun(r.now, {
      menteeId,
      proposals: this.mentorIds.map((mentorId) => ({ mentorId, score: scoreOf(70) })),
    })(r.world)
    expectOutcome(m, 'complete', result, pending ? 'accepted' : 'InvalidTransition')
    if (E.isRight(result)) {
      const proposed = result.right.events.flatMap((e) => (e._tag === 'TandemProposed' ? [e.mentorId] : []))
      expect(proposed).toEqual(expected)
      expect(result.right.events.some((e) => e._tag === 'NoMatchFound')).toBe(expected.length === 0)
    }
    commit(m, r, result)
  }
  toString = () => `complete(${this.menteeId ?? `pending #${this.pick}`}, [${this.mentorIds.join(',')}])`
}

class AbortRun implements Cmd {
  constructor(readonly menteeId: UserId) {}
  /** A run is aborted for a mentee (the scheduler aborts runs of every mentee it finds stuck). */
  check = (m: Readonly<Model>) => menteeOf(m, this.menteeId) !== null
  run(m: Model, r: Real): void {
    const result = abortMatchingRun(r.now, { menteeId: this.menteeId })(r.world)
    expectOutcome(m, 'abort', result, menteeOf(m, this.menteeId)?.status === 'PENDING' ? 'accepted' : 'InvalidTransition')
    const backTo = m.everProposed.has(this.menteeId) ? 'AVAILABLE' : 'NEW'
    commit(m, r, result)
    if (E.isRight(result)) expect(menteeOf(m, this.menteeId)?.status).toBe(backTo)
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
    readonly stranger: UserId | null,
  ) {}
  private get awaitingPhase() {
    return this.side === 'Mentee' ? 'AwaitingMentee' : 'AwaitingMentor'
  }
  private tandemIn(m: Model): Tandem | undefined {
    const candidates = sortedTandems(m.world, this.among !== 'any').filter(
      (t) => this.among !== 'awaiting' || tandemPhase(t) === this.awaitingPhase,
    )
    return at(candidates, this.pick)
  }
  /** An answer needs a tandem among the ones it picks from. */
  check = (m: Readonly<Model>) => this.tandemIn(m) !== undefined
  run(m: Model, r: Real): void {
    const awaitingPhase = this.awaitingPhase
    const tandem = this.tandemIn(m)
    if (tandem === undefined) throw new Error('check lets no answer run without a tandem')
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
    const terminal = phase === 'Declined' || phase === 'Closed' || phase === 'NoReaction'
    const predicted: Outcome =
      actor !== owner
        ? 'NotFound'
        : terminal
          ? 'TandemAlreadyClosed'
          : phase !== awaiting
            ? 'InvalidTransition'
            : // Never an answer after the deadline, whatever the sweep did.
              deadline !== null && r.now >= deadline
              ? 'ProposalExpired'
              : 'accepted'
    expectOutcome(m, `${this.side.toLowerCase()}-${this.accept ? 'accept' : 'decline'}`, result, predicted)
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
  /** A release needs a tandem to pick. */
  check = (m: Readonly<Model>) => m.world.tandems.size > 0
  run(m: Model, r: Real): void {
    const tandem = at(sortedTandems(m.world, false), this.pick)
    if (tandem === undefined) throw new Error('check lets no release run without a tandem')
    const result = releaseTandem(r.now, { tandemId: tandem.id, expectedVersion: tandem.version + (this.stale ? 1 : 0) })(r.world)
    // Closed first, then changed: a stale version of a closed tandem still reads as closed.
    const predicted: Outcome = !isLiveTandem(tandem) ? 'TandemAlreadyClosed' : this.stale ? 'TandemChanged' : 'accepted'
    expectOutcome(m, 'release', result, predicted)
    commit(m, r, result)
  }
  toString = () => `release(#${this.pick}${this.stale ? ', stale' : ''})`
}

/** One side or an administrator ends a team picked among all or the MATCHED ones, maybe with a bad request. */
class EndTeam implements Cmd {
  constructor(
    readonly pick: number,
    readonly matchedOnly: boolean,
    readonly by: 'Mentee' | 'Mentor' | 'Admin' | UserId,
    readonly doNotPairAgain: boolean,
    readonly pauseMentor: boolean,
    readonly badReason: boolean,
  ) {}
  private tandemIn(m: Model): Tandem | undefined {
    return at(
      sortedTandems(m.world, false).filter((t) => !this.matchedOnly || t.state === 'MATCHED'),
      this.pick,
    )
  }
  /** Ending needs a tandem among the ones it picks from. */
  check = (m: Readonly<Model>) => this.tandemIn(m) !== undefined
  /** Valid input, then the caller's part, then a MATCHED team; the mentor is paused when asked and free. */
  predict(tandem: Tandem, actor: number | 'Admin'): Outcome {
    if (this.badReason) return 'ValidationFailed'
    if (actor !== 'Admin' && actor !== tandem.menteeId && actor !== tandem.mentorId) return 'NotTandemParticipant'
    if (this.pauseMentor && actor === tandem.menteeId) return 'ValidationFailed'
    if (!isLiveTandem(tandem)) return 'TandemAlreadyClosed'
    return tandem.state === 'MATCHED' ? 'accepted' : 'InvalidTransition'
  }
  run(m: Model, r: Real): void {
    const tandem = this.tandemIn(m)
    if (tandem === undefined) throw new Error('check lets no end run without a tandem')
    const actor = this.by === 'Admin' ? 'Admin' : this.by === 'Mentee' ? tandem.menteeId : this.by === 'Mentor' ? tandem.mentorId : this.by
    const result = endTandem(r.now, {
      tandemId: tandem.id,
      by: actor === 'Admin' ? 'Admin' : { userId: actor },
      request: { reasonId: this.badReason ? 'bored' : 'no-time', otherText: null, doNotPairAgain: this.doNotPairAgain },
      pauseMentor: this.pauseMentor,
    })(r.world)
    expectOutcome(m, 'end', result, this.predict(tandem, actor))
    commit(m, r, result)
    if (E.isRight(result)) {
      expect(menteeOf(m, tandem.menteeId)?.status).not.toBe('MATCHED')
      expect(mentorOf(m, tandem.mentorId)?.status).toBe(this.pauseMentor ? 'PAUSED' : 'AVAILABLE')
      expect(m.world.tandems.get(tandem.id)?.ending?.doNotPairAgain).toBe(this.doNotPairAgain)
    }
  }
  toString = () =>
    `end(#${this.pick}${this.matchedOnly ? ' matched' : ''} by ${this.by}${this.doNotPairAgain ? ', never again' : ''}${this.pauseMentor ? ', pause' : ''}${this.badReason ? ', bad reason' : ''})`
}

class ManualTandem implements Cmd {
  constructor(
    readonly menteeId: UserId,
    readonly mentorId: UserId,
    readonly clusterId: ClusterId,
  ) {}
  /** The admin picks two existing users and a program year. */
  check = (m: Readonly<Model>) =>
    m.world.users.has(this.menteeId) && m.world.users.has(this.mentorId) && m.world.clusters.has(this.clusterId)
  /** An admin pairs an AVAILABLE mentee with an AVAILABLE published mentor in a running year, never a declined pair. */
  predict(m: Model): Outcome {
    if (this.menteeId === this.mentorId) return 'SameUser'
    const mentee = menteeOf(m, this.menteeId)
    const mentor = mentorOf(m, this.mentorId)
    if (mentee === null || mentor === null || mentee.status !== 'AVAILABLE') return 'NotAvailableForMatching'
    if (mentor.status !== 'AVAILABLE' || !mentor.published) return 'NotAvailableForMatching'
    if (isEnded(m, this.clusterId)) return 'ClusterEnded'
    return m.declined.has(pairKey(this.menteeId, this.mentorId)) ? 'InvalidTransition' : 'accepted'
  }
  run(m: Model, r: Real): void {
    const result = createManualTandem(r.now, { menteeId: this.menteeId, mentorId: this.mentorId, clusterId: this.clusterId })(r.world)
    expectOutcome(m, 'manual', result, this.predict(m))
    commit(m, r, result)
    if (E.isRight(result)) {
      expect([menteeOf(m, this.menteeId)?.status, mentorOf(m, this.mentorId)?.status]).toEqual(['PROPOSED', 'PROPOSED'])
    }
  }
  toString = () => `manual(${this.menteeId} with ${this.mentorId} in ${this.clusterId})`
}

class Deactivate implements Cmd {
  constructor(readonly clusterId: ClusterId) {}
  /** At most one year ends per run, so the population keeps mentees who can still act. */
  check = (m: Readonly<Model>) => m.endedClusters === 0
  run(m: Model, r: Real): void {
    const result = deactivateCluster(r.now, { clusterId: this.clusterId })(r.world)
    const predicted: Outcome = m.world.clusters.get(this.clusterId)?.isDefault
      ? 'ClusterIsDefault'
      : isEnded(m, this.clusterId)
        ? 'ClusterEnded'
        : 'accepted'
    expectOutcome(m, 'deactivate', result, predicted)
    commit(m, r, result)
  }
  toString = () => `deactivate(${this.clusterId})`
}

class MentorMatching implements Cmd {
  constructor(
    readonly mentorId: UserId,
    readonly enabled: boolean,
    readonly complete: boolean,
  ) {}
  /** Only a mentor has a matching switch. */
  check = (m: Readonly<Model>) => mentorOf(m, this.mentorId) !== null
  /**
   * PAUSED -> AVAILABLE with a complete profile, AVAILABLE -> PAUSED; pausing with every place taken
   * (PROPOSED, MATCHED) says so; anything else is a stale toggle.
   */
  predict(m: Model): Outcome {
    const status = mentorOf(m, this.mentorId)?.status
    if (this.enabled) return status !== 'PAUSED' ? 'InvalidTransition' : this.complete ? 'accepted' : 'ProfileIncomplete'
    if (status === 'PROPOSED' || status === 'MATCHED') return 'AllPlacesTaken'
    return status === 'AVAILABLE' ? 'accepted' : 'InvalidTransition'
  }
  run(m: Model, r: Real): void {
    const result = setMentorMatching(r.now, {
      mentorId: this.mentorId,
      enabled: this.enabled,
      by: 'Mentor',
      profileComplete: this.complete,
    })(r.world)
    expectOutcome(m, 'matching', result, this.predict(m))
    commit(m, r, result)
  }
  toString = () => `matching(${this.mentorId}, ${this.enabled ? 'on' : 'off'}${this.complete ? '' : ', incomplete'})`
}

class Publish implements Cmd {
  constructor(readonly mentorId: UserId) {}
  /** Only a mentor has a profile to publish. */
  check = (m: Readonly<Model>) => mentorOf(m, this.mentorId) !== null
  /** A NEW mentor enters the pool, a published one refreshes the date, a PAUSED one must enable matching first. */
  predict(m: Model): Outcome {
    const mentor = mentorOf(m, this.mentorId)
    if (mentor === null) return 'NotFound'
    if (mentor.status === 'PAUSED') return 'MatchingDisabled'
    return mentor.status === 'NEW' || mentor.published ? 'accepted' : 'InvalidTransition'
  }
  run(m: Model, r: Real): void {
    const result = publishMentor(r.now, { mentorId: this.mentorId, profileComplete: true })(r.world)
    expectOutcome(m, 'publish', result, this.predict(m))
    commit(m, r, result)
    if (E.isRight(result)) expect(mentorOf(m, this.mentorId)?.lastPublishedAt).toBe(r.now)
  }
  toString = () => `publish(${this.mentorId})`
}

class AdminMentee implements Cmd {
  constructor(
    readonly menteeId: UserId,
    readonly status: (typeof STATUSES)[number],
    readonly clusterId: ClusterId,
  ) {}
  /** The admin edits an existing mentee into an existing year. */
  check = (m: Readonly<Model>) => menteeOf(m, this.menteeId) !== null && m.world.clusters.has(this.clusterId)
  /** Only while the mentee holds no tandem, to a status the admin may set, in a running year unless INACTIVE. */
  predict(m: Model): Outcome {
    const mentee = menteeOf(m, this.menteeId)
    if (mentee === null) return 'NotFound'
    if (!(ADMIN_CHOICES[mentee.status] ?? []).includes(this.status)) return 'InvalidTransition'
    return isEnded(m, this.clusterId) && this.status !== 'INACTIVE' ? 'ClusterEnded' : 'accepted'
  }
  run(m: Model, r: Real): void {
    const result = setMenteeStatusByAdmin(r.now, { menteeId: this.menteeId, status: this.status, clusterId: this.clusterId })(r.world)
    expectOutcome(m, 'admin-mentee', result, this.predict(m))
    commit(m, r, result)
    if (E.isRight(result))
      expect([menteeOf(m, this.menteeId)?.status, menteeOf(m, this.menteeId)?.clusterId]).toEqual([this.status, this.clusterId])
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
  // Declines of what awaits an answer, so both declines are accepted often enough to be checked.
  fc.tuple(answerSide, pick).map(([side, p]) => new Answer(side, false, p, 'awaiting', null)),
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
  fc
    .tuple(
      pick,
      fc.boolean(),
      fc.constantFrom<'Mentee' | 'Mentor' | 'Admin' | UserId>('Mentee', 'Mentor', 'Admin', ...USER_IDS),
      fc.boolean(),
      fc.boolean(),
      fc.nat(9),
    )
    .map(([p, matchedOnly, by, never, pause, bad]) => new EndTeam(p, matchedOnly, by, never, pause, bad === 0)),
  fc.tuple(mentee, fc.constantFrom(...USER_IDS), cluster).map(([a, b, c]) => new ManualTandem(a, b, c)),
  // Year 2 stays, so mentees 1 and 2 keep acting; year 1 is the default and must be refused.
  fc.constantFrom(1, 3).map((c) => new Deactivate(clusterIdOf(c))),
  fc.tuple(mentor, fc.boolean(), fc.boolean()).map(([id, on, a]) => new MentorMatching(id, on, a || on)),
  mentor.map((id) => new Publish(id)),
  fc.tuple(mentee, fc.constantFrom(...STATUSES), cluster).map(([id, s, c]) => new AdminMentee(id, s, c)),
]
