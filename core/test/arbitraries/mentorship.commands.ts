// fast-check commands for the model-based test of the mentorship timeline. The real system is a
// Timeline and a clock moved at random; the model is a plain record of what was asked, reminded and
// answered, with the rules of issue #32 written out a second time, the simple way.
import * as E from 'fp-ts/lib/Either.js'
import fc from 'fast-check'
import { expect } from 'vitest'
import {
  tandemIdOf,
  answerCheckIn,
  CHECK_IN_STATES,
  checkInStateAt,
  CLOSING,
  DAY,
  dueCheckIns,
  endMentorship,
  HOUR,
  isReachableCheckInState,
  MET,
  needsAttention,
  occasionKey,
  pulse,
  sendQuestion,
  sendReminder,
  type AttentionReason,
  type CheckInAnswer,
  type CheckInOccasion,
  type CheckInState,
  type EndedBy,
  type Side,
  type Timeline,
  type TimelineResult,
} from '../../src/index.js'
import { T0 } from './mentorship.helpers.js'

type ModelCheckIn = { side: Side; occasion: CheckInOccasion; askedAt: number; reminded: boolean; answer: CheckInAnswer | null }
export type Model = {
  now: number
  endedAt: number | null
  readonly asked: Map<string, ModelCheckIn>
  /** What the runs reached, so the test can tell it checked more than trivia. */
  readonly seen: Set<string>
}
export type Real = { timeline: Timeline; now: number }
type Cmd = fc.Command<Model, Real>

export const newModel = (): Model => ({ now: T0, endedAt: null, asked: new Map(), seen: new Set() })
export const newReal = (): Real => ({ timeline: { tandemId: tandemIdOf(1), matchedAt: T0, ended: null, checkIns: [] }, now: T0 })

const SIDES: readonly Side[] = ['Mentee', 'Mentor']
const keyOf = (side: Side, o: CheckInOccasion): string => `${side}:${occasionKey(o)}`
const rank = (o: CheckInOccasion): number => (o.kind === 'Met' ? 0 : o.kind === 'Pulse' ? o.round + 1 : 1_000_000)
/** Day 14, day 30 + 60 n, or the end. */
const dueAt = (m: Model, o: CheckInOccasion): number | null =>
  o.kind === 'Met' ? T0 + 14 * DAY : o.kind === 'Pulse' ? T0 + (30 + 60 * o.round) * DAY : m.endedAt
const askedOf = (m: Model, side: Side): ModelCheckIn[] =>
  [...m.asked.values()].filter((c) => c.side === side).sort((a, b) => rank(a.occasion) - rank(b.occasion))

/** The next question fell due, the team ended, or a later question was already sent to this side. */
const closed = (m: Model, side: Side, o: CheckInOccasion): boolean => {
  if (o.kind === 'Closing') return false
  if (m.endedAt !== null) return true
  const nextDue = T0 + (o.kind === 'Met' ? 30 : 30 + 60 * (o.round + 1)) * DAY
  return m.now >= nextDue || askedOf(m, side).some((c) => rank(c.occasion) > rank(o))
}
const isOpen = (m: Model, side: Side, o: CheckInOccasion): boolean => {
  const c = m.asked.get(keyOf(side, o))
  return c !== undefined && c.answer === null && !closed(m, side, o)
}
const isSendable = (m: Model, side: Side, o: CheckInOccasion): boolean => {
  if (m.asked.has(keyOf(side, o)) || closed(m, side, o)) return false
  const due = dueAt(m, o)
  return due !== null && m.now >= due && (o.kind === 'Closing' || m.endedAt === null)
}
const isRemindable = (m: Model, side: Side, o: CheckInOccasion): boolean => {
  const c = m.asked.get(keyOf(side, o))
  return c !== undefined && !c.reminded && isOpen(m, side, o) && m.now >= c.askedAt + 5 * DAY
}

