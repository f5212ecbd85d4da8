// Learning from outcomes (docs/learning.md): the model finds a planted effect, a suggestion never
// loosens a must-match rule nor leaves the questionnaire's range, the same data and seed give the
// same report, and nothing is suggested below the minimum of finished teams.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  DAY,
  DEFAULT_LEARNING_SETTINGS,
  WEIGHT_MAX,
  WEIGHT_MIN,
  fitLogistic,
  learnFromOutcomes,
  type LearningQuestion,
  type LearningTeam,
  type QuestionScore,
} from '../src/index.js'

const epoch = Date.UTC(2024, 0, 1)
const now = epoch + 400 * DAY
const goodOutcome: LearningTeam['outcome'] = { matchedAt: epoch, metAt: epoch + 5 * DAY, pulses: [0, 0, 0, 1, 1], ending: null }
const badOutcome: LearningTeam['outcome'] = { matchedAt: epoch, metAt: null, pulses: [1, 0, 0, 0, 0], ending: null }

const scoreOf = (questionPairId: number, agreed: boolean, weight = 10): QuestionScore => ({
  questionPairId,
  points: agreed ? weight : 0,
  max: weight,
  common: [],
})

describe('the logistic model', () => {
  it('finds a planted effect and none where there is none', () => {
    // Column 0 raises the odds (good in 80 % with it, 40 % without); column 1 is unrelated.
    const rows = 1000
    const features = new Float64Array(rows * 2)
    const labels = new Uint8Array(rows)
    for (let r = 0; r < rows; r++) {
      const first = r % 2
      const second = Math.floor(r / 2) % 2
      features[r * 2] = first
      features[r * 2 + 1] = second
      labels[r] = (first === 1 ? r % 10 < 8 : r % 10 < 4) ? 1 : 0
    }
    const fit = fitLogistic({ rows, columns: 2, features, labels }, { penalty: 0.001, replicates: 100, seed: 1 })
    // log(0.8/0.2) - log(0.4/0.6) = 1.79
    expect(fit.coefficients[0]).toBeCloseTo(1.79, 1)
    expect(Math.abs(fit.coefficients[1]!)).toBeLessThan(0.05)
    expect(fit.standardErrors[0]).toBeGreaterThan(0.05)
    expect(fit.standardErrors[0]).toBeLessThan(0.3)
  })
})

describe('what the outcomes say', () => {
  const questions: LearningQuestion[] = [
    { questionPairId: 1, weight: 10, mustFit: false, rule: 'SingleFit' },
    { questionPairId: 2, weight: 10, mustFit: false, rule: 'SingleFit' },
  ]
  const planted = (count: number): LearningTeam[] =>
    Array.from({ length: count }, (_, i) => {
      const agreed = i % 2 === 0
      const good = agreed ? i % 10 < 8 : i % 10 < 3 // 80 % and 20 %
      return { breakdown: [scoreOf(1, agreed), scoreOf(2, Math.floor(i / 2) % 2 === 0)], outcome: good ? goodOutcome : badOutcome }
    })

  it('says there is not enough to learn from below 200 finished teams, and suggests nothing', () => {
    const report = learnFromOutcomes(DEFAULT_LEARNING_SETTINGS, now)(questions, planted(199))
    expect(report).toEqual({
      _tag: 'NotEnough',
      finishedTeams: { _tag: 'Count', value: 199 },
      needed: 200,
      tooYoung: { _tag: 'FewerThan', limit: 5 },
    })
  })

  it('raises a question with a clear effect, keeps one without, and says it in shares', () => {
    const report = learnFromOutcomes(DEFAULT_LEARNING_SETTINGS, now)(questions, planted(400))
    if (report._tag !== 'Learned') throw new Error(report._tag)
    const [shared, noise] = report.questions
    expect(shared!.change).toBe('Raise')
    expect(shared!.effect!.low).toBeGreaterThan(0)
    expect(shared!.agreed).toEqual({ teams: { _tag: 'Count', value: 200 }, goodShare: { _tag: 'Value', value: 80 } })
    expect(shared!.others).toEqual({ teams: { _tag: 'Count', value: 200 }, goodShare: { _tag: 'Value', value: 20 } })
    expect(noise!.change).toBe('Keep')
    expect(noise!.suggestedWeight).toBe(10)
  })

  it('counts only finished teams: the young ones are left out', () => {
    const young = planted(300).map((t) => ({ ...t, outcome: { ...t.outcome, matchedAt: now - 10 * DAY } }))
    const report = learnFromOutcomes(DEFAULT_LEARNING_SETTINGS, now)(questions, [...planted(150), ...young])
    expect(report._tag).toBe('NotEnough')
    if (report._tag === 'NotEnough') expect(report.tooYoung).toEqual({ _tag: 'Count', value: 300 })
  })
})

