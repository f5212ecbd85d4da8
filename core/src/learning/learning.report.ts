// What the outcomes say about the questions (docs/learning.md): the features of each team from its
// score breakdown at match time, the model's effects with simultaneous intervals, and suggested weights
// on the questionnaire's scale that never loosen a must-match rule.
import { inverseErrorFunction } from 'simple-statistics'
import type { QuestionPair } from '../questionnaire/questionnaire.codec.js'
import { WEIGHT_MAX, WEIGHT_MIN } from '../questionnaire/questionnaire.draft.js'
import type { QuestionScore } from '../tandem/tandem.codec.js'
import type { Instant } from '../shared/time.js'
import {
  SMALL_GROUP_LIMIT,
  shareOf,
  showCount,
  showSideBySideCounts,
  type ShownCount,
  type ShownValue,
} from '../statistics/statistics.rules.js'
import { DEFAULT_GOOD_TEAM_SETTINGS, judgeTeam, type GoodTeamSettings, type TeamOutcome } from './good-team.rules.js'
import { fitLogistic } from './logistic.fit.js'

export type LearningSettings = {
  readonly goodTeam: GoodTeamSettings
  /** Below this many finished teams nothing is learned nor suggested. */
  readonly minFinishedTeams: number
  /** The L2 penalty of the logistic model. */
  readonly penalty: number
  readonly replicates: number
  readonly seed: number
  /** The chance that all the intervals together hold the true effects (simultaneous, Bonferroni). */
  readonly confidence: number
}

export const DEFAULT_LEARNING_SETTINGS: LearningSettings = {
  goodTeam: DEFAULT_GOOD_TEAM_SETTINGS,
  minFinishedTeams: 200,
  penalty: 1,
  replicates: 200,
  seed: 46,
  confidence: 0.95,
}

/** The questions learned about: the published ones that score (MentorOnly questions score nothing). */
export type LearningQuestion = Pick<QuestionPair, 'questionPairId' | 'weight' | 'mustFit' | 'rule'>

/** One matched team (manual teams have no score and are left out by the caller). */
export type LearningTeam = { readonly outcome: TeamOutcome; readonly breakdown: readonly QuestionScore[] }

export type WeightChange = 'Keep' | 'Raise' | 'Lower'

/** The share of good teams in one group of teams, as it may be shown. */
export type GroupFigure = { readonly teams: ShownCount; readonly goodShare: ShownValue }

export type QuestionFinding = {
  readonly questionPairId: number
  readonly mustFit: boolean
  readonly currentWeight: number
  readonly suggestedWeight: number
  readonly change: WeightChange
  /**
   * The change in log-odds of a good team from no agreement to full agreement on this question, all
   * other questions held equal, with its interval; null when the teams did not differ on it (a
   * must-match question, one answered by too few) and nothing could be estimated.
   */
  readonly effect: { readonly estimate: number; readonly low: number; readonly high: number } | null
  /** How many finished teams had both sides' answers to this question. */
  readonly teams: ShownCount
  /** Teams whose answers agreed (at least half the points) and the others. */
  readonly agreed: GroupFigure
  readonly others: GroupFigure
}

export type LearningReport =
  | { readonly _tag: 'NotEnough'; readonly finishedTeams: ShownCount; readonly needed: number; readonly tooYoung: ShownCount }
  | {
      readonly _tag: 'Learned'
      readonly finishedTeams: number
      readonly goodShare: ShownValue
      readonly tooYoung: ShownCount
      readonly questions: readonly QuestionFinding[]
    }

/** A question's agreement in one team: its points as a share of its maximum; null when not scored. */
export const agreementOf = (breakdown: readonly QuestionScore[], questionPairId: number): number | null => {
  const entry = breakdown.find((q) => q.questionPairId === questionPairId)
  return entry === undefined || !(entry.max > 0) ? null : Math.min(1, Math.max(0, entry.points / entry.max))
}

/** Agreement at or above this counts as "shared" in the plain-words figures. */
const AGREED = 0.5

/** A group's share of good teams, shown only when its count may be shown (`showSideBySideCounts`). */
const groupFigure = (teams: ShownCount, count: number, good: number): GroupFigure => ({
  teams,
  goodShare: teams._tag === 'Count' ? shareOf(good, count) : { _tag: 'Hidden', limit: SMALL_GROUP_LIMIT },
})

const changeOf = (current: number, suggested: number): WeightChange =>
  suggested > current ? 'Raise' : suggested < current ? 'Lower' : 'Keep'

const clampWeight = (weight: number): number => Math.min(WEIGHT_MAX, Math.max(WEIGHT_MIN, Math.round(weight)))

/** The two-sided normal quantile for the simultaneous intervals of `count` effects. */
const criticalValue = (confidence: number, count: number): number =>
  Math.SQRT2 * inverseErrorFunction(1 - (1 - confidence) / Math.max(1, count))

type Column = { readonly index: number; readonly values: (number | null)[]; readonly answered: number; readonly varies: boolean }