/** Every occasion that may matter by `now`: met, the pulses so far and one more, the closing survey. */
const occasionsUpTo = (now: number): CheckInOccasion[] => {
  const rounds = Math.max(0, Math.floor((now - T0 - 30 * DAY) / (60 * DAY)) + 2)
  return [MET, ...Array.from({ length: rounds }, (_, n) => pulse(n)), CLOSING]
}

/** The attention rule, written from the model: running teams only. */
export const referenceAttention = (m: Model): string[] => {
  if (m.endedAt !== null) return []
  const all = [...m.asked.values()]
  const reasons: AttentionReason[] = []
  if (m.now >= T0 + 21 * DAY && !all.some((c) => c.answer?.kind === 'Met' && c.answer.met === 'Yes'))
    reasons.push({ _tag: 'NotMetByDay21' })
  for (const side of SIDES) {
    const mine = askedOf(m, side)
    if (mine.some((c) => c.answer?.kind === 'Met' && c.answer.met === 'CannotReach')) reasons.push({ _tag: 'CannotReachPartner', side })
    const pulses = mine.flatMap((c) => (c.answer?.kind === 'Pulse' ? [c.answer.score] : []))
    const last = pulses[pulses.length - 1]
    if (last !== undefined && last <= 2) reasons.push({ _tag: 'LowPulse', side, score: last })
    const settled = mine.filter((c) => !isOpen(m, side, c.occasion)).map((c) => (c.answer === null ? 'missed' : 'answered'))
    if (settled.length >= 2 && settled[settled.length - 1] === 'missed' && settled[settled.length - 2] === 'missed')
      reasons.push({ _tag: 'TwoUnansweredInARow', side })
  }
  return reasons.map((r) => JSON.stringify(r)).sort()
}

const expectedDue = (m: Model): string[] =>
  SIDES.flatMap((side) =>
    occasionsUpTo(m.now).flatMap((o) => [
      ...(isSendable(m, side, o) ? [`${side} Ask ${occasionKey(o)}`] : []),
      ...(isRemindable(m, side, o) ? [`${side} Remind ${occasionKey(o)}`] : []),
    ]),
  ).sort()

const statesOf = (r: Real): Map<string, CheckInState> =>
  new Map(SIDES.flatMap((side) => occasionsUpTo(r.now).map((o) => [keyOf(side, o), checkInStateAt(r.timeline, r.now, side, o)] as const)))

/** After every command: no duplicate rows, the due list and the attention rule agree with the model, states move by the table. */
const checkAll = (m: Model, r: Real, before: Map<string, CheckInState>, clockWentBack: boolean): void => {
  const keys = r.timeline.checkIns.map((c) => keyOf(c.side, c.occasion))
  expect(new Set(keys).size).toBe(keys.length)
  expect(
    dueCheckIns(r.timeline, r.now)
      .map((d) => `${d.side} ${d.action} ${occasionKey(d.occasion)}`)
      .sort(),
  ).toEqual(expectedDue(m))
  const attention = needsAttention(r.timeline, r.now)
    .map((a) => JSON.stringify(a))
    .sort()
  expect(attention).toEqual(referenceAttention(m))
  for (const a of attention) m.seen.add(`attention ${(JSON.parse(a) as AttentionReason)._tag}`)
  const after = statesOf(r)
  for (const [key, state] of after) {
    expect(CHECK_IN_STATES).toContain(state)
    m.seen.add(`state ${state}`)
    // A clock that steps back (another instance's skew) may un-fall a date: the table describes forward time.
    const from = before.get(key) ?? 'Scheduled'
    if (!clockWentBack && !isReachableCheckInState(from, state)) expect(`${key}: ${from} -> ${state}`).toBe('a move of CHECK_IN_MOVES')
  }
}

/** Applies a result the model predicted: Right exactly when `allowed`; refusals are InvalidTransition or ValidationFailed. */
const apply = (r: Real, result: TimelineResult, allowed: boolean): boolean => {
  const outcome = E.isRight(result) ? 'accepted' : `refused (${result.left._tag})`
  expect(outcome).toMatch(allowed ? /^accepted$/ : /^refused \((InvalidTransition|ValidationFailed)\)$/)
  if (E.isRight(result)) r.timeline = result.right.timeline
  return E.isRight(result)
}

