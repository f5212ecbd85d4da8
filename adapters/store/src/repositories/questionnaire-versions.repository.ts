// The questionnaire's published versions (rows never updated) and its one draft (row 1, kept across
// publishes so its revision only grows), each as the core's JSON, decoded on the way out: a row that
// no longer decodes is a fault, not a value.
import { PublishedQuestionnaire, QuestionnaireDraft, userIdOf, type UserId } from '@tandem/core'
import type { QuestionnaireVersionsRepository, StoredQuestionnaireDraft } from '@tandem/application/ports'
import { isLeft } from 'fp-ts/lib/Either.js'
import type * as t from 'io-ts'
import type { Database } from '../portable/database.js'
import { isUniqueViolation } from '../portable/dialect.js'

export type { QuestionnaireVersionsRepository, StoredQuestionnaireDraft }

const DRAFT_ROW = 1

const decoded = <A>(codec: t.Type<A, unknown>, body: string, what: string): A => {
  const result = codec.decode(JSON.parse(body))
  if (isLeft(result)) throw new Error(`the stored ${what} does not decode`)
  return result.right
}

type VersionRow = { version: number; published_by: number; published_at: number; body: string }

/**
 * The publisher of the version the installation seeded, who is nobody (`null`), as the column
 * holds it: the column is older than that `null` and cannot hold one.
 */
const SEEDED_BY_NOBODY = 0

const publisherOf = (column: number): UserId | null => (column === SEEDED_BY_NOBODY ? null : userIdOf(column))

const versionOf = (row: VersionRow): PublishedQuestionnaire => ({
  version: Number(row.version),
  publishedBy: publisherOf(Number(row.published_by)),
  publishedAt: Number(row.published_at),
  draft: decoded(QuestionnaireDraft, row.body, `questionnaire version ${row.version}`),
})

/** Thrown inside the publishing transaction to roll it back when the draft moved meanwhile. */
class DraftMoved extends Error {}

export const createQuestionnaireVersionsRepository = (db: Database): QuestionnaireVersionsRepository => {
  const k = db.kysely
  const insertVersion = (published: PublishedQuestionnaire) =>
    k
      .insertInto('questionnaire_versions')
      .values({
        version: published.version,
        published_by: published.publishedBy ?? SEEDED_BY_NOBODY,
        published_at: published.publishedAt,
        body: JSON.stringify(published.draft),
      })
      .onConflict((oc) => oc.column('version').doNothing())
  return {
    seed: async (first) => {
      await db.transaction(async () => {
        const any = await db.first(k.selectFrom('questionnaire_versions').select('version').limit(1))
        if (any === undefined) await db.run(insertVersion({ ...first, version: 1 }))
      })
    },
    versions: async () => (await db.all(k.selectFrom('questionnaire_versions').selectAll().orderBy('version'))).map(versionOf),
    latest: async () => {
      const row = await db.first(k.selectFrom('questionnaire_versions').selectAll().orderBy('version', 'desc').limit(1))
      return row === undefined ? undefined : versionOf(row)
    },
    draft: async () => {
      const row = await db.first(k.selectFrom('questionnaire_draft').selectAll().where('id', '=', DRAFT_ROW))
      return row === undefined
        ? undefined
        : ({
            draft: decoded(QuestionnaireDraft, row.body, 'questionnaire draft'),
            basedOn: Number(row.based_on),
            revision: Number(row.revision),
            savedBy: userIdOf(Number(row.saved_by)),
            savedAt: Number(row.saved_at),
            publishedCopy: Number(row.is_published_copy) === 1,
          } satisfies StoredQuestionnaireDraft)
    },
    saveDraft: async (draft, basedOn, revision, by, at) => {
      const body = JSON.stringify(draft)
      if (revision === 0) {
        try {
          await db.run(
            k.insertInto('questionnaire_draft').values({ id: DRAFT_ROW, based_on: basedOn, revision: 1, saved_by: by, saved_at: at, body }),
          )
          return true
        } catch (e) {
          if (isUniqueViolation(e)) return false
          throw e
        }
      }
      const changed = await db.run(
        k
          .updateTable('questionnaire_draft')
          .set({ based_on: basedOn, revision: revision + 1, saved_by: by, saved_at: at, body, is_published_copy: 0 })
          .where('id', '=', DRAFT_ROW)
          .where('revision', '=', revision),
      )
      return changed === 1
    },
    publish: async (published, revision) => {
      try {
        await db.transaction(async () => {
          const inserted = await db.run(insertVersion(published))
          if (inserted !== 1) throw new DraftMoved()
          // The draft stays, as the version's copy at the next revision: revisions never restart, so a
          // save made before this publish is refused after it (docs/admin.md, "Questionnaire versions").
          const moved = await db.run(
            k
              .updateTable('questionnaire_draft')
              .set({
                based_on: published.version,
                revision: revision + 1,
                saved_by: published.publishedBy ?? SEEDED_BY_NOBODY,
                saved_at: published.publishedAt,
                body: JSON.stringify(published.draft),
                is_published_copy: 1,
              })
              .where('id', '=', DRAFT_ROW)
              .where('revision', '=', revision),
          )
          if (moved !== 1) throw new DraftMoved()
        })
        return true
      } catch (e) {
        if (e instanceof DraftMoved) return false
        throw e
      }
    },
  }
}
