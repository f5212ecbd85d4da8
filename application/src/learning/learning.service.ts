// What the outcomes say (docs/learning.md): the report of one program year or all, computed by core
// from the teams' score breakdowns and timelines, and "Try in a draft", which saves the suggested
// weights into the questionnaire draft through the draft's own save (its revision check included),
// so that the impact preview shows what would change and nothing changes until a publish.
import {
  DEFAULT_LEARNING_SETTINGS,
  fieldError,
  learnFromOutcomes,
  validationFailed,
  type ClusterId,
  type LearningReport,
  type LearningTryInDraftRequest,
  type LearningView,
  type Questionnaire,
} from '@tandem/core'
import { left, right } from 'fp-ts/lib/Either.js'
import type { Clock } from '../ports/clock.port.js'
import type { Services } from '../ports/services.port.js'
import type { StatisticsQueries } from '../ports/store/statistics-queries.port.js'
import type { Unaudited } from '../audit/audit.js'

type Drafts = Pick<Unaudited<Services['questionnaireVersions']>, 'draft' | 'saveDraft'>

export type LearningPorts = {
  readonly statistics: Pick<StatisticsQueries, 'learningTeams'>
  /** The published version in use: its questions and today's weights. */
  readonly questionnaire: () => Questionnaire
  readonly clock: Clock
}

const viewOf = (clusterId: ClusterId | null, questionnaire: Questionnaire, report: LearningReport): LearningView => {
  const textOf = (questionPairId: number) => {
    const pair = questionnaire.pairs.find((p) => p.questionPairId === questionPairId)
    return pair === undefined ? { en: '', de: '' } : (pair.mentee ?? pair.mentor).text
  }
  const common = { clusterId, needed: DEFAULT_LEARNING_SETTINGS.minFinishedTeams, confidence: DEFAULT_LEARNING_SETTINGS.confidence }
  if (report._tag === 'NotEnough')
    return {
      ...common,
      state: 'NotEnough',
      finishedTeams: report.finishedTeams,
      tooYoung: report.tooYoung,
      goodShare: { _tag: 'Hidden', limit: 5 },
      questions: [],
    }
  return {
    ...common,
    state: 'Learned',
    finishedTeams: { _tag: 'Count', value: report.finishedTeams },
    tooYoung: report.tooYoung,
    goodShare: report.goodShare,
    questions: report.questions.map((q) => ({ ...q, text: textOf(q.questionPairId) })),
  }
}

export const learningService = (ports: LearningPorts) => {
  const learn = async (clusterId: ClusterId | null) => {
    const questionnaire = ports.questionnaire()
    const teams = await ports.statistics.learningTeams(clusterId)
    return { questionnaire, report: learnFromOutcomes(DEFAULT_LEARNING_SETTINGS, ports.clock())(questionnaire.pairs, teams) }
  }
  return {
    report: async (clusterId: ClusterId | null) => {
      const { questionnaire, report } = await learn(clusterId)
      return right(viewOf(clusterId, questionnaire, report))
    },
    /** `drafts`: the questionnaire draft's own read and save, for the administrator who asks. */
    tryInDraft: async (drafts: Drafts, body: LearningTryInDraftRequest) => {
      const { report } = await learn(body.clusterId)
      if (report._tag === 'NotEnough') return left(validationFailed([fieldError('clusterId', 'learning-not-enough')]))
      const current = await drafts.draft()
      if (current._tag === 'Left') return current
      const suggested = new Map(report.questions.filter((q) => q.change !== 'Keep').map((q) => [q.questionPairId, q.suggestedWeight]))
      // Only weights change: a must-match flag, a rule, a text stays as the draft has it.
      const draft = {
        ...current.right.draft,
        questions: current.right.draft.questions.map((q) => {
          const weight = suggested.get(q.questionPairId)
          return weight === undefined || q.retired || (q.mustFit && weight < q.weight) ? q : { ...q, weight }
        }),
      }
      return await drafts.saveDraft({ revision: body.revision, draft })
    },
  }
}
