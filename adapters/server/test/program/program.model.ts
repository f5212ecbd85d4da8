// The whole-program model's own state: what a program year's commands must have done, kept apart
// from the system's state (docs/matching.md#places, #waitlist, docs/mentorship.md#ending-a-team).
// The commands (program.commands.ts) predict from it; the invariants compare the system to it.
import { mentorStatusFromPlaces, type Places, type StatusName } from '@tandem/core'
import type { Person } from '../support/harness.js'

/** A proposal reserved for the mentee (AwaitingMentee), chosen (AwaitingMentor), matched, or over. */
export type TandemPhase = 'AwaitingMentee' | 'AwaitingMentor' | 'Matched' | 'Over'

export type ModelTandem = {
  readonly id: number
  readonly mentee: number
  readonly mentor: number
  readonly proposalId: number
  readonly pairedProposalId: number
  phase: TandemPhase
  readonly menteeDeadline: number
  mentorDeadline: number | null
  /** Set when a side ended the matched team (a release or an expiry has no ending). */
  ending: { readonly by: 'Mentee' | 'Mentor'; readonly reasonId: string } | null
}

export type ModelMentor = {
  readonly person: Person
  published: boolean
  paused: boolean
  capacity: number
  erased: boolean
  answeredAdded: boolean
}

/** Why and since when a mentee waits; the mentor of the team whose end put them there is left out. */
export type Waiting = { readonly since: number; readonly excludedMentor: number | null; readonly sinceEnd: boolean }

export type ModelMentee = {
  readonly person: Person
  readonly userId: number
  waitlistOn: boolean
  waiting: Waiting | null
  started: boolean
  erased: boolean
  answeredAdded: boolean
}

/** A meeting as the model expects it (docs/mentorship.md#meetings): its state, sequence and slots. */
export type ModelMeeting = {
  readonly id: number
  readonly tandemId: number
  state: 'Proposed' | 'OtherTimesAsked' | 'Confirmed' | 'TookPlace' | 'DidNotTakePlace' | 'Cancelled'
  sequence: number
  proposedBy: 'Mentee' | 'Mentor'
  /** Slot starts (each 60 minutes). */
  slots: number[]
}

export type ProgramModel = {
  /** The instant of the test's clock, moved by the commands alone. */
  now: number
  readonly mentors: ModelMentor[]
  readonly mentees: ModelMentee[]
  readonly tandems: ModelTandem[]
  /** Pairs never proposed again: `${mentee}:${mentor}` (a decline, or "do not pair us again"). */
  readonly declined: Set<string>
  questionnaire: { added: boolean; retired: boolean }
  /** The meetings of matched teams, and per team its logged sessions and the instants of its proposals. */
  readonly meetings: ModelMeeting[]
  readonly sessions: Map<number, number>
  readonly proposedAt: Map<number, number[]>
  /** The commands of this year as they ran, with who acted: printed with a failure. */
  readonly log: string[]
  /** How many times each command kind ran, to show the runs reach the interesting states. */
  readonly tally: Map<string, number>
}

export const pairKey = (mentee: number, mentor: number): string => `${mentee}:${mentor}`

export const isLive = (t: ModelTandem): boolean => t.phase !== 'Over'

export const liveTandemsOfMentor = (m: ProgramModel, mentor: number): ModelTandem[] =>
  m.tandems.filter((t) => t.mentor === mentor && isLive(t))

export const liveTandemsOfMentee = (m: ProgramModel, mentee: number): ModelTandem[] =>
  m.tandems.filter((t) => t.mentee === mentee && isLive(t))

export const placesOfMentor = (m: ProgramModel, mentor: number): Places => {
  const live = liveTandemsOfMentor(m, mentor)
  return { taken: live.length, matched: live.filter((t) => t.phase === 'Matched').length }
}

/** The mentor's own choice (never published, paused) or AVAILABLE: core's rule derives the rest. */
const chosenStatusOf = (mentor: ModelMentor): StatusName => (!mentor.published ? 'NEW' : mentor.paused ? 'PAUSED' : 'AVAILABLE')

/** The status core's rule gives the mentor's places, whatever the capacity (docs/design §8). */
export const expectedMentorStatus = (m: ProgramModel, mentor: number): StatusName => {
  const who = m.mentors[mentor]
  if (who === undefined) throw new Error(`no mentor ${mentor}`)
  return mentorStatusFromPlaces(chosenStatusOf(who), who.capacity, placesOfMentor(m, mentor))
}

/** A mentor a run may propose now: in the pool with a free place, the pair never declined. */
export const fitsMentee = (m: ProgramModel, mentee: number, mentor: number): boolean => {
  const who = m.mentors[mentor]
  return (
    who !== undefined &&
    !who.erased &&
    who.published &&
    !who.paused &&
    placesOfMentor(m, mentor).taken < who.capacity &&
    !m.declined.has(pairKey(mentee, mentor))
  )
}

/**
 * Every participant answers the same fixture answers, which fit each other: whom a run may propose
 * is decided by places, pause, publication and declines, never by the ranking.
 */
export const candidatesOf = (m: ProgramModel, mentee: number, excluded: number | null = null): number[] =>
  m.mentors.map((_, i) => i).filter((i) => i !== excluded && fitsMentee(m, mentee, i))

/** A run proposes up to three mentors (docs/matching.md#the-rules). */
export const PROPOSALS_PER_RUN = 3

export const expectedMenteeStatuses = (m: ProgramModel, mentee: number): readonly StatusName[] => {
  const live = liveTandemsOfMentee(m, mentee)
  if (live.some((t) => t.phase === 'Matched')) return ['MATCHED']
  if (live.length > 0) return ['PROPOSED']
  // No live tandem: AVAILABLE once a run of theirs ended or they held a tandem; NEW before (an
  // interrupted first run leaves them NEW, docs/matching.md#waitlist, "A run ends somewhere").
  return m.mentees[mentee]?.started === true || m.tandems.some((t) => t.mentee === mentee) ? ['AVAILABLE'] : ['NEW']
}

/** The waiting mentees in the order a round serves them: longest waiting first, ties by lower id. */
export const waitingInOrder = (m: ProgramModel): number[] =>
  m.mentees
    .map((who, i) => ({ who, i }))
    .filter(({ who }) => !who.erased && who.waiting !== null)
    .sort((a, b) => (a.who.waiting?.since ?? 0) - (b.who.waiting?.since ?? 0) || a.who.userId - b.who.userId)
    .map(({ i }) => i)

export const countCommand = (m: ProgramModel, kind: string): void => {
  m.tally.set(kind, (m.tally.get(kind) ?? 0) + 1)
}
