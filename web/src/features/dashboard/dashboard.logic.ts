// Which panel the dashboard shows for one side, by status (docs/product.md#dashboard), and
// which proposals appear as cards. Pure, so every rule has an example test.
import type { ErrorCode, MentorPlaces, ParticipantProposal, RemainingTime, Side, StatusName } from '@tandem/core'

export type PanelKind = 'noProfile' | 'publishProfile' | 'matchingRunning' | 'noProposals' | 'teamEnded' | 'startMatching' | 'proposals'

export type SideFacts = {
  readonly status: StatusName | undefined
  /** Answers saved at least once (questionLastSavedDate). */
  readonly saved: boolean
  /** Profile published at least once (mentor). */
  readonly published: boolean
  /** The last run found no suitable mentor (mentee). */
  readonly noMatch: boolean
  /** The mentee's team was ended and put them on the waitlist (the account status's `teamEnded`). */
  readonly teamEnded?: boolean
  readonly proposals: readonly ParticipantProposal[]
}

/** Only cards whose proposal state is PROPOSED or ACCEPTED are shown. */
export const visibleProposals = (proposals: readonly ParticipantProposal[]): readonly ParticipantProposal[] =>
  proposals.filter((p) => p.proposalState === 'PROPOSED' || p.proposalState === 'ACCEPTED')

export const panelFor = (side: Side, facts: SideFacts): PanelKind => {
  const hasProposals = visibleProposals(facts.proposals).length > 0
  const { status } = facts
  if (side === 'Mentee') {
    switch (status) {
      case 'NEW':
        return facts.saved ? 'startMatching' : 'noProfile'
      case 'PENDING':
        return 'matchingRunning'
      case 'AVAILABLE':
      case 'PROPOSED':
        return hasProposals ? 'proposals' : facts.teamEnded === true ? 'teamEnded' : facts.noMatch ? 'noProposals' : 'startMatching'
      case 'MATCHED':
        return hasProposals ? 'proposals' : 'noProposals'
      default:
        return 'noProposals'
    }
  }
  switch (status) {
    case 'NEW':
      return facts.saved && !facts.published ? 'publishProfile' : 'noProfile'
    case 'PAUSED':
      // A mentor with several places may pause while holding mentees: they are still shown.
      return hasProposals ? 'proposals' : facts.published ? 'noProposals' : 'publishProfile'
    case 'AVAILABLE':
    case 'PROPOSED':
    case 'MATCHED':
      return hasProposals ? 'proposals' : 'noProposals'
    default:
      return 'noProposals'
  }
}

/** A team an administrator made by hand scores nothing: it reads "suggested by the program team", without points. */
export const suggestedByProgramTeam = (proposal: ParticipantProposal): boolean => proposal.baseMatchRuleScore < 1

/** The proposal whose profile the accordion shows: the highest baseMatchRuleScore. */
export const topProposal = (proposals: readonly ParticipantProposal[]): ParticipantProposal | undefined =>
  [...proposals].sort((a, b) => b.baseMatchRuleScore - a.baseMatchRuleScore)[0]

/** The earliest deadline among the proposals still waiting for this side's answer. */
export const nextDeadline = (proposals: readonly ParticipantProposal[], times: readonly RemainingTime[]): RemainingTime | undefined => {
  const waiting = new Set<number>(proposals.filter((p) => p.proposalState === 'PROPOSED').map((p) => p.matchingTandemId))
  return times.filter((r) => waiting.has(r.tandemId)).sort((a, b) => a.tandemValidUntil.localeCompare(b.tandemValidUntil))[0]
}

/** One proposal's own deadline (a mentor's proposals each have theirs), while it waits for this side. */
export const deadlineOf = (proposal: ParticipantProposal, times: readonly RemainingTime[]): string | undefined =>
  proposal.proposalState === 'PROPOSED' ? times.find((r) => r.tandemId === proposal.matchingTandemId)?.tandemValidUntil : undefined

/**
 * A mentor's places (docs/matching.md#places): those holding a matched team, those reserved by a
 * proposal or a tandem waiting for an answer, and those free. A lowered capacity can leave more
 * places taken than it allows: none is free then.
 */
export const placesOf = (
  places: MentorPlaces,
  proposals: readonly ParticipantProposal[],
): { readonly matched: number; readonly reserved: number; readonly free: number; readonly taken: number; readonly count: number } => {
  const matched = proposals.filter((p) => p.tandemState === 'MATCHED').length
  return {
    matched,
    reserved: Math.max(0, places.taken - matched),
    free: Math.max(0, places.capacity - places.taken),
    taken: places.taken,
    count: places.capacity,
  }
}

/**
 * A proposal the mentee accepted that waits for the mentor's answer, with the mentor's deadline
 * (the proposals call carries the remaining times of both sides); the earliest if several.
 */
export const mentorDeadline = (
  proposals: readonly ParticipantProposal[],
  mentorTimes: readonly RemainingTime[],
): { readonly proposal: ParticipantProposal; readonly time: RemainingTime } | undefined =>
  proposals
    .filter((p) => p.proposalState === 'ACCEPTED' && p.tandemState !== 'MATCHED')
    .flatMap((proposal) => mentorTimes.filter((r) => r.tandemId === proposal.matchingTandemId).map((time) => ({ proposal, time })))
    .sort((a, b) => a.time.tandemValidUntil.localeCompare(b.time.tandemValidUntil))[0]

/** Hours and minutes from now until the deadline, floored and never negative. */
export const timeLeft = (validUntil: string, now: number): { hours: number; minutes: number } => {
  const ms = Math.max(0, Date.parse(validUntil) - now)
  const totalMinutes = Math.floor(ms / 60_000)
  return { hours: Math.floor(totalMinutes / 60), minutes: totalMinutes % 60 }
}

/** The dialog a refused accept or decline opens (docs/product.md#errors), by error code. */
const DECISION_NOTICE: Partial<Readonly<Record<ErrorCode, 'timerExpired' | 'proposalExpired' | 'tandemChanged'>>> = {
  TandemAlreadyClosed: 'timerExpired',
  ProposalExpired: 'proposalExpired',
  TandemChanged: 'tandemChanged',
}

/**
 * Maps a failed accept or decline to the message the user sees (docs/product.md#errors); any other
 * conflict means the timer ran out.
 */
export const decisionFailure = (
  code: ErrorCode | null,
  status: number,
): 'timerExpired' | 'proposalExpired' | 'tandemChanged' | 'unexpected' =>
  (code === null ? undefined : DECISION_NOTICE[code]) ?? (status === 409 ? 'timerExpired' : 'unexpected')