const step = (m: Model, r: Real, run: () => void): void => {
  const before = statesOf(r)
  const then = r.now
  run()
  checkAll(m, r, before, r.now < then)
}

class Tick implements Cmd {
  constructor(readonly by: number) {}
  check = (): boolean => true
  run(m: Model, r: Real): void {
    step(m, r, () => {
      m.now += this.by
      r.now += this.by
    })
  }
  toString = (): string => `tick(${(this.by / DAY).toFixed(3)} d)`
}

/** Moves the clock to a rule's boundary (days after the match), or a millisecond either side. */
class TickTo implements Cmd {
  constructor(
    readonly days: number,
    readonly nudge: -1 | 0 | 1,
  ) {}
  check = (m: Model): boolean => T0 + this.days * DAY + this.nudge > m.now
  run(m: Model, r: Real): void {
    step(m, r, () => {
      m.now = T0 + this.days * DAY + this.nudge
      r.now = m.now
    })
  }
  toString = (): string => `tickTo(day ${this.days}${this.nudge === 0 ? '' : this.nudge > 0 ? ' +1ms' : ' -1ms'})`
}

/** The sweep: sends what dueCheckIns lists; a second sweep at the same instant finds nothing. */
class Sweep implements Cmd {
  check = (): boolean => true
  run(m: Model, r: Real): void {
    step(m, r, () => {
      for (const due of dueCheckIns(r.timeline, r.now)) {
        const command = { side: due.side, occasion: due.occasion }
        if (due.action === 'Ask') {
          apply(r, sendQuestion(r.now, command)(r.timeline), isSendable(m, due.side, due.occasion))
          m.asked.set(keyOf(due.side, due.occasion), { ...command, askedAt: m.now, reminded: false, answer: null })
          m.seen.add(`asked ${due.occasion.kind}`)
        } else {
          apply(r, sendReminder(r.now, command)(r.timeline), isRemindable(m, due.side, due.occasion))
          const c = m.asked.get(keyOf(due.side, due.occasion))
          if (c) c.reminded = true
          m.seen.add('reminded')
        }
      }
      expect(dueCheckIns(r.timeline, r.now)).toEqual([])
    })
  }
  toString = (): string => 'sweep'
}

class Send implements Cmd {
  constructor(
    readonly side: Side,
    readonly occasion: CheckInOccasion,
  ) {}
  check = (): boolean => true
  run(m: Model, r: Real): void {
    step(m, r, () => {
      if (apply(r, sendQuestion(r.now, this)(r.timeline), isSendable(m, this.side, this.occasion)))
        m.asked.set(keyOf(this.side, this.occasion), {
          side: this.side,
          occasion: this.occasion,
          askedAt: m.now,
          reminded: false,
          answer: null,
        })
    })
  }
  toString = (): string => `send(${this.side}, ${occasionKey(this.occasion)})`
}

class Remind implements Cmd {
  constructor(
    readonly side: Side,
    readonly occasion: CheckInOccasion,
  ) {}
  check = (): boolean => true
  run(m: Model, r: Real): void {
    step(m, r, () => {
      const c = m.asked.get(keyOf(this.side, this.occasion))
      if (apply(r, sendReminder(r.now, this)(r.timeline), isRemindable(m, this.side, this.occasion)) && c) c.reminded = true
    })
  }
  toString = (): string => `remind(${this.side}, ${occasionKey(this.occasion)})`
}

class Answer implements Cmd {
  constructor(
    readonly side: Side,
    readonly occasion: CheckInOccasion,
    readonly answer: CheckInAnswer,
  ) {}
  check = (): boolean => true
  run(m: Model, r: Real): void {
    step(m, r, () => {
      const allowed = isOpen(m, this.side, this.occasion) && this.answer.kind === this.occasion.kind
      if (apply(r, answerCheckIn(r.now, this)(r.timeline), allowed)) {
        const c = m.asked.get(keyOf(this.side, this.occasion))
        if (c) c.answer = this.answer
        m.seen.add(`answered ${this.occasion.kind}`)
      }
    })
  }
  toString = (): string => `answer(${this.side}, ${occasionKey(this.occasion)}, ${JSON.stringify(this.answer)})`
}

