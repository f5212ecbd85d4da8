// The administrator's team editing rules of docs/product.md#team-editing, pure: which status select is editable, the
// mentor reset, when Save and Release are enabled, and the calls a save makes, in their order. What a team's
// phase allows is core's move table (TANDEM_MOVES): the editor offers the moves the server would accept.
import {
  PHASE_SHAPES,
  TANDEM_PHASES,
  tandemMove,
  tandemPhase,
  type AdminAcceptPayload,
  type AdminDeclinePayload,
  type ProposalState,
  type TandemEvent,
  type TandemPhase,
  type TandemState,
  type TeamDetail,
} from '@tandem/core'

/**
 * The choices of the status selects. The rule as first written offered every proposal state but CLOSED (and the team
 * state NOREACTION); MATCHED is left out too because proposals never become MATCHED
 * (docs/product.md#states) and no call sequence is defined for it.
 */
export const EDITABLE_PROPOSAL_STATES: readonly ProposalState[] = ['PROPOSED', 'ACCEPTED', 'DECLINED']

export type TeamEdit = {
  readonly tandemStatus: TandemState
  readonly menteeOriginal: ProposalState
  readonly mentorOriginal: ProposalState
  readonly mentee: ProposalState
  readonly mentor: ProposalState
}

export const startEditing = (detail: TeamDetail): TeamEdit => ({
  tandemStatus: detail.tandemStatus,
  menteeOriginal: detail.matchingTandemMenteeProposal.status,
  mentorOriginal: detail.matchingTandemMentorProposal.status,
  mentee: detail.matchingTandemMenteeProposal.status,
  mentor: detail.matchingTandemMentorProposal.status,
})

/** The team's phase as loaded (core's tandemPhase); undefined for states no phase has. */
const phaseOf = (edit: TeamEdit): TandemPhase | undefined =>
  tandemPhase({ state: edit.tandemStatus, menteeProposal: { state: edit.menteeOriginal }, mentorProposal: { state: edit.mentorOriginal } })

/** The phase once the mentee's choice is applied: an accept moves it on, as the save will. */
const phaseAfterMenteeChoice = (edit: TeamEdit): TandemPhase | undefined => {
  const phase = phaseOf(edit)
  if (phase === undefined || edit.mentee !== 'ACCEPTED' || edit.menteeOriginal === 'ACCEPTED') return phase
  return tandemMove(phase, 'MenteeAccepts')
}

const allows = (phase: TandemPhase | undefined, event: TandemEvent): boolean =>
  phase !== undefined && tandemMove(phase, event) !== undefined

/** Only a team waiting for the mentee's answer (an ACTIVE team whose mentee proposal was PROPOSED). */
export const isMenteeEditable = (edit: TeamEdit): boolean => allows(phaseOf(edit), 'MenteeAccepts')

/** Only a team waiting for the mentor's answer once the mentee's choice is applied; otherwise a read-only badge. */
export const isMentorEditable = (edit: TeamEdit): boolean => allows(phaseAfterMenteeChoice(edit), 'MentorAccepts')

/** Choosing mentee ACCEPTED keeps the mentor selection; any other choice resets the mentor. */
export const chooseMenteeStatus = (edit: TeamEdit, next: ProposalState): TeamEdit => {
  if (!isMenteeEditable(edit)) return edit
  return next === 'ACCEPTED' ? { ...edit, mentee: next } : { ...edit, mentee: next, mentor: edit.mentorOriginal }
}

export const chooseMentorStatus = (edit: TeamEdit, next: ProposalState): TeamEdit =>
  isMentorEditable(edit) ? { ...edit, mentor: next } : edit

export const hasChanges = (edit: TeamEdit): boolean => edit.mentee !== edit.menteeOriginal || edit.mentor !== edit.mentorOriginal

/** Save: a team waiting for an answer (ACTIVE) with at least one status changed. */
export const isSaveEnabled = (edit: TeamEdit): boolean =>
  (allows(phaseOf(edit), 'MenteeAccepts') || allows(phaseOf(edit), 'MentorAccepts')) && hasChanges(edit)

