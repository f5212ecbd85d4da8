// A question one side has not answered is left out of that pair's base and maximum, the same in
// every scorer: the rules' scoreMentor (the definition), the participant run's packed ranking, the
// packed pair scoring of the cohort report, the cohort's row scorer and the whole-cohort assignment.
import * as E from 'fp-ts/lib/Either.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  answersByPair,
  assignCohort,
  compileQuestionnaire,
  packMentorPool,
  percentageOf,
  rankMentorsReference,
  rankPool,
  scoreMentor,
  scorePair,
  userIdOf,
  type Answer,
  type CohortInput,
  type MatchCandidate,
  type Questionnaire,
  type Score,
} from '../src/index.js'
import { cohortScorer, highestBase } from '../src/matching/cohort.scores.js'
import { packedScorer } from '../src/matching/score.packed.js'
import type { QuestionScore } from '../src/tandem/tandem.codec.js'
import { answersArb, completeAnswerArb, questionPairArb, questionnaireArb } from './arbitraries/questionnaire.arbitraries.js'
import { candidatesOf, certificateProblems } from './support/cohort.checker.js'

/** The rule before questions could be left out: every pair scored, a missing answer scoring nothing. */
const everyPairScored = (questionnaire: Questionnaire, mentee: readonly Answer[], mentor: readonly Answer[]): Score | null => {
  const a = answersByPair(mentee)
  const b = answersByPair(mentor)
  let base = 0
  let max = 0
  const breakdown: QuestionScore[] = []
  for (const pair of questionnaire.pairs) {
    const { knockedOut, ...scored } = scorePair(pair, a.get(pair.questionPairId), b.get(pair.questionPairId))
    if (knockedOut) return null
    base += scored.points
    max += scored.max
    if (pair.rule !== 'MentorOnly') breakdown.push(scored)
  }
  return { base, max, percentage: percentageOf(base, max), breakdown }
}

const ADDED_PAIR_ID = 50

/**
 * A population where everyone answered the questionnaire, then a question was added (anywhere in
 * it) that some mentees and mentors have answered since and others not.
 */
const afterAQuestionWasAddedArb = fc
  .record({
    questionnaire: questionnaireArb(),
    added: questionPairArb(ADDED_PAIR_ID),
    at: fc.nat(),
    threshold: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 100 })),
  })
  .chain(({ questionnaire, added, at, threshold }) => {
    const pairs = [...questionnaire.pairs]
    pairs.splice(at % (pairs.length + 1), 0, added)
    const person = fc.record({
      answers: answersArb(questionnaire, true),
      addedAnswer: fc.option(completeAnswerArb(added), { nil: undefined }),
    })
    return fc.record({
      before: fc.constant(questionnaire),
      after: fc.constant<Questionnaire>({ version: questionnaire.version + 1, pairs }),
      threshold: fc.constant(threshold),
      mentees: fc.array(person, { minLength: 1, maxLength: 6 }),
      mentors: fc.array(person, { maxLength: 12 }),
    })
  })
  .map(({ before, after, threshold, mentees, mentors }) => {
    const withAdded = (p: { answers: Answer[]; addedAnswer: Answer | undefined }) =>
      p.addedAnswer === undefined ? p.answers : [...p.answers, p.addedAnswer]
    return {
      before,
      after,
      threshold,
      mentees: mentees.map((p, i) => ({
        id: userIdOf(i + 1),
        answers: withAdded(p),
        answeredAdded: p.addedAnswer !== undefined,
        old: p.answers,
      })),
      mentors: mentors.map((p, j) => ({
        id: userIdOf(100 + j),
        answers: withAdded(p),
        answeredAdded: p.addedAnswer !== undefined,
        old: p.answers,
        poolSince: j % 3,
      })),
    }
  })

