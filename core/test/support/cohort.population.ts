// Seeded cohorts shaped like real questionnaire data (the core's tests may not use @tandem/fixtures):
// every rule kind, a knock-out language pair, and options drawn by Zipf's law so popular answers
// make many scores tie.
import { userIdOf, type Answer, type CohortInput, type Questionnaire, type QuestionPair } from '../../src/index.js'

const text = (s: string) => ({ en: s, de: s })

const pair = (
  id: number,
  rule: QuestionPair['rule'],
  weight: number,
  optionCount: number,
  maxOption: number,
  extra: Partial<QuestionPair> = {},
): QuestionPair => ({
  questionPairId: id,
  rule,
  kind: rule === 'YearsFit' ? 'year' : 'choice',
  weight,
  mustFit: false,
  minYearsAhead: 0,
  topic: 't',
  mentee: { questionId: 1000 + id, text: text(`q${id}`), maxOption },
  mentor: { questionId: 2000 + id, text: text(`q${id}`), maxOption },
  options: Array.from({ length: optionCount }, (_, i) => ({
    id: id * 100 + i + 1,
    text: text(`o${i}`),
    noPreference: false,
    noSuchBackground: false,
  })),
  ...extra,
})

const withNoPreference = (p: QuestionPair): QuestionPair => ({
  ...p,
  options: [...p.options, { id: p.questionPairId * 100 + 99, text: text('no preference'), noPreference: true, noSuchBackground: false }],
})

export const realisticQuestionnaire: Questionnaire = {
  version: 1,
  pairs: [
    { ...pair(1, 'MultipleFit', 3, 6, 3), mustFit: true },
    withNoPreference(pair(2, 'MultipleMatchesFit', 2, 12, 3)),
    withNoPreference(pair(3, 'MultipleFit', 2, 10, 3)),
    pair(4, 'MultipleMatchesFit', 3, 10, 4),
    withNoPreference(pair(5, 'SingleFit', 1, 3, 1)),
    withNoPreference(pair(6, 'SingleFit', 2, 3, 1)),
    withNoPreference(pair(7, 'SingleFit', 1, 3, 1)),
    { ...pair(8, 'YearsFit', 3, 0, 1), minYearsAhead: 5 },
    pair(9, 'MultipleFit', 2, 6, 3),
  ],
}

/** mulberry32: a tiny seeded generator, so a cohort is the same on every run. */
const seeded = (seed: number) => {
  let state = seed >>> 0
  return (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const zipf = (next: () => number, length: number): number => {
  const weights = Array.from({ length }, (_, k) => 1 / (k + 1) ** 1.2)
  let target = next() * weights.reduce((a, b) => a + b, 0)
  for (let k = 0; k < length; k++) if ((target -= weights[k]!) < 0) return k
  return length - 1
}

const answersFor = (next: () => number, questionnaire: Questionnaire, side: 'mentee' | 'mentor'): Answer[] =>
  questionnaire.pairs.map((p): Answer => {
    if (p.rule === 'YearsFit')
      return {
        questionPairId: p.questionPairId,
        optionIds: [],
        year: side === 'mentee' ? 2010 + Math.floor(next() * 15) : 1980 + Math.floor(next() * 40),
        text: null,
      }
    const plain = p.options.filter((o) => !o.noPreference)
    const noPreference = p.options.find((o) => o.noPreference)
    if (noPreference !== undefined && next() < 0.1)
      return { questionPairId: p.questionPairId, optionIds: [noPreference.id], year: null, text: null }
    const count = 1 + Math.floor(next() * (p.mentee?.maxOption ?? 1))
    const chosen = new Set(Array.from({ length: count }, () => plain[zipf(next, plain.length)]!.id))
    return { questionPairId: p.questionPairId, optionIds: [...chosen], year: null, text: null }
  })

export const zipfCohort = (options: {
  seed: number
  mentees: number
  mentors: number
  maxCapacity: number
  threshold?: number
}): CohortInput => {
  const next = seeded(options.seed)
  return {
    questionnaire: realisticQuestionnaire,
    mentees: Array.from({ length: options.mentees }, (_, i) => ({
      id: userIdOf(i + 1),
      answers: answersFor(next, realisticQuestionnaire, 'mentee'),
    })),
    mentors: Array.from({ length: options.mentors }, (_, j) => ({
      id: userIdOf(100_000 + j),
      answers: answersFor(next, realisticQuestionnaire, 'mentor'),
      capacity: 1 + Math.floor(next() * options.maxCapacity),
    })),
    threshold: options.threshold ?? 30,
    objective: 'maxMatched',
  }
}
