// The tandem state machine as an explicit table (docs/product.md#tandem-moves). A tandem's phase is its state
// together with its two proposal states; transitions consult the table and tests enumerate it.
import type { ProposalState, TandemState } from './tandem.codec.js'

export type TandemPhase = 'AwaitingMentee' | 'AwaitingMentor' | 'Matched' | 'Declined' | 'Closed' | 'NoReaction'
export const TANDEM_PHASES: readonly TandemPhase[] = ['AwaitingMentee', 'AwaitingMentor', 'Matched', 'Declined', 'Closed', 'NoReaction']

export type TandemEvent =
  | 'MenteeAccepts'
  | 'MenteeDeclines'
  | 'MenteeDeadlinePasses'
  | 'MentorAccepts'
  | 'MentorDeclines'
  | 'MentorDeadlinePasses'
  | 'OtherMentorChosen'
  | 'AdminReleases'
  | 'ClusterDeactivated'
  /** The mentee, the mentor or an administrator ends a MATCHED team, with a reason. */
  | 'Ended'
export const TANDEM_EVENTS: readonly TandemEvent[] = [
  'MenteeAccepts',
  'MenteeDeclines',
  'MenteeDeadlinePasses',
  'MentorAccepts',
  'MentorDeclines',
  'MentorDeadlinePasses',
  'OtherMentorChosen',
  'AdminReleases',
  'ClusterDeactivated',
  'Ended',
]

/** from phase -> event -> to phase; a pair missing here is an illegal move. */
export const TANDEM_MOVES: Readonly<Record<TandemPhase, Readonly<Partial<Record<TandemEvent, TandemPhase>>>>> = {
  AwaitingMentee: {
    MenteeAccepts: 'AwaitingMentor',
    MenteeDeclines: 'Declined',
    MenteeDeadlinePasses: 'NoReaction',
    OtherMentorChosen: 'Closed',
    AdminReleases: 'Closed',
    ClusterDeactivated: 'Closed',
  },
  AwaitingMentor: {
    MentorAccepts: 'Matched',
    MentorDeclines: 'Declined',
    MentorDeadlinePasses: 'NoReaction',
    AdminReleases: 'Closed',
    ClusterDeactivated: 'Closed',
  },
  Matched: { AdminReleases: 'Closed', ClusterDeactivated: 'Closed', Ended: 'Closed' },
  Declined: {},
  Closed: {},
  NoReaction: {},
}

export const tandemMove = (from: TandemPhase, event: TandemEvent): TandemPhase | undefined => TANDEM_MOVES[from][event]

/** A tandem state with its two proposal states. */
export type PhaseShape = { readonly state: TandemState; readonly mentee: ProposalState; readonly mentor: ProposalState }

/**
 * The tandem state and proposal states each phase allows. A mentee decline closes the mentor
 * proposal, a mentor decline keeps the accepted mentee proposal: both are Declined.
 */
export const PHASE_SHAPES: Readonly<Record<TandemPhase, readonly PhaseShape[]>> = {
  AwaitingMentee: [{ state: 'ACTIVE', mentee: 'PROPOSED', mentor: 'PROPOSED' }],
  AwaitingMentor: [{ state: 'ACTIVE', mentee: 'ACCEPTED', mentor: 'PROPOSED' }],
  Matched: [{ state: 'MATCHED', mentee: 'ACCEPTED', mentor: 'ACCEPTED' }],
  Declined: [
    { state: 'DECLINED', mentee: 'DECLINED', mentor: 'CLOSED' },
    { state: 'DECLINED', mentee: 'ACCEPTED', mentor: 'DECLINED' },
  ],
  Closed: [{ state: 'CLOSED', mentee: 'CLOSED', mentor: 'CLOSED' }],
  NoReaction: [{ state: 'NOREACTION', mentee: 'CLOSED', mentor: 'CLOSED' }],
}

/** The phase of a tandem, or undefined when its state and proposals fit no phase (corrupt data). */
export const tandemPhase = (t: {
  readonly state: TandemState
  readonly menteeProposal: { readonly state: ProposalState }
  readonly mentorProposal: { readonly state: ProposalState }
}): TandemPhase | undefined =>
  TANDEM_PHASES.find((phase) =>
    PHASE_SHAPES[phase].some((s) => s.state === t.state && s.mentee === t.menteeProposal.state && s.mentor === t.mentorProposal.state),
  )

export const isTerminalPhase = (phase: TandemPhase): boolean => Object.keys(TANDEM_MOVES[phase]).length === 0
