// docs/product.md#team-editing, rule by rule, plus properties over every reachable edit.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  PROPOSAL_STATES,
  TANDEM_STATES,
  proposalIdOf,
  tandemIdOf,
  type ProposalState,
  type TandemState,
  type TeamDetail,
} from '@tandem/core'
import {
  EDITABLE_PROPOSAL_STATES,
  callsToSave,
  chooseMenteeStatus,
  chooseMentorStatus,
  isMenteeEditable,
  isMentorEditable,
  isReleaseEnabled,
  isSaveEnabled,
  startEditing,
  type TeamEdit,
} from '../src/features/admin/teamEditing.rules.js'

const aTeam = (tandemStatus: TandemState, mentee: ProposalState, mentor: ProposalState, version = 3): TeamDetail => ({
  tandemId: tandemIdOf(42),
  version,
  tandemStatus,
  matchingTandemMenteeProposal: {
    status: mentee,
    proposalId: proposalIdOf(tandemIdOf(42), 'Mentee'),
    email: 'mia@example.org',
    firstName: 'Mia',
    lastName: 'Muster',
    createdDate: '2026-03-02T09:00:00.000Z',
    comment: null,
    declineReasonText: null,
    declineInformationText: null,
  },
  matchingTandemMentorProposal: {
    status: mentor,
    proposalId: proposalIdOf(tandemIdOf(42), 'Mentor'),
    email: 'max@example.org',
    firstName: 'Max',
    lastName: 'Mentor',
    createdDate: '2026-03-02T09:00:00.000Z',
    comment: null,
    declineReasonText: null,
    declineInformationText: null,
  },
})

const proposed = () => aTeam('ACTIVE', 'PROPOSED', 'PROPOSED')

describe('the status selects', () => {
  it('offers every proposal state except CLOSED (and never NOREACTION)', () => {
    expect(EDITABLE_PROPOSAL_STATES).not.toContain('CLOSED')
    expect(EDITABLE_PROPOSAL_STATES).not.toContain('NOREACTION')
    expect(EDITABLE_PROPOSAL_STATES).toEqual(expect.arrayContaining(['PROPOSED', 'ACCEPTED', 'DECLINED']))
  })

  it('lets the admin edit the mentee status only when the team is ACTIVE and the mentee proposal was PROPOSED', () => {
    expect(isMenteeEditable(startEditing(proposed()))).toBe(true)
    expect(isMenteeEditable(startEditing(aTeam('ACTIVE', 'ACCEPTED', 'PROPOSED')))).toBe(false)
    for (const state of TANDEM_STATES.filter((s) => s !== 'ACTIVE'))
      expect(isMenteeEditable(startEditing(aTeam(state, 'PROPOSED', 'PROPOSED')))).toBe(false)
  })

  it('lets the admin edit the mentor status only when the team is ACTIVE and the mentee status is currently ACCEPTED', () => {
    const edit = startEditing(proposed())
    expect(isMentorEditable(edit)).toBe(false)
    expect(isMentorEditable(chooseMenteeStatus(edit, 'ACCEPTED'))).toBe(true)
    expect(isMentorEditable(chooseMenteeStatus(edit, 'DECLINED'))).toBe(false)
    expect(isMentorEditable(startEditing(aTeam('ACTIVE', 'ACCEPTED', 'PROPOSED')))).toBe(true)
    expect(isMentorEditable(startEditing(aTeam('MATCHED', 'ACCEPTED', 'ACCEPTED')))).toBe(false)
  })

  it('keeps the mentor selection when the mentee is set to ACCEPTED and resets it on any other mentee choice', () => {
    const accepted = chooseMentorStatus(chooseMenteeStatus(startEditing(proposed()), 'ACCEPTED'), 'DECLINED')
    expect(accepted.mentor).toBe('DECLINED')
    expect(chooseMenteeStatus(accepted, 'ACCEPTED').mentor).toBe('DECLINED')
    expect(chooseMenteeStatus(accepted, 'DECLINED').mentor).toBe('PROPOSED')
    expect(chooseMenteeStatus(accepted, 'PROPOSED').mentor).toBe('PROPOSED')
  })

  it('ignores a choice on a select that is not editable', () => {
    const matched = startEditing(aTeam('MATCHED', 'ACCEPTED', 'ACCEPTED'))
    expect(chooseMenteeStatus(matched, 'DECLINED')).toEqual(matched)
    expect(chooseMentorStatus(startEditing(proposed()), 'ACCEPTED')).toEqual(startEditing(proposed()))
  })
})

describe('save and release', () => {
  it('enables Save only on an ACTIVE team with at least one status changed', () => {
    const edit = startEditing(proposed())
    expect(isSaveEnabled(edit)).toBe(false)
    expect(isSaveEnabled(chooseMenteeStatus(edit, 'ACCEPTED'))).toBe(true)
    expect(isSaveEnabled(chooseMenteeStatus(chooseMenteeStatus(edit, 'ACCEPTED'), 'PROPOSED'))).toBe(false)
    const closed: TeamEdit = { ...edit, tandemStatus: 'CLOSED', mentee: 'ACCEPTED' }
    expect(isSaveEnabled(closed)).toBe(false)
  })

  it('enables Release only on an ACTIVE or MATCHED team', () => {
    expect(TANDEM_STATES.filter(isReleaseEnabled)).toEqual(['ACTIVE', 'MATCHED'])
  })
})

