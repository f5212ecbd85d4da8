// Branded ids: a request's program-year, tandem, proposal or user id passes only through its codec,
// which refuses what no database could have written (0, negative, fractional), with the same
// translated error as other ids.
import * as E from 'fp-ts/lib/Either.js'
import type * as t from 'io-ts'
import { describe, expect, it } from 'vitest'
import * as api from '../src/api/index.js'
import {
  ClusterId,
  clusterIdOf,
  ProposalId,
  proposalIdOf,
  TandemId,
  tandemIdOf,
  tandemIdOfProposal,
  UserId,
  userIdOf,
} from '../src/index.js'

type Case = { readonly codec: t.Mixed; readonly field: string; readonly body: (id: unknown) => unknown }

/** Every request codec that decodes a program-year id, and where its field error lands. */
const CLUSTER_ID_REQUESTS: Readonly<Record<string, Case>> = {
  ProfileUpdateRequest: { codec: api.ProfileUpdateRequest, field: 'clusterId', body: (id) => ({ clusterId: id }) },
  MenteeStateSavePayload: { codec: api.MenteeStateSavePayload, field: 'clusterId', body: (id) => ({ clusterId: id }) },
  MatchingTandemListRequest: { codec: api.MatchingTandemListRequest, field: 'filterCluster.0', body: (id) => ({ filterCluster: [id] }) },
  ExportUserDataRequest: {
    codec: api.ExportUserDataRequest,
    field: 'filterData.clusterIds.0',
    body: (id) => ({ filterData: { clusterIds: [id] } }),
  },
  StatisticsFilter: { codec: api.StatisticsFilter, field: 'clusterIds.0', body: (id) => ({ clusterIds: [id] }) },
  CohortRunRequest: { codec: api.CohortRunRequest, field: 'clusterId', body: (id) => ({ clusterId: id }) },
  QuestionnairePreviewRequest: { codec: api.QuestionnairePreviewRequest, field: 'clusterId', body: (id) => ({ clusterId: id }) },
}

/** The GET calls name the program year in their query string. */
const CLUSTER_ID_QUERIES: Readonly<Record<string, t.Mixed>> = {
  CloseClusterQuery: api.CloseClusterQuery,
  AttentionQuery: api.AttentionQuery,
  AttentionExportQuery: api.AttentionExportQuery,
  WaitlistOverviewQuery: api.WaitlistOverviewQuery,
}

const errorsAt = (codec: t.Mixed, input: unknown, field: string): readonly string[] => {
  const result = api.decodeOrFieldErrors(codec, input)
  return E.isLeft(result) ? result.left.filter((e) => e.field === field).map((e) => e.key) : []
}

describe('program-year ids (ClusterId)', () => {
  it('are positive safe integers', () => {
    for (const n of [1, 42, Number.MAX_SAFE_INTEGER]) expect(ClusterId.is(n)).toBe(true)
    for (const n of [0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1, '1']) expect(ClusterId.is(n)).toBe(false)
  })

  it.each(Object.entries(CLUSTER_ID_REQUESTS))('%s refuses 0, negative and fractional ids as invalid-value', (_name, c) => {
    expect(errorsAt(c.codec, c.body(7), c.field)).toEqual([])
    for (const bad of [0, -3, 1.5]) expect(errorsAt(c.codec, c.body(bad), c.field)).toEqual(['invalid-value'])
  })

  it.each(Object.entries(CLUSTER_ID_QUERIES))('%s refuses 0, negative and fractional ids as invalid-value', (_name, codec) => {
    expect(errorsAt(codec, { clusterId: '7' }, 'clusterId')).toEqual([])
    for (const bad of ['0', '-3', '1.5']) expect(errorsAt(codec, { clusterId: bad }, 'clusterId')).toEqual(['invalid-value'])
  })

  it('decode a query id to the number', () => {
    expect(api.CloseClusterQuery.decode({ clusterId: '7' })).toEqual(E.right({ clusterId: clusterIdOf(7) }))
  })

  it('cannot stand for another kind of id (a compile error, checked by the typecheck)', () => {
    const programYear = (id: ClusterId): number => id
    // @ts-expect-error a plain number is not a program year's id
    expect(programYear(3)).toBe(3)
    expect(programYear(clusterIdOf(3))).toBe(3)
  })
})

