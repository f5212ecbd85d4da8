// Whole-cohort matching is exact: on random cohorts its certificate holds and its optimum equals the
// one npm munkres finds on the dense matrix; one realistic 2,000 × 2,000 cohort checks the same.
import * as E from 'fp-ts/lib/Either.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { assignCohort, userIdOf, type CohortInput, type CohortResult, type Questionnaire } from '../src/index.js'
import { answersArb, questionnaireArb } from './arbitraries/questionnaire.arbitraries.js'
import { candidatesOf, certificateProblems, munkresOptimum, packedScores } from './support/cohort.checker.js'
import { zipfCohort } from './support/cohort.population.js'

const cohortArb = (
  maxMentees: number,
  maxMentors: number,
  questionnaire: fc.Arbitrary<Questionnaire> = questionnaireArb(),
): fc.Arbitrary<CohortInput> =>
  fc.tuple(questionnaire, fc.boolean()).chain(([q, complete]) =>
    fc
      .record({
        mentees: fc.array(answersArb(q), { maxLength: maxMentees }),
        // Half the cohorts with every question answered by every mentor (scored by lookup tables),
        // half with questions some mentors have not answered (scored column by column).
        mentors: fc.array(
          fc.record({ answers: answersArb(q, complete), capacity: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }) }),
          { maxLength: maxMentors },
        ),
        threshold: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 100 })),
        objective: fc.constantFrom('maxMatched' as const, 'maxScore' as const),
        // Mentor ids overlap mentee ids now and then: a person may hold both roles.
        mentorIdOffset: fc.constantFrom(0, 2, 1000),
        declined: fc.array(fc.tuple(fc.nat(maxMentees), fc.nat(maxMentors)), { maxLength: 6 }),
        live: fc.array(fc.tuple(fc.nat(maxMentees + 2), fc.nat(maxMentors)), { maxLength: 2 }),
      })
      .map(({ mentees, mentors, threshold, objective, mentorIdOffset, declined, live }) => ({
        questionnaire: q,
        mentees: mentees.map((answers, i) => ({ id: userIdOf(i + 1), answers })),
        mentors: mentors.map(({ answers, capacity }, j) =>
          capacity === undefined
            ? { id: userIdOf(mentorIdOffset + j + 1), answers }
            : { id: userIdOf(mentorIdOffset + j + 1), answers, capacity },
        ),
        threshold,
        objective,
        declined: declined.map(([i, j]) => ({ menteeId: userIdOf(i + 1), mentorId: userIdOf(mentorIdOffset + j + 1) })),
        live: live.map(([i, j]) => ({ menteeId: userIdOf(i + 1), mentorId: userIdOf(mentorIdOffset + j + 1) })),
      })),
  )

const solved = (input: CohortInput): CohortResult => {
  const result = assignCohort(input)
  if (E.isLeft(result)) throw new Error(JSON.stringify(result.left))
  return result.right
}

const agreesWithMunkres = (input: CohortInput, candidates = candidatesOf(input)): void => {
  const result = solved(input)
  expect(certificateProblems(input, result, candidates)).toEqual([])
  const optimum = munkresOptimum(input, candidates)
  const scale = 1e6
  const total = candidates.list.length === 0 ? 0 : result.pairs.reduce((sum, p) => sum + Math.round(p.score.base * scale), 0) / scale
  expect(total).toBeCloseTo(optimum.total, 6)
  if (input.objective === 'maxMatched') expect(result.totals.matched).toBe(optimum.matched)
}

describe('assignCohort optimality', () => {
  it('is certified and as good as munkres on small random cohorts (ties, capacities, empty sides, knock-outs)', () => {
    fc.assert(
      fc.property(cohortArb(7, 6), (input) => agreesWithMunkres(input)),
      { numRuns: 300 },
    )
  })

  it('is certified and as good as munkres when few questions make most pairs tie', () => {
    const fewQuestions = fc
      .integer({ min: 1, max: 2 })
      .chain(() => questionnaireArb(['SingleFit', 'MultipleFit']).filter((q) => q.pairs.length <= 2))
    fc.assert(
      fc.property(cohortArb(12, 8, fewQuestions), (input) => agreesWithMunkres(input)),
      { numRuns: 150 },
    )
  })

  it('is certified and as good as munkres on medium cohorts', () => {
    fc.assert(
      fc.property(cohortArb(60, 45), (input) => agreesWithMunkres(input)),
      { numRuns: 25 },
    )
  })

  it('stays exact when the optimum needs pairs beyond each mentee’s favourites (rows widened while solving)', () => {
    // Many mentees with popular answers and few places each: most cannot have a favourite.
    const input = zipfCohort({ seed: 7, mentees: 400, mentors: 400, maxCapacity: 1 })
    expect(solved(input).stats.rescoredMentees).toBeGreaterThan(0)
    agreesWithMunkres(input)
  })

  it('stays exact when rows are widened from the pairs kept aside for them (no second scoring)', () => {
    // A pool of 500 keeps a reserve; the second cohort is full (more mentees than places), so prices shift too.
    for (const input of [
      zipfCohort({ seed: 8, mentees: 500, mentors: 500, maxCapacity: 1 }),
      zipfCohort({ seed: 9, mentees: 700, mentors: 500, maxCapacity: 1 }),
    ]) {
      expect(solved(input).stats.reserveWidenings).toBeGreaterThan(0)
      agreesWithMunkres(input)
    }
  })

  it('stays exact in a full cohort (more mentees than places): rows widen and prices shift while solving', () => {
    for (const seed of [11, 13, 15]) {
      const input = zipfCohort({ seed, mentees: 320, mentors: 90, maxCapacity: 3 })
      expect(solved(input).stats.rescoredMentees).toBeGreaterThan(0)
      agreesWithMunkres(input)
    }
  })

  it('rejects a tampered certificate (the checker can fail)', () => {
    const input = zipfCohort({ seed: 3, mentees: 30, mentors: 25, maxCapacity: 2 })
    const result = solved(input)
    const candidates = candidatesOf(input)
    expect(certificateProblems(input, result, candidates)).toEqual([])
    const prices = [...result.certificate.mentorPrices]
    const j = prices.findIndex((p) => p > 0)
    prices[j] = prices[j]! - 1
    expect(certificateProblems(input, { ...result, certificate: { ...result.certificate, mentorPrices: prices } }, candidates)).not.toEqual(
      [],
    )
    expect(certificateProblems(input, { ...result, pairs: result.pairs.slice(1) }, candidates)).not.toEqual([])
  })

  it('finds the optimal total of a 2,000 × 2,000 cohort with popular answers, as munkres does', () => {
    const input = zipfCohort({ seed: 2000, mentees: 2000, mentors: 2000, maxCapacity: 1 })
    agreesWithMunkres(input, candidatesOf(input, packedScores(input)))
  }, 300_000)
})