const settings = { ...DEFAULT_LEARNING_SETTINGS, minFinishedTeams: 20, replicates: 20 }

const questionsArbitrary = fc.uniqueArray(
  fc.record({
    questionPairId: fc.integer({ min: 1, max: 30 }),
    weight: fc.integer({ min: WEIGHT_MIN, max: WEIGHT_MAX }),
    mustFit: fc.boolean(),
    rule: fc.constantFrom('SingleFit' as const, 'MultipleFit' as const, 'MultipleMatchesFit' as const),
  }),
  { minLength: 1, maxLength: 5, selector: (q) => q.questionPairId },
)

const teamsArbitrary = (questions: readonly LearningQuestion[]) =>
  fc
    .array(
      fc.record({
        agreements: fc.array(fc.constantFrom(0, 0.5, 1, null), { minLength: questions.length, maxLength: questions.length }),
        good: fc.boolean(),
      }),
      { minLength: 20, maxLength: 80 },
    )
    .map((rows) =>
      rows.map(({ agreements, good }): LearningTeam => ({
        outcome: good ? goodOutcome : badOutcome,
        breakdown: questions.flatMap((q, i) => {
          const a = agreements[i]
          return a === null || a === undefined ? [] : [{ questionPairId: q.questionPairId, points: 2 * a, max: 2, common: [] }]
        }),
      })),
    )

const caseArbitrary = questionsArbitrary.chain((questions) =>
  fc.tuple(fc.constant(questions), teamsArbitrary(questions), fc.integer({ min: 0, max: 2 ** 31 - 1 })),
)

describe('suggestions, for any data', () => {
  it('never loosen a must-match rule and never leave the questionnaire range', () => {
    fc.assert(
      fc.property(caseArbitrary, ([questions, teams, seed]) => {
        const report = learnFromOutcomes({ ...settings, seed }, now)(questions, teams)
        if (report._tag !== 'Learned') return
        report.questions.forEach((finding, i) => {
          const question = questions[i]!
          expect(finding.questionPairId).toBe(question.questionPairId)
          expect(finding.mustFit).toBe(question.mustFit)
          if (question.mustFit) expect(finding.suggestedWeight).toBeGreaterThanOrEqual(question.weight)
          expect(Number.isInteger(finding.suggestedWeight)).toBe(true)
          expect(finding.suggestedWeight).toBeGreaterThanOrEqual(WEIGHT_MIN)
          expect(finding.suggestedWeight).toBeLessThanOrEqual(WEIGHT_MAX)
          // A weight changes only on an interval that excludes zero.
          if (finding.change !== 'Keep') expect(finding.effect !== null && (finding.effect.low > 0 || finding.effect.high < 0)).toBe(true)
        })
      }),
      { numRuns: 60 },
    )
  })

  it('are the same for the same data and seed', () => {
    fc.assert(
      fc.property(caseArbitrary, ([questions, teams, seed]) => {
        const learn = learnFromOutcomes({ ...settings, seed }, now)
        expect(learn(questions, teams)).toEqual(learn(questions, teams))
      }),
      { numRuns: 40 },
    )
  })

  it('show no share of good teams resting on fewer than 5 teams, and no counts that give a small group away', () => {
    fc.assert(
      fc.property(caseArbitrary, ([questions, teams, seed]) => {
        const report = learnFromOutcomes({ ...settings, seed }, now)(questions, teams)
        if (report._tag !== 'Learned') return
        for (const finding of report.questions) {
          for (const group of [finding.agreed, finding.others])
            if (group.teams._tag === 'FewerThan') expect(group.goodShare._tag).toBe('Hidden')
          const shown = [finding.teams, finding.agreed.teams, finding.others.teams].flatMap((c) => (c._tag === 'Count' ? [c.value] : []))
          for (const a of shown) {
            expect(a).toBeGreaterThanOrEqual(5)
            for (const b of shown) expect(a === b || Math.abs(a - b) >= 5).toBe(true)
          }
        }
      }),
      { numRuns: 40 },
    )
  })
})
