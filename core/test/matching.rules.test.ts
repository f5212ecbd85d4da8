// Example tests of the scoring rules and the proposal order, with numbers computed by hand.
import { describe, expect, it } from 'vitest'
import type { Answer, QuestionPair, Questionnaire } from '../src/questionnaire/questionnaire.codec.js'
import { DEFAULT_MATCHING_OPTIONS, rankMentors, rankMentorsReference, scoreMentor, scorePair, userIdOf } from '../src/index.js'

const bi = (s: string) => ({ en: s, de: s })
const option = (id: number, noPreference = false) => ({ id, text: bi(`o${id}`), noPreference, noSuchBackground: false })
const pair = (
  questionPairId: number,
  rule: QuestionPair['rule'],
  weight: number,
  optionIds: number[],
  extra: Partial<QuestionPair> = {},
): QuestionPair => ({
  questionPairId,
  rule,
  kind: rule === 'YearsFit' ? 'year' : rule === 'MentorOnly' ? 'text' : 'choice',
  weight,
  mustFit: false,
  minYearsAhead: 0,
  topic: 't',
  mentee: rule === 'MentorOnly' ? null : { questionId: questionPairId * 10 + 1, text: bi('q'), maxOption: 3 },
  mentor: { questionId: questionPairId * 10 + 2, text: bi('q'), maxOption: 3 },
  options: optionIds.map((id) => option(id)),
  ...extra,
})
const withNoPreference = (p: QuestionPair, id: number): QuestionPair => ({ ...p, options: [...p.options, option(id, true)] })

const single = withNoPreference(pair(1, 'SingleFit', 3, [11, 12]), 13)
const multiple = withNoPreference(pair(2, 'MultipleFit', 2, [21, 22, 23]), 24)
const matches = withNoPreference(pair(3, 'MultipleMatchesFit', 1, [31, 32, 33, 34]), 35)
const years = pair(4, 'YearsFit', 4, [], { minYearsAhead: 5 })
const mentorOnly = pair(5, 'MentorOnly', 9, [])
const language = pair(6, 'SingleFit', 2, [61, 62], { mustFit: true })
const questionnaire: Questionnaire = { version: 1, pairs: [single, multiple, matches, years, mentorOnly, language] }

const choice = (questionPairId: number, ...optionIds: number[]): Answer => ({ questionPairId, optionIds, year: null, text: null })
const year = (questionPairId: number, y: number): Answer => ({ questionPairId, optionIds: [], year: y, text: null })

describe('SingleFit', () => {
  it('gives the weight when both chose the same option', () => {
    expect(scorePair(single, choice(1, 11), choice(1, 11))).toEqual({
      questionPairId: 1,
      points: 3,
      max: 3,
      common: [11],
      knockedOut: false,
    })
  })
  it('gives nothing for different options, out of the weight', () => {
    expect(scorePair(single, choice(1, 11), choice(1, 12))).toMatchObject({ points: 0, max: 3, common: [] })
  })
  it('gives full points when either side has no preference', () => {
    expect(scorePair(single, choice(1, 13), choice(1, 12))).toMatchObject({ points: 3, max: 3, common: [12] })
    expect(scorePair(single, choice(1, 11), choice(1, 13))).toMatchObject({ points: 3, max: 3, common: [11] })
  })
  it('gives nothing when the mentee did not answer', () => {
    expect(scorePair(single, undefined, choice(1, 11))).toMatchObject({ points: 0, max: 3 })
  })
})

describe('MultipleFit', () => {
  it('gives the weight once when the choices share at least one option', () => {
    expect(scorePair(multiple, choice(2, 21, 22), choice(2, 22, 23))).toMatchObject({ points: 2, max: 2, common: [22] })
  })
  it('gives nothing for disjoint choices', () => {
    expect(scorePair(multiple, choice(2, 21), choice(2, 23))).toMatchObject({ points: 0, max: 2, common: [] })
  })
})

describe('MultipleMatchesFit', () => {
  it('gives the weight per common option, out of the weight per mentee option', () => {
    expect(scorePair(matches, choice(3, 31, 32, 33), choice(3, 32, 33, 34))).toMatchObject({ points: 2, max: 3, common: [32, 33] })
  })
  it('gives full points when the mentor has no preference', () => {
    expect(scorePair(matches, choice(3, 31, 32, 33), choice(3, 35))).toMatchObject({ points: 3, max: 3, common: [31, 32, 33] })
  })
  it('ignores option ids the pair does not define and repeated ids', () => {
    expect(scorePair(matches, choice(3, 31, 31, 77), choice(3, 31, 77))).toMatchObject({ points: 1, max: 1, common: [31] })
  })
})

describe('YearsFit', () => {
  it('gives the weight when the mentor is at least minYearsAhead years earlier', () => {
    expect(scorePair(years, year(4, 2015), year(4, 2010))).toMatchObject({ points: 4, max: 4 })
  })
  it('gives nothing when the mentor is fewer years ahead', () => {
    expect(scorePair(years, year(4, 2015), year(4, 2011))).toMatchObject({ points: 0, max: 4 })
  })
  it('gives nothing when a side gave no year', () => {
    expect(scorePair(years, year(4, 2015), undefined)).toMatchObject({ points: 0, max: 4 })
  })
})

