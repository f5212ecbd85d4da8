import { proposalIdOf, tandemIdOf } from '@tandem/core'
import { describe, expect, it } from 'vitest'
import { canStartMatching, startMatchingFailure } from '../src/shared/start-matching.js'
import {
  decisionFailure,
  nextDeadline,
  panelFor,
  timeLeft,
  topProposal,
  visibleProposals,
  type SideFacts,
} from '../src/features/dashboard/dashboard.logic.js'
import { aProposal } from './utils/proposal.fixtures.js'

const facts = (overrides: Partial<SideFacts>): SideFacts => ({
  status: 'NEW',
  saved: false,
  published: false,
  noMatch: false,
  proposals: [],
  ...overrides,
})

describe('dashboard by status (docs/product.md#dashboard)', () => {
  it('shows a new mentee without answers the no-profile panel', () => {
    expect(panelFor('Mentee', facts({ status: 'NEW' }))).toBe('noProfile')
  })
  it('offers a new mentee with saved answers to start matching', () => {
    expect(panelFor('Mentee', facts({ status: 'NEW', saved: true }))).toBe('startMatching')
  })
  it('shows a mentor with saved but unpublished answers the publish-profile panel', () => {
    expect(panelFor('Mentor', facts({ status: 'NEW', saved: true }))).toBe('publishProfile')
  })
  it('shows a pending mentee the matching-running panel', () => {
    expect(panelFor('Mentee', facts({ status: 'PENDING', saved: true }))).toBe('matchingRunning')
  })
  it('shows an available mentee the proposals when present', () => {
    expect(panelFor('Mentee', facts({ status: 'PROPOSED', proposals: [aProposal()] }))).toBe('proposals')
  })
  it('shows an available mentee the no-proposals panel when the no-match flag is set, else start matching', () => {
    expect(panelFor('Mentee', facts({ status: 'AVAILABLE', noMatch: true }))).toBe('noProposals')
    expect(panelFor('Mentee', facts({ status: 'AVAILABLE' }))).toBe('startMatching')
  })
  it('shows an available mentee whose team ended the team-ended panel, unless proposals came since', () => {
    expect(panelFor('Mentee', facts({ status: 'AVAILABLE', saved: true, teamEnded: true }))).toBe('teamEnded')
    expect(panelFor('Mentee', facts({ status: 'PROPOSED', teamEnded: true, proposals: [aProposal()] }))).toBe('proposals')
    expect(panelFor('Mentor', facts({ status: 'AVAILABLE', teamEnded: true }))).toBe('noProposals')
  })
  it('shows an available mentor the proposals or the no-proposals panel', () => {
    expect(panelFor('Mentor', facts({ status: 'AVAILABLE' }))).toBe('noProposals')
    expect(panelFor('Mentor', facts({ status: 'PROPOSED', proposals: [aProposal({ proposalState: 'PROPOSED' })] }))).toBe('proposals')
  })
  it('shows a paused mentor the no-proposals panel if published before, else the publish panel', () => {
    expect(panelFor('Mentor', facts({ status: 'PAUSED', published: true }))).toBe('noProposals')
    expect(panelFor('Mentor', facts({ status: 'PAUSED', published: false }))).toBe('publishProfile')
  })
  it('shows matched proposals', () => {
    expect(
      panelFor('Mentee', facts({ status: 'MATCHED', proposals: [aProposal({ proposalState: 'ACCEPTED', tandemState: 'MATCHED' })] })),
    ).toBe('proposals')
  })
  it('shows only cards whose proposal state is PROPOSED or ACCEPTED', () => {
    const states = ['PROPOSED', 'ACCEPTED', 'DECLINED', 'CLOSED', 'MATCHED'] as const
    const shown = visibleProposals(
      states.map((s, i) => aProposal({ proposalId: proposalIdOf(tandemIdOf(i + 1), 'Mentee'), proposalState: s })),
    )
    expect(shown.map((p) => p.proposalState)).toEqual(['PROPOSED', 'ACCEPTED'])
  })
  it('does not let mentees with PROPOSED or MATCHED status start matching', () => {
    expect(canStartMatching('PROPOSED')).toBe(false)
    expect(canStartMatching('MATCHED')).toBe(false)
    expect(canStartMatching('PENDING')).toBe(false)
    expect(canStartMatching('AVAILABLE')).toBe(true)
    expect(canStartMatching('NEW')).toBe(true)
  })
  it('picks the proposal with the highest baseMatchRuleScore for the profile view', () => {
    const best = topProposal([
      aProposal({ proposalId: proposalIdOf(tandemIdOf(1), 'Mentee'), baseMatchRuleScore: 3 }),
      aProposal({ proposalId: proposalIdOf(tandemIdOf(2), 'Mentee'), baseMatchRuleScore: 9 }),
      aProposal({ proposalId: proposalIdOf(tandemIdOf(3), 'Mentee'), baseMatchRuleScore: 5 }),
    ])
    expect(best?.proposalId).toBe(proposalIdOf(tandemIdOf(2), 'Mentee'))
  })
})

describe('countdown', () => {
  it('counts hours and minutes left, floored and never negative', () => {
    const now = Date.parse('2026-11-22T10:00:00.000Z')
    expect(timeLeft('2026-11-24T09:05:30.000Z', now)).toEqual({ hours: 47, minutes: 5 })
    expect(timeLeft('2026-11-22T09:00:00.000Z', now)).toEqual({ hours: 0, minutes: 0 })
  })
  it('uses the earliest deadline of the proposals still waiting for an answer', () => {
    const proposals = [
      aProposal({ matchingTandemId: tandemIdOf(1) }),
      aProposal({ matchingTandemId: tandemIdOf(2) }),
      aProposal({ matchingTandemId: tandemIdOf(3), proposalState: 'ACCEPTED' }),
    ]
    const times = [
      { tandemId: 1, remainingHours: 40, remainingMinutes: 0, tandemValidUntil: '2026-11-24T10:00:00.000Z' },
      { tandemId: 2, remainingHours: 20, remainingMinutes: 0, tandemValidUntil: '2026-11-23T10:00:00.000Z' },
      { tandemId: 3, remainingHours: 1, remainingMinutes: 0, tandemValidUntil: '2026-11-22T11:00:00.000Z' },
    ]
    expect(nextDeadline(proposals, times)?.tandemId).toBe(2)
  })
})

describe('error catalogue (docs/product.md#errors)', () => {
  it('maps TandemAlreadyClosed to the timer-expired dialog', () => {
    expect(decisionFailure('TandemAlreadyClosed', 409)).toBe('timerExpired')
    expect(decisionFailure('ProposalExpired', 409)).toBe('proposalExpired')
    expect(decisionFailure('TandemChanged', 409)).toBe('tandemChanged')
    expect(decisionFailure(null, 500)).toBe('unexpected')
  })
  it('maps start-matching failures to their messages', () => {
    expect(startMatchingFailure('ProfileIncomplete')).toBe('dashboard.menteeProfileIncomplete')
    expect(startMatchingFailure('NotAvailableForMatching')).toBe('dashboard.couldNotStartMatching')
    expect(startMatchingFailure('MatchingAlreadyRunning')).toBe('dashboard.matchingAlreadyRunning')
    expect(startMatchingFailure('Unexpected')).toBe('dashboard.menteeUpdateProfileError')
    expect(startMatchingFailure('ClusterEnded')).toBe('dashboard.contactAdministrator')
  })
})