/**
 * Suggested weights: a question whose interval holds 0 keeps its weight; one with a clear positive
 * effect gets a weight in proportion to its effect, on a scale where the estimated effects of all
 * questions learned about (negative ones as 0) would add up to their weights of today; one with a
 * clear negative effect goes to the lowest weight. A must-match question's weight is never lowered,
 * and its rule is never touched.
 */
const suggestWeights = (questions: readonly LearningQuestion[], effects: readonly (QuestionFinding['effect'] | null)[]): number[] => {
  const learned = questions.flatMap((_, i) => (effects[i] === null ? [] : [i]))
  const effectSum = learned.reduce((sum, i) => sum + Math.max(0, effects[i]!.estimate), 0)
  const weightSum = learned.reduce((sum, i) => sum + questions[i]!.weight, 0)
  // All of today's weights 0: a scale where the effects would average the middle of the range.
  const total = weightSum > 0 ? weightSum : (learned.length * (WEIGHT_MIN + WEIGHT_MAX)) / 2
  return questions.map((q, i) => {
    const effect = effects[i] ?? null
    const current = q.weight
    let suggested = current
    if (effect !== null && effect.low > 0) suggested = clampWeight((total * effect.estimate) / effectSum)
    else if (effect !== null && effect.high < 0) suggested = WEIGHT_MIN
    return q.mustFit ? Math.max(current, suggested) : suggested
  })
}

/** What the outcomes of `teams` say about `questions`, judged at `now`. Pure: same input, same report. */
export const learnFromOutcomes =
  (settings: LearningSettings, now: Instant) =>
  (questions: readonly LearningQuestion[], teams: readonly LearningTeam[]): LearningReport => {
    const judge = judgeTeam(settings.goodTeam, now)
    const finished: { team: LearningTeam; good: boolean }[] = []
    let tooYoung = 0
    for (const team of teams) {
      const verdict = judge(team.outcome)
      if (verdict === 'TooYoung') tooYoung += 1
      if (verdict === 'Good' || verdict === 'NotGood') finished.push({ team, good: verdict === 'Good' })
    }
    if (finished.length < settings.minFinishedTeams)
      return {
        _tag: 'NotEnough',
        finishedTeams: showCount(finished.length),
        needed: settings.minFinishedTeams,
        tooYoung: showCount(tooYoung),
      }

    const scored = questions.filter((q) => q.rule !== 'MentorOnly')
    const columns: Column[] = scored.map((q, index) => {
      const values = finished.map(({ team }) => agreementOf(team.breakdown, q.questionPairId))
      const present = values.filter((v): v is number => v !== null)
      const varies = present.length >= SMALL_GROUP_LIMIT && present.some((v) => v !== present[0])
      return { index, values, answered: present.length, varies }
    })
    const fitted = columns.filter((c) => c.varies)
    const rows = finished.length
    const features = new Float64Array(rows * fitted.length)
    fitted.forEach((column, c) => {
      // A question one side had not answered scored nothing either way: it takes the mean agreement.
      const present = column.values.filter((v): v is number => v !== null)
      const mean = present.reduce((a, b) => a + b, 0) / present.length
      column.values.forEach((v, row) => (features[row * fitted.length + c] = v ?? mean))
    })
    const labels = Uint8Array.from(finished, (f) => (f.good ? 1 : 0))
    const fit = fitLogistic({ rows, columns: fitted.length, features, labels }, settings)
    const z = criticalValue(settings.confidence, fitted.length)

    const effects = scored.map((_, index) => {
      const c = fitted.findIndex((column) => column.index === index)
      if (c < 0) return null
      const estimate = fit.coefficients[c]!
      const spread = z * fit.standardErrors[c]!
      return { estimate, low: estimate - spread, high: estimate + spread }
    })
    const suggested = suggestWeights(scored, effects)
    const findings = scored.map((q, index): QuestionFinding => {
      const column = columns[index]!
      let agreedTeams = 0
      let agreedGood = 0
      let otherTeams = 0
      let otherGood = 0
      column.values.forEach((v, row) => {
        if (v === null) return
        const good = finished[row]!.good ? 1 : 0
        if (v >= AGREED) {
          agreedTeams += 1
          agreedGood += good
        } else {
          otherTeams += 1
          otherGood += good
        }
      })
      // The two groups add up to the teams that answered: shown side by side, so that none of the
      // three can give a small group away by subtraction.
      const shown = showSideBySideCounts([column.answered, agreedTeams, otherTeams])
      return {
        questionPairId: q.questionPairId,
        mustFit: q.mustFit,
        currentWeight: q.weight,
        suggestedWeight: suggested[index]!,
        change: changeOf(q.weight, suggested[index]!),
        effect: effects[index] ?? null,
        teams: shown[0]!,
        agreed: groupFigure(shown[1]!, agreedTeams, agreedGood),
        others: groupFigure(shown[2]!, otherTeams, otherGood),
      }
    })
    const good = finished.filter((f) => f.good).length
    return { _tag: 'Learned', finishedTeams: rows, goodShare: shareOf(good, rows), tooYoung: showCount(tooYoung), questions: findings }
  }