/** Release: a team in a phase the administrator may release from (ACTIVE or MATCHED). */
export const isReleaseEnabled = (tandemStatus: TandemState): boolean =>
  TANDEM_PHASES.some((phase) => PHASE_SHAPES[phase].some((shape) => shape.state === tandemStatus) && allows(phase, 'AdminReleases'))

/** One call of a save; the version is filled in when it is sent (each call changes the team). */
export type EditCall =
  | { readonly kind: 'accept'; readonly payload: (version: number) => AdminAcceptPayload }
  | { readonly kind: 'decline'; readonly side: 'Mentee' | 'Mentor'; readonly payload: (version: number) => AdminDeclinePayload }

const acceptItem = (
  detail: TeamDetail,
  side: 'Mentee' | 'Mentor',
  tandemState: TandemState,
  version: number,
): AdminAcceptPayload[number] => {
  const own = side === 'Mentee' ? detail.matchingTandemMenteeProposal : detail.matchingTandemMentorProposal
  const other = side === 'Mentee' ? detail.matchingTandemMentorProposal : detail.matchingTandemMenteeProposal
  return {
    email: own.email,
    role: side,
    pairedUserEmail: other.email,
    proposalSaveModel: [{ proposalId: own.proposalId, proposalState: 'ACCEPTED' }],
    matchingTandemSaveModel: [{ matchingTandemId: detail.tandemId, tandemState, version }],
  }
}

const declineCall = (detail: TeamDetail, side: 'Mentee' | 'Mentor'): EditCall => ({
  kind: 'decline',
  side,
  payload: (version) => ({
    declineProposal: {
      proposalId: (side === 'Mentee' ? detail.matchingTandemMenteeProposal : detail.matchingTandemMentorProposal).proposalId,
      proposalState: 'DECLINED',
      comment: null,
      declineMatchingTandem: { matchingTandemId: detail.tandemId, tandemState: 'DECLINED', version },
    },
    menteeEmail: detail.matchingTandemMenteeProposal.email,
    mentorEmail: detail.matchingTandemMentorProposal.email,
    role: side,
  }),
})

/**
 * The calls of a save, in order (docs/product.md#team-editing): mentee DECLINED sends the mentee decline with the team
 * decline; mentee ACCEPTED sends the accept with team ACTIVE, joined by the mentor's accept and team
 * MATCHED when the mentor is ACCEPTED too, or followed by the mentor decline when the mentor is
 * DECLINED. A mentor change alone (the mentee had accepted before) is the mentor's accept or decline.
 */
export const callsToSave = (edit: TeamEdit, detail: TeamDetail): readonly EditCall[] => {
  if (!isSaveEnabled(edit)) return []
  const menteeChanged = edit.mentee !== edit.menteeOriginal
  const mentorChanged = edit.mentor !== edit.mentorOriginal
  if (menteeChanged && edit.mentee === 'DECLINED') return [declineCall(detail, 'Mentee')]
  const mentorCalls = (acceptFirst: boolean): EditCall[] => {
    if (mentorChanged && edit.mentor === 'ACCEPTED') {
      return [
        {
          kind: 'accept',
          payload: (v) => [...(acceptFirst ? [acceptItem(detail, 'Mentee', 'ACTIVE', v)] : []), acceptItem(detail, 'Mentor', 'MATCHED', v)],
        },
      ]
    }
    const accept: EditCall[] = acceptFirst ? [{ kind: 'accept', payload: (v) => [acceptItem(detail, 'Mentee', 'ACTIVE', v)] }] : []
    return mentorChanged && edit.mentor === 'DECLINED' ? [...accept, declineCall(detail, 'Mentor')] : accept
  }
  if (menteeChanged && edit.mentee === 'ACCEPTED') return mentorCalls(true)
  if (!menteeChanged && edit.mentee === 'ACCEPTED') return mentorCalls(false)
  return []
}
