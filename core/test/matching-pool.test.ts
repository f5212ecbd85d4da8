// Who matching may pair: the mentors in the pool and the mentees a program year's cohort may take,
// read from the status tables (a run proposes from AVAILABLE; a cohort pairs NEW or AVAILABLE mentees).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  clusterIdOf,
  COHORT_MENTEE_STATUSES,
  isInMentorPool,
  mayJoinCohort,
  MENTOR_POOL_STATUSES,
  mentorStatusMove,
  menteeStatusMove,
  STATUSES,
  type StatusName,
} from '../src/index.js'

describe('the mentor pool', () => {
  it('holds published AVAILABLE mentors only', () => {
    expect(MENTOR_POOL_STATUSES).toEqual(['AVAILABLE'])
    expect(isInMentorPool({ status: 'AVAILABLE', published: true })).toBe(true)
  })

  it('leaves out unpublished mentors, paused, reserved and matched ones, and people with no mentor side', () => {
    expect(isInMentorPool({ status: 'AVAILABLE', published: false })).toBe(false)
    for (const status of ['NEW', 'PAUSED', 'PROPOSED', 'MATCHED'] as const) expect(isInMentorPool({ status, published: true })).toBe(false)
    expect(isInMentorPool(null)).toBe(false)
  })

  it('is exactly the published mentors a run may propose (the status table says so)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...STATUSES), fc.boolean(), (status: StatusName, published) => {
        expect(isInMentorPool({ status, published })).toBe(published && mentorStatusMove(status, 'Proposed') === 'PROPOSED')
      }),
    )
  })
})

describe('who may join a cohort', () => {
  it('takes mentees of the program year who never started a run (NEW) or wait again (AVAILABLE)', () => {
    expect(COHORT_MENTEE_STATUSES).toEqual(['NEW', 'AVAILABLE'])
    expect(mayJoinCohort({ status: 'NEW', clusterId: clusterIdOf(3) }, clusterIdOf(3))).toBe(true)
    expect(mayJoinCohort({ status: 'AVAILABLE', clusterId: clusterIdOf(3) }, clusterIdOf(3))).toBe(true)
  })

  it('refuses mentees of another year or none, running, proposed, matched or inactive ones, and non-mentees', () => {
    expect(mayJoinCohort({ status: 'AVAILABLE', clusterId: clusterIdOf(4) }, clusterIdOf(3))).toBe(false)
    expect(mayJoinCohort({ status: 'AVAILABLE', clusterId: null }, clusterIdOf(3))).toBe(false)
    for (const status of ['PENDING', 'PROPOSED', 'MATCHED', 'INACTIVE'] as const)
      expect(mayJoinCohort({ status, clusterId: clusterIdOf(3) }, clusterIdOf(3))).toBe(false)
    expect(mayJoinCohort(null, clusterIdOf(3))).toBe(false)
  })

  it('is exactly the statuses a published cohort pairing may move', () => {
    fc.assert(
      fc.property(fc.constantFrom(...STATUSES), (status) => {
        expect(mayJoinCohort({ status, clusterId: clusterIdOf(1) }, clusterIdOf(1))).toBe(
          menteeStatusMove(status, 'CohortProposed') === 'PROPOSED',
        )
      }),
    )
  })
})