describe('the calls a save makes', () => {
  it('mentee DECLINED: one decline of the mentee proposal together with the team decline', () => {
    const calls = callsToSave(chooseMenteeStatus(startEditing(proposed()), 'DECLINED'), proposed())
    expect(calls.map((c) => c.kind)).toEqual(['decline'])
    const call = calls[0]!
    if (call.kind !== 'decline') throw new Error('expected a decline')
    expect(call.payload(3)).toEqual({
      declineProposal: {
        proposalId: 83,
        proposalState: 'DECLINED',
        comment: null,
        declineMatchingTandem: { matchingTandemId: 42, tandemState: 'DECLINED', version: 3 },
      },
      menteeEmail: 'mia@example.org',
      mentorEmail: 'max@example.org',
      role: 'Mentee',
    })
  })

  it('mentee ACCEPTED alone: the mentee proposal is accepted with team state ACTIVE', () => {
    const calls = callsToSave(chooseMenteeStatus(startEditing(proposed()), 'ACCEPTED'), proposed())
    expect(calls).toHaveLength(1)
    const call = calls[0]!
    if (call.kind !== 'accept') throw new Error('expected an accept')
    expect(call.payload(3)).toEqual([
      {
        email: 'mia@example.org',
        role: 'Mentee',
        pairedUserEmail: 'max@example.org',
        proposalSaveModel: [{ proposalId: 83, proposalState: 'ACCEPTED' }],
        matchingTandemSaveModel: [{ matchingTandemId: 42, tandemState: 'ACTIVE', version: 3 }],
      },
    ])
  })

  it("mentee and mentor ACCEPTED: both accepts in one call, the mentor's with team state MATCHED", () => {
    const edit = chooseMentorStatus(chooseMenteeStatus(startEditing(proposed()), 'ACCEPTED'), 'ACCEPTED')
    const calls = callsToSave(edit, proposed())
    expect(calls.map((c) => c.kind)).toEqual(['accept'])
    const call = calls[0]!
    if (call.kind !== 'accept') throw new Error('expected an accept')
    expect(call.payload(3).map((i) => [i.role, i.proposalSaveModel[0]?.proposalId, i.matchingTandemSaveModel[0]?.tandemState])).toEqual([
      ['Mentee', 83, 'ACTIVE'],
      ['Mentor', 84, 'MATCHED'],
    ])
  })

  it('mentee ACCEPTED and mentor DECLINED: the accept first, then the mentor decline with the team decline', () => {
    const edit = chooseMentorStatus(chooseMenteeStatus(startEditing(proposed()), 'ACCEPTED'), 'DECLINED')
    const calls = callsToSave(edit, proposed())
    expect(calls.map((c) => (c.kind === 'decline' ? `decline ${c.side}` : 'accept'))).toEqual(['accept', 'decline Mentor'])
    const decline = calls[1]!
    if (decline.kind !== 'decline') throw new Error('expected a decline')
    // The second call carries the version the first one left.
    expect(decline.payload(4).declineProposal).toEqual({
      proposalId: 84,
      proposalState: 'DECLINED',
      comment: null,
      declineMatchingTandem: { matchingTandemId: 42, tandemState: 'DECLINED', version: 4 },
    })
  })

  it("a mentor change after the mentee had accepted: only the mentor's accept (team MATCHED) or decline", () => {
    const waiting = aTeam('ACTIVE', 'ACCEPTED', 'PROPOSED')
    const accept = callsToSave(chooseMentorStatus(startEditing(waiting), 'ACCEPTED'), waiting)
    const first = accept[0]
    if (first?.kind !== 'accept') throw new Error('expected an accept')
    expect(first.payload(5).map((i) => [i.role, i.matchingTandemSaveModel[0]?.tandemState])).toEqual([['Mentor', 'MATCHED']])
    expect(
      callsToSave(chooseMentorStatus(startEditing(waiting), 'DECLINED'), waiting).map((c) => (c.kind === 'decline' ? c.side : c.kind)),
    ).toEqual(['Mentor'])
  })

  it('makes no call when nothing changed or the team is not ACTIVE', () => {
    expect(callsToSave(startEditing(proposed()), proposed())).toEqual([])
    const matched = aTeam('MATCHED', 'ACCEPTED', 'ACCEPTED')
    expect(callsToSave({ ...startEditing(matched), mentor: 'DECLINED' }, matched)).toEqual([])
  })
})

describe('properties over any sequence of choices', () => {
  const choice = fc.record({
    side: fc.constantFrom('mentee' as const, 'mentor' as const),
    state: fc.constantFrom(...EDITABLE_PROPOSAL_STATES),
  })
  const team = fc
    .record({
      tandemStatus: fc.constantFrom(...TANDEM_STATES),
      mentee: fc.constantFrom(...PROPOSAL_STATES),
      mentor: fc.constantFrom(...PROPOSAL_STATES),
    })
    // Reachable teams only: while a team is ACTIVE its mentor proposal is PROPOSED and its mentee's PROPOSED or ACCEPTED.
    .filter((s) => s.tandemStatus !== 'ACTIVE' || (s.mentor === 'PROPOSED' && (s.mentee === 'PROPOSED' || s.mentee === 'ACCEPTED')))
    .map((s) => aTeam(s.tandemStatus, s.mentee, s.mentor))

  it('a non-ACTIVE team never changes; the mentor differs from its original only while the mentee is ACCEPTED; Save iff calls', () => {
    fc.assert(
      fc.property(team, fc.array(choice, { maxLength: 8 }), (detail, choices) => {
        const edit = choices.reduce(
          (e, c) => (c.side === 'mentee' ? chooseMenteeStatus(e, c.state) : chooseMentorStatus(e, c.state)),
          startEditing(detail),
        )
        if (detail.tandemStatus !== 'ACTIVE') expect(edit).toEqual(startEditing(detail))
        if (edit.mentor !== edit.mentorOriginal) expect(edit.mentee).toBe('ACCEPTED')
        expect(callsToSave(edit, detail).length > 0).toBe(isSaveEnabled(edit))
      }),
      { numRuns: 300 },
    )
  })
})
