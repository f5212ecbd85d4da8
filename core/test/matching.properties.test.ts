// Properties of scoring and ranking over random questionnaires, answers and populations.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { hasAnswered } from '../src/questionnaire/questionnaire.unanswered.js'
import { answersByPair, compareRank, rankMentors, rankMentorsReference, scoreMentor, scorePair } from '../src/index.js'
import { answerArb, matchingCaseArb, questionPairArb, questionnaireArb, answersArb } from './arbitraries/questionnaire.arbitraries.js'

const runs = { numRuns: 300 }

describe('scoring properties', () => {
  it('keeps 0 ≤ base ≤ max and 0 ≤ percentage ≤ 100', () => {
    fc.assert(
      fc.property(
        questionnaireArb().chain((q) => fc.tuple(fc.constant(q), answersArb(q), answersArb(q))),
        ([q, a, b]) => {
          const score = scoreMentor(q, a, b)
          if (score === null) return
          expect(score.base).toBeGreaterThanOrEqual(0)
          expect(score.base).toBeLessThanOrEqual(score.max + 1e-9)
          expect(score.percentage).toBeGreaterThanOrEqual(0)
          expect(score.percentage).toBeLessThanOrEqual(100)
        },
      ),
      runs,
    )
  })

  it('sums the breakdown to the base', () => {
    fc.assert(
      fc.property(
        questionnaireArb().chain((q) => fc.tuple(fc.constant(q), answersArb(q), answersArb(q))),
        ([q, a, b]) => {
          const score = scoreMentor(q, a, b)
          if (score === null) return
          expect(score.breakdown.reduce((sum, s) => sum + s.points, 0)).toBe(score.base)
          expect(score.breakdown.reduce((sum, s) => sum + s.max, 0)).toBe(score.max)
        },
      ),
      runs,
    )
  })

  it('gives full points to a choice pair when either side chose no preference', () => {
    const choicePair = fc
      .integer({ min: 1, max: 9 })
      .chain((id) => questionPairArb(id, ['SingleFit', 'MultipleFit', 'MultipleMatchesFit']))
      .filter((p) => p.options.some((o) => o.noPreference))
    fc.assert(
      fc.property(
        choicePair.chain((p) => fc.tuple(fc.constant(p), answerArb(p), fc.boolean())),
        ([p, other, menteeSide]) => {
          const noPreference = {
            questionPairId: p.questionPairId,
            optionIds: p.options.filter((o) => o.noPreference).map((o) => o.id),
            year: null,
            text: null,
          }
          const scored = menteeSide ? scorePair(p, noPreference, other) : scorePair(p, other, noPreference)
          expect(scored.points).toBe(scored.max)
          expect(scored.knockedOut).toBe(false)
        },
      ),
      runs,
    )
  })

  it('excludes a mentor whenever a must-fit pair does not fit', () => {
    fc.assert(
      fc.property(matchingCaseArb(), (c) => {
        const ranked = new Set(rankMentors(c.questionnaire, c.mentee, c.candidates, { threshold: 0, limit: 100 }).map((r) => r.mentorId))
        const mentee = answersByPair(c.mentee.answers)
        for (const candidate of c.candidates) {
          const mentor = answersByPair(candidate.answers)
          // A question one side has not answered is left out, and so knocks nobody out.
          const knockedOut = c.questionnaire.pairs.some(
            (p) =>
              hasAnswered(p, mentee.get(p.questionPairId)) &&
              hasAnswered(p, mentor.get(p.questionPairId)) &&
              scorePair(p, mentee.get(p.questionPairId), mentor.get(p.questionPairId)).knockedOut,
          )
          if (knockedOut) {
            expect(scoreMentor(c.questionnaire, c.mentee.answers, candidate.answers)).toBeNull()
            expect(ranked.has(candidate.id)).toBe(false)
          } else if (candidate.id !== c.mentee.id) {
            expect(ranked.has(candidate.id)).toBe(true)
          }
        }
      }),
      runs,
    )
  })
})

describe('ranking properties', () => {
  it('returns at most limit mentors, sorted by percentage, base, pool date, id', () => {
    fc.assert(
      fc.property(matchingCaseArb(), (c) => {
        const ranked = rankMentors(c.questionnaire, c.mentee, c.candidates, c)
        expect(ranked.length).toBeLessThanOrEqual(c.limit)
        const poolSince = new Map(c.candidates.map((m) => [m.id, m.poolSince]))
        const keyed = ranked.map((r) => ({
          id: r.mentorId,
          base: r.score.base,
          percentage: r.score.percentage,
          poolSince: poolSince.get(r.mentorId) ?? null,
        }))
        for (let i = 1; i < keyed.length; i++) expect(compareRank(keyed[i - 1]!, keyed[i]!)).toBeLessThan(0)
      }),
      runs,
    )
  })

  it('proposes only eligible mentors, and none left out ranks before the last proposal', () => {
    fc.assert(
      fc.property(matchingCaseArb(), (c) => {
        const ranked = rankMentors(c.questionnaire, c.mentee, c.candidates, c)
        const chosen = new Set(ranked.map((r) => r.mentorId))
        for (const r of ranked) {
          expect(r.mentorId).not.toBe(c.mentee.id)
          expect(c.exclude.has(r.mentorId)).toBe(false)
          expect(r.score.percentage).toBeGreaterThanOrEqual(c.threshold)
        }
        const last = ranked.at(-1)
        const eligible = c.candidates.filter((m) => m.id !== c.mentee.id && !c.exclude.has(m.id) && !chosen.has(m.id))
        for (const m of eligible) {
          const score = scoreMentor(c.questionnaire, c.mentee.answers, m.answers)
          if (score === null || score.percentage < c.threshold) continue
          // Someone eligible was left out: the list must be full and they must rank after its last entry.
          expect(ranked.length).toBe(c.limit)
          if (last === undefined) continue
          const lastSince = c.candidates.find((x) => x.id === last.mentorId)?.poolSince ?? null
          expect(
            compareRank(
              { id: last.mentorId, base: last.score.base, percentage: last.score.percentage, poolSince: lastSince },
              { id: m.id, base: score.base, percentage: score.percentage, poolSince: m.poolSince },
            ),
          ).toBeLessThan(0)
        }
      }),
      runs,
    )
  })

  it('does not depend on the order of the candidates', () => {
    fc.assert(
      fc.property(
        matchingCaseArb().chain((c) =>
          fc.tuple(fc.constant(c), fc.shuffledSubarray(c.candidates, { minLength: c.candidates.length, maxLength: c.candidates.length })),
        ),
        ([c, shuffled]) => {
          expect(rankMentors(c.questionnaire, c.mentee, shuffled, c)).toEqual(rankMentors(c.questionnaire, c.mentee, c.candidates, c))
        },
      ),
      runs,
    )
  })

  it('is deterministic', () => {
    fc.assert(
      fc.property(matchingCaseArb(), (c) => {
        expect(rankMentors(c.questionnaire, c.mentee, c.candidates, c)).toEqual(rankMentors(c.questionnaire, c.mentee, c.candidates, c))
        expect(rankMentorsReference(c.questionnaire, c.mentee, c.candidates, c)).toEqual(
          rankMentorsReference(c.questionnaire, c.mentee, c.candidates, c),
        )
      }),
      runs,
    )
  })
})
