// The administrator's questionnaire calls (docs/api.md, "Questionnaire versions"): read and save the
// draft, check it, publish it, list the published versions.
import * as t from 'io-ts'
import { QuestionnaireDraft } from '../questionnaire/questionnaire.draft.js'
import type { ImpactPreview } from '../matching/impact-preview.js'
import { IdFromString } from './query.codec.js'
import { ClusterId, UserId } from '../shared/ids.js'
import { IsoDateTime } from './wire.codec.js'
import type { QuestionnaireDraftChanged } from '../errors.js'

/**
 * Saving the draft: `revision` is the draft's revision the administrator edited (from the read);
 * a draft saved by someone else since is refused (409) and nothing is saved.
 */
export const QuestionnaireDraftSave = t.strict({ revision: t.number, draft: QuestionnaireDraft })
export type QuestionnaireDraftSave = t.TypeOf<typeof QuestionnaireDraftSave>

/** Publishing the draft in the revision the administrator checked. */
export const QuestionnairePublishRequest = t.strict({ revision: t.number })
export type QuestionnairePublishRequest = t.TypeOf<typeof QuestionnairePublishRequest>

/**
 * The draft as stored: what to edit, its revision, the version it follows. The revision only grows,
 * across publishes too (0: nobody ever saved one); `savedBy` null: a fresh copy of the latest version.
 * A codec for the API's description (the server writes it, nobody decodes it).
 */
export const QuestionnaireDraftView = t.strict(
  {
    draft: QuestionnaireDraft,
    revision: t.number,
    /** The published version the draft was started from (the latest, unless someone published since). */
    basedOn: t.number,
    savedBy: t.union([UserId, t.null]),
    /** An ISO instant (docs/api.md: dates are ISO instants); null with `savedBy` for a fresh copy. */
    savedAt: t.union([IsoDateTime, t.null]),
  },
  'QuestionnaireDraftView',
)
export type QuestionnaireDraftView = Readonly<t.TypeOf<typeof QuestionnaireDraftView>>

/**
 * A save at an older revision (409): the draft as it is now and the fields where it differs from the
 * one sent; the value of errors.ts' QuestionnaireDraftChanged, described for the API's document.
 */
export const QuestionnaireDraftConflict: t.Type<QuestionnaireDraftChanged, unknown, unknown> = t.strict(
  {
    revision: t.number,
    basedOn: t.number,
    savedBy: t.union([UserId, t.null]),
    savedAt: t.union([IsoDateTime, t.null]),
    changedFields: t.readonlyArray(t.string),
  },
  'QuestionnaireDraftConflict',
)

/** A check's findings: every reason the draft cannot be published yet (field, message key, values). */
export type QuestionnaireCheckView = {
  readonly revision: number
  readonly publishable: boolean
  readonly findings: readonly {
    readonly field: string
    readonly key: string
    readonly params?: Readonly<Record<string, string | number>>
  }[]
}

/** A published version without its content: number, who published it and when (a codec for the API's description). */
export const QuestionnaireVersionSummary = t.strict(
  {
    version: t.number,
    /** Null for the version the installation seeded. */
    publishedBy: t.union([UserId, t.null]),
    /** An ISO instant. */
    publishedAt: IsoDateTime,
  },
  'QuestionnaireVersionSummary',
)
export type QuestionnaireVersionSummary = Readonly<t.TypeOf<typeof QuestionnaireVersionSummary>>

/** Exporting a published version as a questionnaire file (without `version`: the latest). */
export const QuestionnaireExportQuery = t.exact(t.partial({ version: IdFromString }), 'QuestionnaireExportQuery')
export type QuestionnaireExportQuery = t.TypeOf<typeof QuestionnaireExportQuery>

/**
 * Importing a questionnaire file as the draft, in place of the draft at `revision`: `file` is the
 * file's content, decoded and checked against the latest version like any input.
 */
export const QuestionnaireImportRequest = t.strict({ revision: t.number, file: t.unknown })
export type QuestionnaireImportRequest = t.TypeOf<typeof QuestionnaireImportRequest>

/**
 * Starting the impact preview of the saved draft on the people of a program year (null: every
 * program year): the cohort run's mentees and the mentors in the pool.
 */
export const QuestionnairePreviewRequest = t.strict({ clusterId: t.union([ClusterId, t.null]) }, 'QuestionnairePreviewRequest')
export type QuestionnairePreviewRequest = t.TypeOf<typeof QuestionnairePreviewRequest>

/** ?previewId= of the preview's progress and result. */
export const QuestionnairePreviewQuery = t.strict({ previewId: IdFromString }, 'QuestionnairePreviewQuery')
export type QuestionnairePreviewQuery = t.TypeOf<typeof QuestionnairePreviewQuery>

/**
 * A preview as it stands: Running with the share done (0–1), Done with the figures, Failed, or
 * Cancelled by an administrator.
 * `revision` is the draft's revision it was computed for.
 */
export type QuestionnairePreviewView = {
  readonly previewId: number
  readonly revision: number
  readonly state: 'Running' | 'Done' | 'Failed' | 'Cancelled'
  readonly fraction: number
  readonly result: ImpactPreview | null
}
