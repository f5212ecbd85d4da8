// Which panel the dashboard shows for one side, by status (SPEC §4 "Dashboard by status"), and
// which proposals appear as cards. Pure, so every rule has an example test.
import type { ParticipantProposal, RemainingTime, Side, StatusName } from '@tandem/core'

export type PanelKind = 'noProfile' | 'publishProfile' | 'matchingRunning' | 'noProposals' | 'startMatching' | 'proposals'

export type SideFacts = {
  readonly status: StatusName | undefined
  /** Answers saved at least once (questionLastSavedDate). */
  readonly saved: boolean
  /** Profile published at least once (mentor). */
  readonly published: boolean
  /** The last run found no suitable mentor (mentee). */
  readonly noMatch: boolean
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
        return hasProposals ? 'proposals' : facts.noMatch ? 'noProposals' : 'startMatching'
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
      return facts.published ? 'noProposals' : 'publishProfile'
    case 'AVAILABLE':
    case 'PROPOSED':
    case 'MATCHED':
      return hasProposals ? 'proposals' : 'noProposals'
    default:
      return 'noProposals'
  }
}

/** Mentees with PROPOSED or MATCHED status cannot start matching. */
export const canStartMatching = (status: StatusName | undefined): boolean => status === 'NEW' || status === 'AVAILABLE'

/** The proposal whose profile the accordion shows: the highest baseMatchRuleScore. */
export const topProposal = (proposals: readonly ParticipantProposal[]): ParticipantProposal | undefined =>
  [...proposals].sort((a, b) => b.baseMatchRuleScore - a.baseMatchRuleScore)[0]

/** The earliest deadline among the proposals still waiting for this side's answer. */
export const nextDeadline = (proposals: readonly ParticipantProposal[], times: readonly RemainingTime[]): RemainingTime | undefined => {
  const waiting = new Set(proposals.filter((p) => p.proposalState === 'PROPOSED').map((p) => p.matchingTandemId))
  return times.filter((r) => waiting.has(r.tandemId)).sort((a, b) => a.tandemValidUntil.localeCompare(b.tandemValidUntil))[0]
}

/** Hours and minutes from now until the deadline, floored and never negative. */
export const timeLeft = (validUntil: string, now: number): { hours: number; minutes: number } => {
  const ms = Math.max(0, Date.parse(validUntil) - now)
  const totalMinutes = Math.floor(ms / 60_000)
  return { hours: Math.floor(totalMinutes / 60), minutes: totalMinutes % 60 }
}

/** Maps a failed accept or decline to the message the user sees (SPEC §8). */
export const decisionFailure = (errorMessage: string | null, status: number): 'timerExpired' | 'proposalExpired' | 'tandemChanged' | 'unexpected' => {
  const text = errorMessage ?? ''
  if (text.includes('TandemAlreadyClosed')) return 'timerExpired'
  if (text.includes('ProposalExpired')) return 'proposalExpired'
  if (text.includes('TandemChanged')) return 'tandemChanged'
  return status === 409 ? 'timerExpired' : 'unexpected'
}

/** Maps a failed start of matching to its message key (SPEC §8). */
export const startMatchingFailure = (errorMessage: string | null, status: number): string => {
  if (errorMessage === 'InCompleteProfile' || errorMessage === 'ProfileIncomplete') return 'dashboard.menteeProfileIncomplete'
  if (errorMessage === 'MatchingAlreadyRunning') return 'dashboard.matchingAlreadyRunning'
  if (status === 400 && errorMessage === 'User not available for matching') return 'dashboard.couldNotStartMatching'
  // the program year has ended: only the Matching Administrator can help
  if (errorMessage === 'ClusterEnded') return 'dashboard.contactAdministrator'
  return 'dashboard.menteeUpdateProfileError'
}
