// What the outcomes say (docs/learning.md, docs/api.md#learning-from-outcomes): the administrators'
// query, the report as it travels (small groups never as a number), and "Try in a draft".
import * as t from 'io-ts'
import { ClusterId } from '../shared/ids.js'
import { ClusterIdFromString } from './query.codec.js'
import { ShownCountCodec, ShownValueCodec } from './statistics.codec.js'
import { nullable } from './wire.codec.js'

/** GET /api/Admin/GetLearningReport: one program year, or none for all years. */
export const LearningQuery = t.exact(t.partial({ clusterId: ClusterIdFromString }), 'LearningQuery')
export type LearningQuery = t.TypeOf<typeof LearningQuery>

/** POST /api/Admin/TryLearningInDraft: the report's suggestion into the draft edited at `revision`. */
export const LearningTryInDraftRequest = t.strict({ clusterId: nullable(ClusterId), revision: t.number }, 'LearningTryInDraftRequest')
export type LearningTryInDraftRequest = t.TypeOf<typeof LearningTryInDraftRequest>

const GroupFigureCodec = t.type({ teams: ShownCountCodec, goodShare: ShownValueCodec })

export const LearningQuestionView = t.type(
  {
    questionPairId: t.number,
    text: t.type({ en: t.string, de: t.string }),
    mustFit: t.boolean,
    currentWeight: t.number,
    suggestedWeight: t.number,
    change: t.keyof({ Keep: null, Raise: null, Lower: null }),
    /** Log-odds of a good team, full agreement against none, with its simultaneous interval. */
    effect: nullable(t.type({ estimate: t.number, low: t.number, high: t.number })),
    teams: ShownCountCodec,
    agreed: GroupFigureCodec,
    others: GroupFigureCodec,
  },
  'LearningQuestionView',
)
export type LearningQuestionView = t.TypeOf<typeof LearningQuestionView>

export const LearningView = t.type(
  {
    clusterId: nullable(ClusterId),
    /** NotEnough: fewer finished teams than `needed`; no question is learned about, nothing suggested. */
    state: t.keyof({ NotEnough: null, Learned: null }),
    finishedTeams: ShownCountCodec,
    needed: t.number,
    tooYoung: ShownCountCodec,
    goodShare: ShownValueCodec,
    /** The chance that all the intervals together hold the true effects. */
    confidence: t.number,
    questions: t.array(LearningQuestionView),
  },
  'LearningView',
)
export type LearningView = t.TypeOf<typeof LearningView>
