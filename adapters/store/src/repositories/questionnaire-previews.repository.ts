// The questionnaire impact previews (migration 0028): one row each, written by the instance that
// computes it (progress, heartbeat, end) and read by every instance. Every end is a conditional
// write from Running, and deletes the finished previews beyond the newest PREVIEWS_KEPT in the same
// transaction, so the table stays a few rows long.
import { PREVIEW, previewMoveOf, PREVIEWS_KEPT, PreviewState, userIdOf } from '@tandem/core'
import * as t from 'io-ts'
import type { Selectable } from 'kysely'
import type { Database } from '../portable/database.js'
import type { QuestionnairePreviewsTable } from '../portable/schema.js'
import { decodeStored } from '../portable/rows.js'
import type { QuestionnairePreviewRepository, StoredPreview } from '@tandem/application/ports'

export type { QuestionnairePreviewRepository, StoredPreview }

/** The failure of a preview whose instance stopped (or stopped writing) before it ended. */
export const PREVIEW_INTERRUPTED = 'interrupted: its server stopped'

const Figures = t.type({
  menteesWithCandidate: t.number,
  mentorsWithCandidate: t.number,
  meanBestPercentage: t.number,
  cohortMatched: t.number,
  cohortMeanPercentage: t.number,
})
/** The stored figures: counts, means and question ids, nobody's data. */
const Result = t.type({
  mentees: t.number,
  mentors: t.number,
  now: Figures,
  draft: Figures,
  topChanged: t.number,
  movedQuestions: t.readonlyArray(t.type({ questionPairId: t.number, topChanges: t.number })),
})

const FAIL = previewMoveOf('Fail')

export const createQuestionnairePreviewRepository = (db: Database): QuestionnairePreviewRepository => {
  const k = db.kysely

  const previewOf = (row: Selectable<QuestionnairePreviewsTable>): StoredPreview => ({
    id: row.id,
    revision: row.revision,
    state: decodeStored(PreviewState, row.state, `state of questionnaire preview ${row.id}`),
    fraction: row.fraction,
    result: row.result === null ? null : decodeStored(Result, JSON.parse(row.result), `result of questionnaire preview ${row.id}`),
    message: row.message,
    startedAt: row.started_at,
    startedBy: userIdOf(row.started_by),
    holder: row.holder,
    heartbeatAt: row.heartbeat_at,
  })

  /** The finished previews older than the newest PREVIEWS_KEPT (ids rise with the start). */
  const forgetOld = () =>
    db.run(
      k
        .deleteFrom('questionnaire_previews')
        .where('state', '!=', PREVIEW.Running)
        .where(
          'id',
          'not in',
          k
            .selectFrom('questionnaire_previews')
            .select('id')
            .where('state', '!=', PREVIEW.Running)
            .orderBy('id', 'desc')
            .limit(PREVIEWS_KEPT),
        ),
    )

  return {
    start: async (preview) => {
      const inserted = await db.transaction(
        async () =>
          await db.first(
            k
              .insertInto('questionnaire_previews')
              .values({
                revision: preview.revision,
                state: PREVIEW.Running,
                fraction: 0,
                started_at: preview.startedAt,
                started_by: preview.startedBy,
                holder: preview.holder,
                heartbeat_at: preview.startedAt,
              })
              .returning('id'),
          ),
      )
      if (inserted === undefined) throw new Error('the questionnaire preview was not stored')
      return inserted.id
    },
    byId: async (id) => {
      const row = await db.first(k.selectFrom('questionnaire_previews').selectAll().where('id', '=', id))
      return row === undefined ? undefined : previewOf(row)
    },
    /**
     * Run on the Kysely handle, not as a store write: nothing cached depends on it, so it leaves the
     * store's generation (and every instance's caches) alone, as the cohort runs' heartbeat does.
     */
    progress: async (id, fraction, at) => {
      const result = await k
        .updateTable('questionnaire_previews')
        .set({ fraction, heartbeat_at: at })
        .where('id', '=', id)
        .where('state', '=', PREVIEW.Running)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },
    finish: async (id, end, at) =>
      await db.transaction(async () => {
        const { from, to } = previewMoveOf(end.state === PREVIEW.Done ? 'Finish' : end.state === PREVIEW.Failed ? 'Fail' : 'Cancel')
        const changed = await db.run(
          k
            .updateTable('questionnaire_previews')
            .set({
              state: to,
              finished_at: at,
              heartbeat_at: at,
              ...(end.state === PREVIEW.Done ? { fraction: 1, result: JSON.stringify(end.result) } : {}),
              ...(end.state === PREVIEW.Failed ? { message: end.message } : {}),
            })
            .where('id', '=', id)
            .where('state', '=', from),
        )
        if (changed !== 1) return false
        await forgetOld()
        return true
      }),
    failInterrupted: async (at, quietSince, holder) =>
      await db.transaction(async () => {
        const failed = await db.run(
          k
            .updateTable('questionnaire_previews')
            .set({ state: FAIL.to, finished_at: at, message: PREVIEW_INTERRUPTED })
            .where('state', '=', FAIL.from)
            .where((eb) => eb.or([eb('heartbeat_at', '<', quietSince), ...(holder === null ? [] : [eb('holder', '=', holder)])])),
        )
        if (failed > 0) await forgetOld()
        return failed
      }),
  }
}