/** Every request codec that decodes a tandem id. */
const TANDEM_ID_REQUESTS: Readonly<Record<string, Case>> = {
  NotifyUserPayload: { codec: api.NotifyUserPayload, field: 'matchingTandemId', body: (id) => ({ matchingTandemId: id }) },
  AdminAcceptPayload: {
    codec: api.AdminAcceptPayload,
    field: '0.matchingTandemSaveModel.0.matchingTandemId',
    body: (id) => [{ matchingTandemSaveModel: [{ matchingTandemId: id }] }],
  },
  AdminDeclinePayload: {
    codec: api.AdminDeclinePayload,
    field: 'declineProposal.declineMatchingTandem.matchingTandemId',
    body: (id) => ({ declineProposal: { declineMatchingTandem: { matchingTandemId: id } } }),
  },
  AnswerCheckInPayload: { codec: api.AnswerCheckInPayload, field: 'matchingTandemId', body: (id) => ({ matchingTandemId: id }) },
  EndTandemPayload: { codec: api.EndTandemPayload, field: 'matchingTandemId', body: (id) => ({ matchingTandemId: id }) },
  AdminEndTandemPayload: { codec: api.AdminEndTandemPayload, field: 'matchingTandemId', body: (id) => ({ matchingTandemId: id }) },
  AcceptDeclinePayload: {
    codec: api.AcceptDeclinePayload,
    field: 'matchingTandemSaveModel.matchingTandemId',
    body: (id) => ({ matchingTandemSaveModel: { matchingTandemId: id } }),
  },
}

describe('tandem ids (TandemId)', () => {
  it('are positive safe integers', () => {
    for (const n of [1, 42, Number.MAX_SAFE_INTEGER]) expect(TandemId.is(n)).toBe(true)
    for (const n of [0, -1, 1.5, Number.NaN, '1']) expect(TandemId.is(n)).toBe(false)
  })

  it.each(Object.entries(TANDEM_ID_REQUESTS))('%s refuses 0, negative and fractional ids as invalid-value', (_name, c) => {
    expect(errorsAt(c.codec, c.body(7), c.field)).toEqual([])
    for (const bad of [0, -3, 1.5]) expect(errorsAt(c.codec, c.body(bad), c.field)).toEqual(['invalid-value'])
  })

  it.each([
    ['TeamTimelineQuery', api.TeamTimelineQuery, 'tandemId'],
    ['MatchingTandemByIdQuery', api.MatchingTandemByIdQuery, 'matchingTandemId'],
  ] as const)('%s refuses 0, negative and fractional ids as invalid-value', (_name, codec, field) => {
    expect(errorsAt(codec, { [field]: '7' }, field)).toEqual([])
    for (const bad of ['0', '-3', '1.5']) expect(errorsAt(codec, { [field]: bad }, field)).toEqual(['invalid-value'])
    expect(codec.decode({ [field]: '7' })).toEqual(E.right({ [field]: tandemIdOf(7) }))
  })

  it('cannot stand for a program year (a compile error, checked by the typecheck)', () => {
    const programYear = (id: ClusterId): number => id
    // @ts-expect-error a tandem id is not a program year's id
    expect(programYear(tandemIdOf(3))).toBe(3)
  })
})

/** Every request codec that decodes a proposal id. */
const PROPOSAL_ID_REQUESTS: Readonly<Record<string, Case>> = {
  AcceptDeclinePayload: {
    codec: api.AcceptDeclinePayload,
    field: 'proposalSaveModel.proposalId',
    body: (id) => ({ proposalSaveModel: { proposalId: id } }),
  },
  AdminAcceptPayload: {
    codec: api.AdminAcceptPayload,
    field: '0.proposalSaveModel.0.proposalId',
    body: (id) => [{ proposalSaveModel: [{ proposalId: id }] }],
  },
  AdminDeclinePayload: {
    codec: api.AdminDeclinePayload,
    field: 'declineProposal.proposalId',
    body: (id) => ({ declineProposal: { proposalId: id } }),
  },
  CloseTandemPayload: { codec: api.CloseTandemPayload, field: '0.proposalId', body: (id) => [{ proposalId: id }] },
}

