// Who matching may pair: the mentors in the pool, the mentees a program year's cohort may take, a
// run may start for and a manual team may pair, and who the pool statistics count as waiting, read
// from the status tables (a run proposes from AVAILABLE; a cohort pairs NEW or AVAILABLE mentees).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  clusterIdOf,
  COHORT_MENTEE_STATUSES,
  isInMentorPool,
  isWaitingInPool,
  MANUAL_MENTEE_STATUSES,
  mayBePairedByHand,
  mayJoinCohort,
  mayStartRun,
  POOL_WAITING_MENTEE_STATUSES,
  RUN_START_STATUSES,
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

describe('whom a run may start for', () => {
  it('is a mentee who never started (NEW) or waits again (AVAILABLE)', () => {
    expect(RUN_START_STATUSES).toEqual(['NEW', 'AVAILABLE'])
    expect(mayStartRun(null)).toBe(false)
  })

  it('is exactly the statuses the run’s start may move', () => {
    fc.assert(
      fc.property(fc.constantFrom(...STATUSES), (status) => {
        expect(mayStartRun({ status })).toBe(menteeStatusMove(status, 'StartRun') === 'PENDING')
      }),
    )
  })
})

describe('who the pool statistics count as waiting', () => {
  it('is a mentee who started matching once and is looked for (PENDING) or was found nobody (AVAILABLE)', () => {
    expect(POOL_WAITING_MENTEE_STATUSES).toEqual(['PENDING', 'AVAILABLE'])
    expect(isWaitingInPool({ status: 'AVAILABLE', firstStartedAt: 1 })).toBe(true)
    expect(isWaitingInPool({ status: 'AVAILABLE', firstStartedAt: null })).toBe(false)
    expect(isWaitingInPool(null)).toBe(false)
  })

  it('is exactly the statuses a run moves the mentee to when it starts or finds nobody', () => {
    fc.assert(
      fc.property(fc.constantFrom(...STATUSES), (status) => {
        const reached = STATUSES.some((from) =>
          [menteeStatusMove(from, 'StartRun'), menteeStatusMove(from, 'RunFoundNone')].includes(status),
        )
        expect(isWaitingInPool({ status, firstStartedAt: 0 })).toBe(reached)
      }),
    )
  })
})

describe('whom a manual team may pair', () => {
  it('is an AVAILABLE mentee', () => {
    expect(MANUAL_MENTEE_STATUSES).toEqual(['AVAILABLE'])
    expect(mayBePairedByHand(null)).toBe(false)
  })

  it('is exactly the statuses a manual proposal may move', () => {
    fc.assert(
      fc.property(fc.constantFrom(...STATUSES), (status) => {
        expect(mayBePairedByHand({ status })).toBe(menteeStatusMove(status, 'ManualProposed') === 'PROPOSED')
      }),
    )
  })
})
