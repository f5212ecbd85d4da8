// The administrator's team editing rules of docs/product.md#team-editing, pure: which status select is editable, the
// mentor reset, when Save and Release are enabled, and the calls a save makes, in their order.
import type { AdminAcceptPayload, AdminDeclinePayload, ProposalState, TandemState, TeamDetail } from '@tandem/core'

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

/** Only an ACTIVE team whose mentee proposal was originally PROPOSED. */
export const isMenteeEditable = (edit: TeamEdit): boolean => edit.tandemStatus === 'ACTIVE' && edit.menteeOriginal === 'PROPOSED'

/** Only an ACTIVE team whose mentee status is (now) ACCEPTED; otherwise a read-only badge. */
export const isMentorEditable = (edit: TeamEdit): boolean => edit.tandemStatus === 'ACTIVE' && edit.mentee === 'ACCEPTED'

/** Choosing mentee ACCEPTED keeps the mentor selection; any other choice resets the mentor. */
export const chooseMenteeStatus = (edit: TeamEdit, next: ProposalState): TeamEdit => {
  if (!isMenteeEditable(edit)) return edit
  return next === 'ACCEPTED' ? { ...edit, mentee: next } : { ...edit, mentee: next, mentor: edit.mentorOriginal }
}

export const chooseMentorStatus = (edit: TeamEdit, next: ProposalState): TeamEdit =>
  isMentorEditable(edit) ? { ...edit, mentor: next } : edit

export const hasChanges = (edit: TeamEdit): boolean => edit.mentee !== edit.menteeOriginal || edit.mentor !== edit.mentorOriginal

/** Save: an ACTIVE team with at least one status changed. */
export const isSaveEnabled = (edit: TeamEdit): boolean => edit.tandemStatus === 'ACTIVE' && hasChanges(edit)

/** Release: only an ACTIVE or MATCHED team. */
export const isReleaseEnabled = (tandemStatus: TandemState): boolean => tandemStatus === 'ACTIVE' || tandemStatus === 'MATCHED'

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
