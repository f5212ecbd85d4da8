// Small questionnaires and people for the whole-cohort examples: one SingleFit "topic" pair (3
// points), one MultipleMatchesFit "skills" pair (1 point per shared skill) and a knock-out language.
import { userIdOf, type Answer, type CohortInput, type CohortMentor, type QuestionPair } from '../../src/index.js'

const text = (s: string) => ({ en: s, de: s })
const side = (id: number, maxOption: number) => ({ questionId: id, text: text(`q${id}`), maxOption })
const options = (pairId: number, count: number, noPreference = false) =>
  Array.from({ length: count }, (_, i) => ({
    id: pairId * 100 + i + 1,
    text: text(`o${i + 1}`),
    noPreference: noPreference && i === count - 1,
    noSuchBackground: false,
  }))

export const TOPIC = 1
export const SKILLS = 2
export const LANGUAGE = 3

const pair = (
  questionPairId: number,
  rule: QuestionPair['rule'],
  weight: number,
  mustFit: boolean,
  count: number,
  maxOption: number,
  noPreference = false,
): QuestionPair => ({
  questionPairId,
  rule,
  kind: 'choice',
  weight,
  mustFit,
  minYearsAhead: 0,
  topic: 't',
  mentee: side(1000 + questionPairId, maxOption),
  mentor: side(2000 + questionPairId, maxOption),
  options: options(questionPairId, count, noPreference),
})

export const cohortQuestionnaire = {
  version: 1,
  pairs: [
    pair(TOPIC, 'SingleFit', 3, false, 4, 1, true),
    pair(SKILLS, 'MultipleMatchesFit', 1, false, 5, 5),
    pair(LANGUAGE, 'MultipleFit', 0, true, 2, 2),
  ],
}

/** Option n (1-based) of a pair. */
export const option = (pairId: number, n: number): number => pairId * 100 + n
/** Topic 4 is "no preference". */
export const NO_PREFERENCE_TOPIC = 4

/** Answers: a topic (1–4), skills (1–5) and languages (1–2, default both). */
export const answers = (topic: number, skills: readonly number[] = [], languages: readonly number[] = [1, 2]): Answer[] => [
  { questionPairId: TOPIC, optionIds: [option(TOPIC, topic)], year: null, text: null },
  { questionPairId: SKILLS, optionIds: skills.map((s) => option(SKILLS, s)), year: null, text: null },
  { questionPairId: LANGUAGE, optionIds: languages.map((l) => option(LANGUAGE, l)), year: null, text: null },
]

export const mentee = (id: number, a: Answer[]) => ({ id: userIdOf(id), answers: a })
export const mentor = (id: number, a: Answer[], capacity?: number): CohortMentor =>
  capacity === undefined ? { id: userIdOf(id), answers: a } : { id: userIdOf(id), answers: a, capacity }

export const cohort = (overrides: Partial<CohortInput>): CohortInput => ({
  questionnaire: cohortQuestionnaire,
  mentees: [],
  mentors: [],
  threshold: 0,
  objective: 'maxMatched',
  ...overrides,
})