describe('scoring a question one side has not answered yet', () => {
  it('changes nothing when both sides answered every question: scoreMentor scores every pair as before', () => {
    fc.assert(
      fc.property(
        questionnaireArb().chain((q) => fc.tuple(fc.constant(q), answersArb(q, true), answersArb(q, true))),
        ([questionnaire, mentee, mentor]) => {
          expect(scoreMentor(questionnaire, mentee, mentor)).toEqual(everyPairScored(questionnaire, mentee, mentor))
        },
      ),
      { numRuns: 500 },
    )
  })

  it('leaves out the added question until both have answered it; then it counts', () => {
    fc.assert(
      fc.property(afterAQuestionWasAddedArb, ({ before, after, mentees, mentors }) => {
        for (const mentee of mentees)
          for (const mentor of mentors) {
            const now = scoreMentor(after, mentee.answers, mentor.answers)
            if (mentee.answeredAdded && mentor.answeredAdded) expect(now).toEqual(everyPairScored(after, mentee.answers, mentor.answers))
            else expect(now).toEqual(scoreMentor(before, mentee.old, mentor.old))
          }
      }),
      { numRuns: 300 },
    )
  })

  it('gives the packed ranking, the packed pair scoring and the cohort row scorer the same scores as scoreMentor', () => {
    fc.assert(
      fc.property(afterAQuestionWasAddedArb, fc.integer({ min: 0, max: 6 }), ({ after, threshold, mentees, mentors }, limit) => {
        const compiled = compileQuestionnaire(after)
        const candidates: MatchCandidate[] = mentors.map((m) => ({ id: m.id, answers: m.answers, poolSince: m.poolSince }))
        const pool = packMentorPool(compiled, candidates)
        const pairScore = packedScorer(compiled, pool)
        const rows = cohortScorer(compiled, pool, threshold)
        for (const mentee of mentees) {
          const options = { threshold, limit }
          expect(rankPool(compiled, pool, mentee, options)).toEqual(rankMentorsReference(after, mentee, candidates, options))
          const out = new Int32Array(pool.size)
          rows?.scoreRow(mentee.answers, out)
          mentors.forEach((mentor, j) => {
            const reference = scoreMentor(after, mentee.answers, mentor.answers)
            expect(pairScore(mentee.answers, j)).toEqual(reference)
            if (rows === null) return
            const expected = reference === null || !(reference.percentage >= threshold) ? -1 : Math.round(reference.base * rows.scale)
            expect(out[j]).toBe(expected)
          })
        }
      }),
      { numRuns: 300 },
    )
  })

  it('scores cohort rows with whole weights by lookups, whichever questions each mentor left open', () => {
    // Whole weights take the lookup tables; mentors leave different questions open (no option, no
    // year), so several classes of maxima meet in one pool. Each row is scored twice: the second
    // time from the tables kept for it; the counts and single lookups must agree with the row.
    const wholeWeights = (q: Questionnaire): Questionnaire => ({
      ...q,
      pairs: q.pairs.map((p) => ({ ...p, weight: Math.round(p.weight) })),
    })
    const populationArb = questionnaireArb()
      .map(wholeWeights)
      .chain((questionnaire) =>
        fc.record({
          questionnaire: fc.constant(questionnaire),
          threshold: fc.integer({ min: 0, max: 100 }),
          mentees: fc.array(answersArb(questionnaire), { minLength: 1, maxLength: 4 }),
          mentors: fc.array(answersArb(questionnaire), { maxLength: 14 }),
        }),
      )
    fc.assert(
      fc.property(populationArb, ({ questionnaire, threshold, mentees, mentors }) => {
        const compiled = compileQuestionnaire(questionnaire)
        const pool = packMentorPool(
          compiled,
          mentors.map((answers, j) => ({ id: userIdOf(100 + j), answers, poolSince: j })),
        )
        const rows = cohortScorer(compiled, pool, threshold, mentees.length)
        if (rows === null) throw new Error('whole weights always have a row scorer')
        for (const round of [1, 2])
          mentees.forEach((answers, i) => {
            const expected = mentors.map((mentor) => {
              const reference = scoreMentor(questionnaire, answers, mentor)
              return reference === null || !(reference.percentage >= threshold) ? -1 : Math.round(reference.base * rows.scale)
            })
            const out = new Int32Array(pool.size)
            const counts = new Int32Array(highestBase(compiled) * rows.scale + 2)
            rows.scoreRow(answers, out, counts, i)
            expect([...out], `round ${round}, mentee ${i}`).toEqual(expected)
            const histogram = new Int32Array(counts.length)
            for (const v of expected) histogram[v + 1]!++
            expect([...counts]).toEqual([...histogram])
            rows.prepareRow(answers)
            expect(mentors.map((_, j) => rows.scoreOf(j))).toEqual(expected)
          })
      }),
      { numRuns: 400 },
    )
  })

  it('assigns a cohort on exactly the candidates and scores scoreMentor gives', () => {
    fc.assert(
      fc.property(afterAQuestionWasAddedArb, fc.constantFrom('maxMatched' as const, 'maxScore' as const), (population, objective) => {
        const input: CohortInput = {
          questionnaire: population.after,
          mentees: population.mentees.map((m) => ({ id: m.id, answers: m.answers })),
          mentors: population.mentors.map((m) => ({ id: m.id, answers: m.answers })),
          threshold: population.threshold,
          objective,
        }
        const result = assignCohort(input)
        if (E.isLeft(result)) throw new Error(JSON.stringify(result.left))
        expect(certificateProblems(input, result.right, candidatesOf(input))).toEqual([])
        for (const pair of result.right.pairs) {
          const mentee = population.mentees.find((m) => m.id === pair.menteeId)
          const mentor = population.mentors.find((m) => m.id === pair.mentorId)
          expect(pair.score).toEqual(scoreMentor(population.after, mentee?.answers ?? [], mentor?.answers ?? []))
        }
      }),
      { numRuns: 200 },
    )
  })
})
