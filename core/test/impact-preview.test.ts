// The impact preview reads the published version exactly as the matching run and the cohort run do,
// and a draft equal to the published version changes nothing.
import * as E from 'fp-ts/lib/Either.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  assignCohort,
  impactPreview,
  rankMentors,
  userIdOf,
  type ImpactPreview,
  type PreviewPopulation,
  type PreviewVersion,
  type Questionnaire,
} from '../src/index.js'
import { answersArb, questionnaireArb } from './arbitraries/questionnaire.arbitraries.js'
import { realisticQuestionnaire, zipfCohort } from './support/cohort.population.js'

const populationArb = (q: Questionnaire): fc.Arbitrary<PreviewPopulation> =>
  fc
    .record({
      mentees: fc.array(answersArb(q), { maxLength: 12 }),
      mentors: fc.array(answersArb(q), { maxLength: 12 }),
      // Ids overlap now and then: a person may hold both roles.
      mentorIdOffset: fc.constantFrom(0, 3, 1000),
      declined: fc.array(fc.tuple(fc.nat(12), fc.nat(12)), { maxLength: 4 }),
    })
    .map(({ mentees, mentors, mentorIdOffset, declined }) => ({
      mentees: mentees.map((answers, i) => ({ id: userIdOf(i + 1), answers })),
      mentors: mentors.map((answers, j) => ({ id: userIdOf(mentorIdOffset + j + 1), answers })),
      declined: declined.map(([i, j]) => ({ menteeId: userIdOf(i + 1), mentorId: userIdOf(mentorIdOffset + j + 1) })),
    }))

const previewOf = (population: PreviewPopulation, now: PreviewVersion, draft: PreviewVersion): ImpactPreview => {
  const result = impactPreview(population, now, draft)
  if (E.isLeft(result)) throw new Error(JSON.stringify(result.left))
  return result.right
}

/** The figures "now" as the existing ranking and cohort solver give them, one mentee at a time. */
const expectedNow = (population: PreviewPopulation, version: PreviewVersion) => {
  const candidates = population.mentors.map((m) => ({ id: m.id, answers: m.answers, poolSince: null }))
  const ranked = population.mentees.map((mentee) =>
    rankMentors(version.questionnaire, mentee, candidates, {
      threshold: version.threshold,
      limit: Number.POSITIVE_INFINITY,
      exclude: new Set((population.declined ?? []).filter((d) => d.menteeId === mentee.id).map((d) => d.mentorId)),
    }),
  )
  const best = ranked.filter((r) => r.length > 0).map((r) => r[0]!.score.percentage)
  const cohort = assignCohort({
    ...population,
    questionnaire: version.questionnaire,
    threshold: version.threshold,
    objective: 'maxMatched',
  })
  if (E.isLeft(cohort)) throw new Error('cohort refused')
  return {
    menteesWithCandidate: best.length,
    mentorsWithCandidate: new Set(ranked.flatMap((r) => r.map((m) => m.mentorId))).size,
    meanBestPercentage: best.length === 0 ? 0 : best.reduce((a, b) => a + b, 0) / best.length,
    cohortMatched: cohort.right.totals.matched,
    cohortMeanPercentage: cohort.right.totals.meanPercentage,
  }
}

const withWeight = (q: Questionnaire, index: number, weight: number): Questionnaire => ({
  ...q,
  pairs: q.pairs.map((p, i) => (i === index ? { ...p, weight } : p)),
})

describe('impactPreview', () => {
  it('gives, for the published version, what the ranking and the cohort solver give; a draft equal to it changes nothing', () => {
    fc.assert(
      fc.property(
        questionnaireArb().chain((q) => fc.tuple(fc.constant(q), populationArb(q), fc.integer({ min: 0, max: 100 }))),
        ([q, population, threshold]) => {
          const now = { questionnaire: q, threshold }
          const preview = previewOf(population, now, { questionnaire: structuredClone(q), threshold })
          expect(preview.now).toEqual(expectedNow(population, now))
          expect(preview.draft).toEqual(preview.now)
          expect(preview.topChanged).toBe(0)
          expect(preview.movedQuestions).toEqual([])
        },
      ),
      { numRuns: 150 },
    )
  })

  it('gives, for the draft, what the ranking and the cohort solver give on the draft', () => {
    fc.assert(
      fc.property(
        questionnaireArb().chain((q) =>
          fc.tuple(fc.constant(q), populationArb(q), fc.nat(Math.max(0, q.pairs.length - 1)), fc.integer({ min: 0, max: 10 })),
        ),
        ([q, population, index, weight]) => {
          const draft = { questionnaire: withWeight(q, index, weight), threshold: 20 }
          expect(previewOf(population, { questionnaire: q, threshold: 30 }, draft).draft).toEqual(expectedNow(population, draft))
        },
      ),
      { numRuns: 100 },
    )
  })

  it('names the question whose weight changed as the one that moved the top proposals', () => {
    const cohort = zipfCohort({ seed: 7, mentees: 200, mentors: 150, maxCapacity: 1 })
    const moved = realisticQuestionnaire.pairs.findIndex((p) => p.rule === 'MultipleFit' && !p.mustFit)
    const draft = withWeight(realisticQuestionnaire, moved, realisticQuestionnaire.pairs[moved]!.weight * 10)
    const preview = previewOf(cohort, { questionnaire: realisticQuestionnaire, threshold: 30 }, { questionnaire: draft, threshold: 30 })
    expect(preview.topChanged).toBeGreaterThan(0)
    expect(preview.movedQuestions).toEqual([
      { questionPairId: realisticQuestionnaire.pairs[moved]!.questionPairId, topChanges: preview.topChanged },
    ])
  })

  it('reports rising progress from 0 to 1', () => {
    const cohort = zipfCohort({ seed: 3, mentees: 100, mentors: 100, maxCapacity: 1 })
    const seen: number[] = []
    impactPreview(
      cohort,
      { questionnaire: realisticQuestionnaire, threshold: 30 },
      { questionnaire: realisticQuestionnaire, threshold: 50 },
      (f) => seen.push(f),
    )
    expect(seen.length).toBeGreaterThan(4)
    expect(seen.every((f, i) => f >= 0 && f <= 1 && (i === 0 || f >= seen[i - 1]!))).toBe(true)
    expect(seen.at(-1)).toBe(1)
  })
})
