// Answers to a tandem, release, manual creation and the deadline sweep (docs/product.md#tandem-moves).
import { describe, expect, it } from 'vitest'
import {
  tandemIdOf,
  clusterIdOf,
  acceptByMentee,
  acceptByMentor,
  checkInvariants,
  createCohortTandem,
  createManualTandem,
  declineByMentee,
  declineByMentor,
  expireDeadlines,
  HOUR,
  MANUAL_SCORE,
  MINUTE,
  releaseTandem,
  remainingTime,
  sequenceTransitions,
  type World,
} from '../src/index.js'
import {
  ANNA,
  BEN,
  BOTH,
  left,
  MAX,
  menteeStatus,
  mentorStatus,
  MIA,
  MOE,
  PAULA,
  population,
  proposeTo,
  right,
  T0,
  tandemOf,
} from './arbitraries/world.helpers.js'

/** Anna holds three proposals (tandems 1, 2, 3 with Max, Mia, Moe) made at T0. */
const proposed = (): World => proposeTo(population(), T0, ANNA, [MAX, MIA, MOE]).world
const acceptedAt = T0 + HOUR
/** Anna chose Max (tandem 1) one hour after the proposals. */
const chosen = (): World => right(acceptByMentee(acceptedAt, { tandemId: tandemIdOf(1), menteeId: ANNA })(proposed())).world
const matched = (): World => right(acceptByMentor(acceptedAt + HOUR, { tandemId: tandemIdOf(1), mentorId: MAX })(chosen())).world