/** Answers whatever question the model says is open for the side (or the met question when none is). */
class AnswerOpen implements Cmd {
  constructor(
    readonly side: Side,
    readonly pick: (o: CheckInOccasion) => CheckInAnswer,
  ) {}
  check = (): boolean => true
  run(m: Model, r: Real): void {
    const open = askedOf(m, this.side).find((c) => isOpen(m, this.side, c.occasion))?.occasion ?? MET
    new Answer(this.side, open, this.pick(open)).run(m, r)
  }
  toString = (): string => `answerOpen(${this.side})`
}

class End implements Cmd {
  constructor(readonly by: EndedBy) {}
  check = (): boolean => true
  run(m: Model, r: Real): void {
    step(m, r, () => {
      if (apply(r, endMentorship(r.now, this)(r.timeline), m.endedAt === null)) m.endedAt = m.now
    })
  }
  toString = (): string => `end(${this.by})`
}

const side = fc.constantFrom<Side>('Mentee', 'Mentor')
const occasion = fc.oneof(fc.constant(MET), fc.integer({ min: 0, max: 4 }).map(pulse), fc.constant(CLOSING))
/** Picks an answer of the question's kind from three random numbers (so the command can be built before the question is known). */
const answerPicker = fc.tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 1, max: 5 }), fc.boolean()).map(
  ([met, score, recommend]) =>
    (o: CheckInOccasion): CheckInAnswer =>
      (o.kind === 'Met'
        ? { kind: 'Met', met: (['Yes', 'NotYet', 'CannotReach'] as const)[met] }
        : o.kind === 'Pulse'
          ? { kind: 'Pulse', score, note: null }
          : { kind: 'Closing', satisfaction: score, wouldRecommend: recommend, goalsReached: 'Some', note: null }) as CheckInAnswer,
)

const tick = fc
  .oneof(
    fc.integer({ min: 0, max: 3 * HOUR }),
    fc.constantFrom(DAY, 5 * DAY),
    fc.integer({ min: 0, max: 20 * DAY }),
    fc.integer({ min: 0, max: 80 * DAY }),
    fc.integer({ min: -DAY, max: 0 }),
  )
  .map((by): Cmd => new Tick(by))

/** One weighted choice, so that the team usually lives for a while before it ends. */
export const timelineCommands: fc.Arbitrary<Cmd>[] = [
  fc.oneof(
    { arbitrary: tick, weight: 6 },
    {
      arbitrary: fc
        .tuple(fc.constantFrom(14, 19, 21, 30, 35, 90, 95, 150), fc.constantFrom(-1 as const, 0 as const, 1 as const))
        .map(([d, n]): Cmd => new TickTo(d, n)),
      weight: 3,
    },
    { arbitrary: fc.constant<Cmd>(new Sweep()), weight: 6 },
    { arbitrary: fc.tuple(side, occasion).map(([s, o]): Cmd => new Send(s, o)), weight: 1 },
    { arbitrary: fc.tuple(side, occasion).map(([s, o]): Cmd => new Remind(s, o)), weight: 1 },
    { arbitrary: fc.tuple(side, answerPicker).map(([s, pick]): Cmd => new AnswerOpen(s, pick)), weight: 4 },
    // Any question, mostly with an answer of its kind, sometimes of another kind.
    {
      arbitrary: fc
        .tuple(side, occasion, fc.boolean(), occasion, answerPicker)
        .map(([s, o, sameKind, other, pick]): Cmd => new Answer(s, o, pick(sameKind ? o : other))),
      weight: 2,
    },
    { arbitrary: fc.constantFrom<EndedBy>('Mentee', 'Mentor', 'Admin', 'ProgramYear').map((by): Cmd => new End(by)), weight: 1 },
  ),
]