describe('MentorOnly', () => {
  it('scores nothing, whatever the weight', () => {
    expect(scorePair(mentorOnly, undefined, { questionPairId: 5, optionIds: [], year: null, text: 'I like helping' })).toEqual({
      questionPairId: 5,
      points: 0,
      max: 0,
      common: [],
      knockedOut: false,
    })
  })
})

const menteeAnswers = [choice(1, 11), choice(2, 21, 22), choice(3, 31, 32, 33), year(4, 2015), choice(6, 61)]
const mentorAnswers = [choice(1, 11), choice(2, 22, 23), choice(3, 32, 33, 34), year(4, 2011), choice(6, 61)]

describe('scoreMentor', () => {
  it('sums points and maxima over the pairs: 3+2+2+0+2 of 3+2+3+4+2 is 64 %', () => {
    const score = scoreMentor(questionnaire, menteeAnswers, mentorAnswers)
    expect(score).toMatchObject({ base: 9, max: 14, percentage: 64 })
    expect(score?.breakdown.map((q) => [q.questionPairId, q.points, q.max])).toEqual([
      [1, 3, 3],
      [2, 2, 2],
      [3, 2, 3],
      [4, 0, 4],
      [6, 2, 2],
    ])
  })
  it('is null when a must-fit pair does not fit (knock-out)', () => {
    expect(scorePair(language, choice(6, 61), choice(6, 62)).knockedOut).toBe(true)
    expect(scoreMentor(questionnaire, menteeAnswers, [...mentorAnswers.slice(0, 4), choice(6, 62)])).toBeNull()
  })
  it('is 0 % when nothing can be scored', () => {
    expect(scoreMentor({ pairs: [mentorOnly] }, [], [])).toEqual({ base: 0, max: 0, percentage: 0, breakdown: [] })
  })
})

describe('rankMentors', () => {
  const heavy: Questionnaire = { version: 1, pairs: [pair(1, 'SingleFit', 200, [1, 2]), pair(2, 'SingleFit', 1, [3, 4])] }
  const mentee = { id: userIdOf(1), answers: [choice(1, 1), choice(2, 3)] }
  const mentor = (id: number, poolSince: number | null, second = 3) => ({
    id: userIdOf(id),
    poolSince,
    answers: [choice(1, 1), choice(2, second)],
  })
  const ids = (ranked: readonly { mentorId: number }[]) => ranked.map((r) => r.mentorId)
  const all = { threshold: 0, limit: 10 }

  it('orders equal percentages by base points: 201 before 200 (both round to 100 %)', () => {
    const ranked = rankMentors(heavy, mentee, [mentor(10, 1, 4), mentor(11, 5, 3)], all)
    expect(ranked.map((r) => [r.mentorId, r.score.base, r.score.percentage])).toEqual([
      [11, 201, 100],
      [10, 200, 100],
    ])
  })
  it('proposes the mentor longest in the pool first, a mentor with no pool date last, then by id', () => {
    expect(ids(rankMentors(heavy, mentee, [mentor(20, null), mentor(21, 7), mentor(22, 3), mentor(19, 7)], all))).toEqual([22, 19, 21, 20])
  })
  it('never proposes the mentee to themselves nor an excluded (declined) pair', () => {
    const ranked = rankMentors(heavy, mentee, [mentor(1, 0), mentor(2, 1), mentor(3, 2)], { ...all, exclude: new Set([userIdOf(2)]) })
    expect(ids(ranked)).toEqual([3])
  })
  it('proposes only mentors at or above the threshold', () => {
    // 200 of 201 is 99.5 %, rounded to 100; a mentor with only the light pair has 0.5 %, rounded to 0.
    const candidates = [mentor(30, 0), { id: userIdOf(31), poolSince: 0, answers: [choice(1, 2), choice(2, 3)] }]
    expect(ids(rankMentors(heavy, mentee, candidates, { threshold: 100, limit: 3 }))).toEqual([30])
    expect(ids(rankMentors(heavy, mentee, candidates, { threshold: 0, limit: 3 }))).toEqual([30, 31])
    expect(ids(rankMentors(heavy, mentee, candidates, { threshold: 1, limit: 3 }))).toEqual([30])
  })
  it('makes at most three proposals by default', () => {
    const candidates = [40, 41, 42, 43, 44].map((id) => mentor(id, id))
    expect(DEFAULT_MATCHING_OPTIONS).toEqual({ threshold: 30, limit: 3 })
    expect(ids(rankMentors(heavy, mentee, candidates, DEFAULT_MATCHING_OPTIONS))).toEqual([40, 41, 42])
  })
  it('drops knocked-out mentors and agrees with the reference ranking', () => {
    const candidates = [
      { id: userIdOf(7), poolSince: 1, answers: mentorAnswers },
      { id: userIdOf(8), poolSince: 0, answers: [...mentorAnswers.slice(0, 4), choice(6, 62)] },
    ]
    const ranked = rankMentors(questionnaire, { id: userIdOf(1), answers: menteeAnswers }, candidates, all)
    expect(ranked).toEqual(rankMentorsReference(questionnaire, { id: userIdOf(1), answers: menteeAnswers }, candidates, all))
    expect(ranked.map((r) => [r.mentorId, r.score.percentage])).toEqual([[7, 64]])
  })
})