describe('the mentee answers', () => {
  it('accepting gives the chosen mentor 72 h to answer', () => {
    const step = right(acceptByMentee(acceptedAt, { tandemId: tandemIdOf(1), menteeId: ANNA })(proposed()))
    const t = tandemOf(step.world, 1)
    expect(t.state).toBe('ACTIVE')
    expect(t.version).toBe(2)
    expect(t.menteeProposal).toMatchObject({ state: 'ACCEPTED', decidedAt: acceptedAt })
    expect(t.mentorProposal).toMatchObject({ state: 'PROPOSED', deadline: acceptedAt + 72 * HOUR })
    expect(step.events[0]).toEqual({
      _tag: 'MenteeAccepted',
      tandemId: 1,
      menteeId: ANNA,
      mentorId: MAX,
      deadline: acceptedAt + 72 * HOUR,
    })
    expect([menteeStatus(step.world, ANNA), mentorStatus(step.world, MAX)]).toEqual(['PROPOSED', 'PROPOSED'])
  })

  it("closes the mentee's other tandems when one is accepted and returns their mentors to the pool", () => {
    const step = right(acceptByMentee(acceptedAt, { tandemId: tandemIdOf(1), menteeId: ANNA })(proposed()))
    for (const id of [2, 3]) {
      expect(tandemOf(step.world, id)).toMatchObject({
        state: 'CLOSED',
        menteeProposal: { state: 'CLOSED' },
        mentorProposal: { state: 'CLOSED' },
      })
    }
    expect([mentorStatus(step.world, MIA), mentorStatus(step.world, MOE)]).toEqual(['AVAILABLE', 'AVAILABLE'])
    expect(step.world.users.get(MIA)?.mentor?.poolSince).toBe(acceptedAt)
    expect(step.events.filter((e) => e._tag === 'TandemClosed').map((e) => e._tag === 'TandemClosed' && e.reason)).toEqual([
      'OtherMentorChosen',
      'OtherMentorChosen',
    ])
    expect(checkInvariants(step.world)).toEqual([])
  })

  it('refuses an accept after the 48 h deadline, even before the sweep ran', () => {
    expect(left(acceptByMentee(T0 + 48 * HOUR, { tandemId: tandemIdOf(1), menteeId: ANNA })(proposed()))).toEqual({
      _tag: 'ProposalExpired',
    })
    expect(
      left(declineByMentee(T0 + 48 * HOUR + 1, { tandemId: tandemIdOf(1), menteeId: ANNA, declineReasonId: 1, comment: null })(proposed())),
    ).toEqual({ _tag: 'ProposalExpired' })
  })

  it('accepts a minute before the 48 h deadline', () => {
    expect(
      tandemOf(right(acceptByMentee(T0 + 48 * HOUR - MINUTE, { tandemId: tandemIdOf(1), menteeId: ANNA })(proposed())).world, 1)
        .menteeProposal.state,
    ).toBe('ACCEPTED')
  })

  it("does not reveal another mentee's tandem", () => {
    expect(left(acceptByMentee(acceptedAt, { tandemId: tandemIdOf(1), menteeId: BEN })(proposed()))).toEqual({
      _tag: 'NotFound',
      entity: 'Tandem',
    })
    expect(left(acceptByMentee(acceptedAt, { tandemId: tandemIdOf(77), menteeId: ANNA })(proposed()))).toEqual({
      _tag: 'NotFound',
      entity: 'Tandem',
    })
  })

  it('refuses an answer to a closed tandem with TandemAlreadyClosed', () => {
    expect(left(acceptByMentee(acceptedAt, { tandemId: tandemIdOf(2), menteeId: ANNA })(chosen()))).toEqual({
      _tag: 'TandemAlreadyClosed',
      state: 'CLOSED',
    })
  })

  it('refuses a second accept by the mentee once a mentor is chosen', () => {
    expect(left(acceptByMentee(acceptedAt, { tandemId: tandemIdOf(1), menteeId: ANNA })(chosen()))).toEqual({
      _tag: 'InvalidTransition',
      from: 'AwaitingMentor',
      event: 'MenteeAccepts',
    })
  })

  it('refuses an admin edit on behalf of the mentee when the tandem changed since it was loaded', () => {
    expect(left(acceptByMentee(acceptedAt, { tandemId: tandemIdOf(1), menteeId: ANNA, expectedVersion: 7 })(proposed()))).toEqual({
      _tag: 'TandemChanged',
    })
    expect(
      right(acceptByMentee(acceptedAt, { tandemId: tandemIdOf(1), menteeId: ANNA, expectedVersion: 1 })(proposed())).events[0]?._tag,
    ).toBe('MenteeAccepted')
  })

  it('requires a decline reason and limits the comment to 1000 characters, changing nothing', () => {
    expect(
      left(declineByMentee(acceptedAt, { tandemId: tandemIdOf(1), menteeId: ANNA, declineReasonId: null, comment: 'x' })(proposed())),
    ).toEqual({
      _tag: 'ValidationFailed',
      errors: [{ field: 'declineReasonId', key: 'decline-reason-mandatory' }],
    })
    expect(
      left(
        declineByMentee(acceptedAt, { tandemId: tandemIdOf(1), menteeId: ANNA, declineReasonId: 2, comment: 'x'.repeat(1001) })(proposed()),
      ),
    ).toEqual({ _tag: 'ValidationFailed', errors: [{ field: 'comment', key: 'max-characters-exceeded-error', params: { max: 1000 } }] })
  })

  it('declining frees the mentor and keeps the mentee PROPOSED while other proposals are live', () => {
    const step = right(
      declineByMentee(acceptedAt, { tandemId: tandemIdOf(1), menteeId: ANNA, declineReasonId: 4, comment: 'too far' })(proposed()),
    )
    expect(tandemOf(step.world, 1)).toMatchObject({
      state: 'DECLINED',
      menteeProposal: { state: 'DECLINED', declineReasonId: 4, comment: 'too far', decidedAt: acceptedAt },
      mentorProposal: { state: 'CLOSED' },
    })
    expect([menteeStatus(step.world, ANNA), mentorStatus(step.world, MAX)]).toEqual(['PROPOSED', 'AVAILABLE'])
    expect(step.events).toEqual([{ _tag: 'TandemDeclined', tandemId: 1, by: 'Mentee', menteeId: ANNA, mentorId: MAX, infoText: null }])
  })

  it('makes the mentee AVAILABLE again when every proposal was declined', () => {
    const all = [1, 2, 3]
      .map(tandemIdOf)
      .reduce(
        (w, tandemId) => right(declineByMentee(acceptedAt, { tandemId, menteeId: ANNA, declineReasonId: 1, comment: null })(w)).world,
        proposed(),
      )
    expect(menteeStatus(all, ANNA)).toBe('AVAILABLE')
    expect(checkInvariants(all)).toEqual([])
  })
})