describe('proposal ids (ProposalId)', () => {
  it('are positive safe integers, made from their tandem id', () => {
    for (const n of [1, 42, Number.MAX_SAFE_INTEGER]) expect(ProposalId.is(n)).toBe(true)
    for (const n of [0, -1, 1.5, '1']) expect(ProposalId.is(n)).toBe(false)
    expect([proposalIdOf(tandemIdOf(7), 'Mentee'), proposalIdOf(tandemIdOf(7), 'Mentor')]).toEqual([13, 14])
  })

  it.each(Object.entries(PROPOSAL_ID_REQUESTS))('%s refuses 0, negative and fractional ids as invalid-value', (_name, c) => {
    expect(errorsAt(c.codec, c.body(7), c.field)).toEqual([])
    for (const bad of [0, -3, 1.5]) expect(errorsAt(c.codec, c.body(bad), c.field)).toEqual(['invalid-value'])
  })

  it('cannot stand for its tandem (a compile error, checked by the typecheck)', () => {
    const mentees = proposalIdOf(tandemIdOf(7), 'Mentee')
    // @ts-expect-error a proposal id is not its tandem's id: tandemIdOfProposal leads there
    expect(proposalIdOf(mentees, 'Mentee')).toBe(25)
    expect(proposalIdOf(tandemIdOfProposal(mentees), 'Mentee')).toBe(mentees)
  })
})

/** Every request codec that decodes a user id. */
const USER_ID_REQUESTS: Readonly<Record<string, Case>> = {
  'CohortDraftEdit (mentee)': { codec: api.CohortDraftEdit, field: 'menteeId', body: (id) => ({ runId: 1, menteeId: id, mentorId: null }) },
  'CohortDraftEdit (mentor)': { codec: api.CohortDraftEdit, field: 'mentorId', body: (id) => ({ runId: 1, menteeId: 2, mentorId: id }) },
  ManualTandemCreatePayload: {
    codec: api.ManualTandemCreatePayload,
    field: 'mentees.userId',
    body: (id) => ({ mentees: { userId: id, email: 'mia@example.org' }, mentors: { userId: 2, email: 'max@example.org' } }),
  },
}

describe('user ids (UserId)', () => {
  it('are positive safe integers', () => {
    for (const n of [1, 42, Number.MAX_SAFE_INTEGER]) expect(UserId.is(n)).toBe(true)
    for (const n of [0, -1, 1.5, Number.NaN, '1']) expect(UserId.is(n)).toBe(false)
  })

  it.each(Object.entries(USER_ID_REQUESTS))('%s refuses 0, negative and fractional ids as invalid-value', (_name, c) => {
    expect(errorsAt(c.codec, c.body(7), c.field)).toEqual([])
    for (const bad of [0, -3, 1.5]) expect(errorsAt(c.codec, c.body(bad), c.field)).toEqual(['invalid-value'])
  })

  it('CohortChoicesQuery refuses 0, negative and fractional ids as invalid-value', () => {
    expect(errorsAt(api.CohortChoicesQuery, { runId: '1', menteeId: '7' }, 'menteeId')).toEqual([])
    for (const bad of ['0', '-3', '1.5'])
      expect(errorsAt(api.CohortChoicesQuery, { runId: '1', menteeId: bad }, 'menteeId')).toEqual(['invalid-value'])
    expect(api.CohortChoicesQuery.decode({ runId: '1', menteeId: '7' })).toEqual(E.right({ runId: 1, menteeId: userIdOf(7) }))
  })

  it('cannot stand for a tandem id, nor a tandem id for it (a compile error, checked by the typecheck)', () => {
    const team = (id: TandemId): number => id
    const person = (id: UserId): number => id
    // @ts-expect-error a user id is not a tandem's id
    expect(team(userIdOf(3))).toBe(3)
    // @ts-expect-error a tandem id is not a user's id
    expect(person(tandemIdOf(3))).toBe(3)
    // @ts-expect-error a plain number is not a user's id
    expect(person(3)).toBe(3)
    expect(person(userIdOf(3))).toBe(3)
  })
})