describe('the mentor answers', () => {
  it('accepting matches the tandem and both users', () => {
    const step = right(acceptByMentor(acceptedAt + HOUR, { tandemId: tandemIdOf(1), mentorId: MAX })(chosen()))
    expect(tandemOf(step.world, 1)).toMatchObject({
      state: 'MATCHED',
      menteeProposal: { state: 'ACCEPTED' },
      mentorProposal: { state: 'ACCEPTED', decidedAt: acceptedAt + HOUR },
    })
    expect([menteeStatus(step.world, ANNA), mentorStatus(step.world, MAX)]).toEqual(['MATCHED', 'MATCHED'])
    expect(step.events).toEqual([{ _tag: 'TandemMatched', tandemId: 1, menteeId: ANNA, mentorId: MAX }])
  })

  it('cannot answer before the mentee has chosen them', () => {
    expect(left(acceptByMentor(acceptedAt, { tandemId: tandemIdOf(1), mentorId: MAX })(proposed()))).toEqual({
      _tag: 'InvalidTransition',
      from: 'AwaitingMentee',
      event: 'MentorAccepts',
    })
  })

  it("does not reveal another mentor's tandem", () => {
    expect(left(acceptByMentor(acceptedAt, { tandemId: tandemIdOf(1), mentorId: MIA })(chosen()))).toEqual({
      _tag: 'NotFound',
      entity: 'Tandem',
    })
  })

  it('refuses an accept after the 72 h deadline, even before the sweep ran', () => {
    expect(left(acceptByMentor(acceptedAt + 72 * HOUR, { tandemId: tandemIdOf(1), mentorId: MAX })(chosen()))).toEqual({
      _tag: 'ProposalExpired',
    })
  })

  it('declining sends both back, keeps the information text for the mentee, and the pair is never proposed again', () => {
    const step = right(
      declineByMentor(acceptedAt + HOUR, {
        tandemId: tandemIdOf(1),
        mentorId: MAX,
        declineReasonId: 9,
        comment: 'busy',
        infoText: 'Good luck!',
      })(chosen()),
    )
    expect(tandemOf(step.world, 1)).toMatchObject({
      state: 'DECLINED',
      menteeProposal: { state: 'ACCEPTED' },
      mentorProposal: { state: 'DECLINED', declineReasonId: 9, comment: 'busy', infoText: 'Good luck!' },
    })
    expect([menteeStatus(step.world, ANNA), mentorStatus(step.world, MAX)]).toEqual(['AVAILABLE', 'AVAILABLE'])
    expect(step.events).toEqual([
      { _tag: 'TandemDeclined', tandemId: 1, by: 'Mentor', menteeId: ANNA, mentorId: MAX, infoText: 'Good luck!' },
    ])
    const again = proposeTo(step.world, acceptedAt + 2 * HOUR, ANNA, [MAX]).world
    expect(again.tandems.size).toBe(3)
    expect(again.users.get(ANNA)?.mentee).toMatchObject({ status: 'AVAILABLE', noMatch: true })
  })

  it('requires a reason to decline and limits the information text', () => {
    expect(
      left(
        declineByMentor(acceptedAt, {
          tandemId: tandemIdOf(1),
          mentorId: MAX,
          declineReasonId: 0,
          comment: null,
          infoText: 'y'.repeat(1001),
        })(chosen()),
      ),
    ).toEqual({
      _tag: 'ValidationFailed',
      errors: [
        { field: 'declineReasonId', key: 'decline-reason-mandatory' },
        { field: 'infoText', key: 'max-characters-exceeded-error', params: { max: 1000 } },
      ],
    })
  })
})

describe('the deadline sweep', () => {
  it('expires proposals the mentee left unanswered for 48 h and frees everybody', () => {
    const step = right(expireDeadlines(T0 + 48 * HOUR)(proposed()))
    for (const id of [1, 2, 3])
      expect(tandemOf(step.world, id)).toMatchObject({
        state: 'NOREACTION',
        menteeProposal: { state: 'CLOSED' },
        mentorProposal: { state: 'CLOSED' },
      })
    expect([MAX, MIA, MOE].map((id) => mentorStatus(step.world, id))).toEqual(['AVAILABLE', 'AVAILABLE', 'AVAILABLE'])
    expect(menteeStatus(step.world, ANNA)).toBe('AVAILABLE')
    expect(step.events.map((e) => e._tag)).toEqual(['TandemExpired', 'TandemExpired', 'TandemExpired'])
    expect(checkInvariants(step.world)).toEqual([])
  })

  it('pauses a mentor silent for 72 h after the mentee chose them, and frees the mentee', () => {
    const step = right(expireDeadlines(acceptedAt + 72 * HOUR)(chosen()))
    expect(tandemOf(step.world, 1)).toMatchObject({
      state: 'NOREACTION',
      menteeProposal: { state: 'CLOSED' },
      mentorProposal: { state: 'CLOSED' },
    })
    expect([menteeStatus(step.world, ANNA), mentorStatus(step.world, MAX)]).toEqual(['AVAILABLE', 'PAUSED'])
    expect(step.events).toEqual([
      { _tag: 'TandemExpired', tandemId: 1, menteeId: ANNA, mentorId: MAX, side: 'Mentor' },
      { _tag: 'MentorMatchingChanged', mentorId: MAX, enabled: false, by: 'Deadline' },
    ])
  })

  it('changes nothing before a deadline, and nothing when run twice', () => {
    const world = chosen()
    expect(right(expireDeadlines(acceptedAt + 72 * HOUR - 1)(world)).world).toBe(world)
    const once = right(expireDeadlines(acceptedAt + 72 * HOUR)(world)).world
    const twice = right(expireDeadlines(acceptedAt + 72 * HOUR + HOUR)(once))
    expect(twice.world).toBe(once)
    expect(twice.events).toEqual([])
  })

  it('never touches a matched tandem', () => {
    const world = matched()
    expect(right(expireDeadlines(T0 + 1000 * HOUR)(world)).world).toBe(world)
  })
})

describe('admin release and manual creation', () => {
  it('releases an ACTIVE or MATCHED tandem for good: both proposals CLOSED, both users AVAILABLE', () => {
    for (const world of [chosen(), matched()]) {
      const step = right(releaseTandem(acceptedAt + 2 * HOUR, { tandemId: tandemIdOf(1) })(world))
      expect(tandemOf(step.world, 1)).toMatchObject({
        state: 'CLOSED',
        menteeProposal: { state: 'CLOSED' },
        mentorProposal: { state: 'CLOSED' },
      })
      expect([menteeStatus(step.world, ANNA), mentorStatus(step.world, MAX)]).toEqual(['AVAILABLE', 'AVAILABLE'])
      expect(step.events).toEqual([
        { _tag: 'TandemReleased', tandemId: 1, menteeId: ANNA, mentorId: MAX, by: 'Admin', told: ['Mentee', 'Mentor'] },
        { _tag: 'TandemClosed', tandemId: 1, menteeId: ANNA, mentorId: MAX, reason: 'Released' },
      ])
      expect(left(releaseTandem(acceptedAt + 3 * HOUR, { tandemId: tandemIdOf(1) })(step.world))).toEqual({
        _tag: 'TandemAlreadyClosed',
        state: 'CLOSED',
      })
    }
  })

  it('tells nobody when an administrator deleting an account releases it (silent)', () => {
    const step = right(releaseTandem(acceptedAt + 2 * HOUR, { tandemId: tandemIdOf(1), silent: true })(matched()))
    expect(step.events.map((e) => e._tag)).toEqual(['TandemClosed'])
  })

  it('keeps the mentee PROPOSED when one of several live proposals is released', () => {
    const step = right(releaseTandem(acceptedAt, { tandemId: tandemIdOf(2) })(proposed()))
    expect([menteeStatus(step.world, ANNA), mentorStatus(step.world, MIA)]).toEqual(['PROPOSED', 'AVAILABLE'])
    // Mia was merely reserved for Anna's choice and never knew: only Anna is told.
    expect(step.events.find((e) => e._tag === 'TandemReleased')).toMatchObject({ told: ['Mentee'] })
  })

  it('refuses a release when the team changed since the admin loaded it', () => {
    expect(left(releaseTandem(acceptedAt, { tandemId: tandemIdOf(1), expectedVersion: 1 })(chosen()))).toEqual({ _tag: 'TandemChanged' })
  })

  it('creates a manual tandem between an available mentee and an available mentor, scored as Manual Matching', () => {
    const step = right(createManualTandem(T0, { menteeId: BEN, mentorId: MIA, clusterId: clusterIdOf(3) })(population()))
    expect(tandemOf(step.world, 1)).toMatchObject({
      state: 'ACTIVE',
      manual: true,
      score: MANUAL_SCORE,
      clusterId: 3,
      menteeProposal: { id: 1, state: 'PROPOSED', deadline: T0 + 48 * HOUR },
      mentorProposal: { id: 2, state: 'PROPOSED' },
    })
    expect([menteeStatus(step.world, BEN), mentorStatus(step.world, MIA)]).toEqual(['PROPOSED', 'PROPOSED'])
    expect(step.events).toEqual([
      { _tag: 'TandemProposed', tandemId: 1, menteeId: BEN, mentorId: MIA, manual: true, deadline: T0 + 48 * HOUR },
    ])
  })

  it('publishes a cohort pair as a manual team with its reviewed score, for a NEW mentee as well', () => {
    const score = { base: 6, max: 8, percentage: 75, breakdown: [{ questionPairId: 1, points: 6, max: 8, common: [101] }] }
    const step = right(createCohortTandem(T0, { menteeId: ANNA, mentorId: MIA, clusterId: clusterIdOf(3), score })(population()))
    expect(tandemOf(step.world, 1)).toMatchObject({
      state: 'ACTIVE',
      manual: true,
      score,
      menteeProposal: { state: 'PROPOSED', deadline: T0 + 48 * HOUR },
    })
    expect([menteeStatus(step.world, ANNA), mentorStatus(step.world, MIA)]).toEqual(['PROPOSED', 'PROPOSED'])
    expect(step.events).toEqual([
      { _tag: 'TandemProposed', tandemId: 1, menteeId: ANNA, mentorId: MIA, manual: true, deadline: T0 + 48 * HOUR },
    ])
  })

  it('refuses a cohort pair whose mentor is no longer available', () => {
    const score = { base: 1, max: 2, percentage: 50, breakdown: [] }
    expect(left(createCohortTandem(T0, { menteeId: BEN, mentorId: PAULA, clusterId: clusterIdOf(2), score })(population()))).toEqual({
      _tag: 'NotAvailableForMatching',
      status: 'PAUSED',
    })
  })

  it('refuses a manual tandem of one user with themselves', () => {
    expect(left(createManualTandem(T0, { menteeId: BOTH, mentorId: BOTH, clusterId: clusterIdOf(2) })(population()))).toEqual({
      _tag: 'SameUser',
    })
  })

  it('refuses a manual tandem unless both are AVAILABLE', () => {
    expect(left(createManualTandem(T0, { menteeId: ANNA, mentorId: MIA, clusterId: clusterIdOf(2) })(population()))).toEqual({
      _tag: 'NotAvailableForMatching',
      status: 'NEW',
    })
    expect(left(createManualTandem(T0, { menteeId: BEN, mentorId: PAULA, clusterId: clusterIdOf(2) })(population()))).toEqual({
      _tag: 'NotAvailableForMatching',
      status: 'PAUSED',
    })
    expect(left(createManualTandem(T0, { menteeId: BEN, mentorId: MAX, clusterId: clusterIdOf(2) })(chosen()))).toEqual({
      _tag: 'NotAvailableForMatching',
      status: 'PROPOSED',
    })
  })

  it('refuses a manual tandem for a pair that was declined', () => {
    const declined = right(
      declineByMentee(acceptedAt, { tandemId: tandemIdOf(1), menteeId: ANNA, declineReasonId: 1, comment: null })(
        proposeTo(population(), T0, ANNA, [MAX]).world,
      ),
    ).world
    expect(left(createManualTandem(T0, { menteeId: ANNA, mentorId: MAX, clusterId: clusterIdOf(2) })(declined))).toEqual({
      _tag: 'InvalidTransition',
      from: 'DeclinedPair',
      event: 'CreateManualTandem',
    })
  })
})

describe('admin team edit in one command', () => {
  it('accepts for the mentee and then declines for the mentor, as the team detail does', () => {
    const edit = sequenceTransitions(
      acceptByMentee(acceptedAt, { tandemId: tandemIdOf(1), menteeId: ANNA, expectedVersion: 1 }),
      declineByMentor(acceptedAt, { tandemId: tandemIdOf(1), mentorId: MAX, declineReasonId: 2, comment: 'admin', infoText: null }),
    )
    const step = right(edit(proposed()))
    expect(tandemOf(step.world, 1)).toMatchObject({
      state: 'DECLINED',
      version: 3,
      menteeProposal: { state: 'ACCEPTED' },
      mentorProposal: { state: 'DECLINED' },
    })
    expect(step.events.map((e) => e._tag)).toEqual(['MenteeAccepted', 'TandemClosed', 'TandemClosed', 'TandemDeclined'])
    expect(menteeStatus(step.world, ANNA)).toBe('AVAILABLE')
  })

  it('applies nothing when a later step is refused', () => {
    const edit = sequenceTransitions(
      acceptByMentee(acceptedAt, { tandemId: tandemIdOf(1), menteeId: ANNA }),
      acceptByMentor(acceptedAt + 72 * HOUR, { tandemId: tandemIdOf(1), mentorId: MAX }),
    )
    expect(left(edit(proposed()))).toEqual({ _tag: 'ProposalExpired' })
  })
})

describe('remaining time of a proposal', () => {
  it('floors to whole hours and minutes and never goes negative', () => {
    expect(remainingTime(T0, T0 + 47 * HOUR + 59 * MINUTE + 59_999)).toEqual({ remainingHours: 47, remainingMinutes: 59 })
    expect(remainingTime(T0, T0 + 30_000)).toEqual({ remainingHours: 0, remainingMinutes: 0 })
    expect(remainingTime(T0 + HOUR, T0)).toEqual({ remainingHours: 0, remainingMinutes: 0 })
  })
})
