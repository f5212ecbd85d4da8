// The administrator's questionnaire: the draft (read, saved against the revision edited), its
// check, the publish (checked again, audited, then scored and asked with), the published versions.
import {
  checkDraft,
  editDraftFrom,
  exportQuestionnaireFile,
  importQuestionnaireFile,
  invalidTransition,
  notFound,
  publish,
  scoredQuestionnaireOf,
  validationFailed,
  type DomainError,
  type PublishedQuestionnaire,
  type QuestionnaireCheckView,
  type QuestionnaireDraftSave,
  type QuestionnaireDraftView,
  type QuestionnaireExportQuery,
  type QuestionnaireFile,
  type QuestionnaireImportRequest,
  type QuestionnairePreviewQuery,
  type QuestionnairePreviewRequest,
  type QuestionnairePreviewView,
  type QuestionnairePublishRequest,
  type QuestionnaireVersionSummary,
  type UserId,
} from '@tandem/core'
import { left, right, type Either } from 'fp-ts/lib/Either.js'
import type { ServiceContext } from '../context.js'
import type { Actor, Services } from '../ports/services.port.js'
import type { Unaudited } from '../admin/audit.js'
import { loadCohortPopulation } from '../cohort/cohort.population.js'
import type { PreviewRunner } from '../ports/preview-runner.port.js'

type Outcome<T> = Promise<Either<DomainError, T>>

/** The edit someone else saved or published meanwhile: nothing is saved, the client reloads. */
const DRAFT_MOVED = invalidTransition('QuestionnaireDraftMoved', 'SaveQuestionnaireDraft')

const previewViewOf = (previewId: number, status: NonNullable<ReturnType<PreviewRunner['status']>>): QuestionnairePreviewView => ({
  previewId,
  revision: status.revision,
  state: status.state,
  fraction: status.state === 'Running' ? status.fraction : 1,
  result: status.state === 'Done' ? status.result : null,
})

const summaryOf = (v: PublishedQuestionnaire): QuestionnaireVersionSummary => ({
  version: v.version,
  publishedBy: v.publishedBy,
  publishedAt: v.publishedAt,
})

export const questionnaireVersionsService =
  (ctx: ServiceContext, adminIdOf: (actor: Actor) => Promise<UserId | null>) =>
  (actor: Actor): Unaudited<Services['questionnaireVersions']> => {
    const latest = async (): Promise<PublishedQuestionnaire> => {
      const version = await ctx.questionnaireVersions.latest()
      // The server writes version 1 at start, so there always is one.
      if (version === undefined) throw new Error('no questionnaire version was published')
      return version
    }
    /** The stored draft, or a fresh copy of the latest version at revision 0. */
    const current = async (): Promise<QuestionnaireDraftView> => {
      const stored = await ctx.questionnaireVersions.draft()
      if (stored !== undefined) return stored
      const version = await latest()
      return { draft: editDraftFrom(version), revision: 0, basedOn: version.version, savedBy: null, savedAt: null }
    }
    const draft = async (): Outcome<QuestionnaireDraftView> => right(await current())
    const saveDraft = async (body: QuestionnaireDraftSave): Outcome<QuestionnaireDraftView> => {
      const by = await adminIdOf(actor)
      if (by === null) return left(notFound('User'))
      const before = await current()
      if (before.revision !== body.revision) return left(DRAFT_MOVED)
      const at = ctx.clock()
      const saved = await ctx.questionnaireVersions.saveDraft(body.draft, before.basedOn, body.revision, by, at)
      return saved
        ? right({ draft: body.draft, revision: body.revision + 1, basedOn: before.basedOn, savedBy: by, savedAt: at })
        : left(DRAFT_MOVED)
    }
    const check = async (): Outcome<QuestionnaireCheckView> => {
      const [stored, version] = [await current(), await latest()]
      const checked = checkDraft(stored.draft, version)
      const findings = checked._tag === 'Left' ? checked.left : []
      return right({ revision: stored.revision, publishable: findings.length === 0, findings })
    }
    const publishDraft = async (body: QuestionnairePublishRequest): Outcome<QuestionnaireVersionSummary> => {
      const by = await adminIdOf(actor)
      if (by === null) return left(notFound('User'))
      const stored = await ctx.questionnaireVersions.draft()
      // Only a saved draft is published, in the revision the administrator checked.
      if (stored === undefined || stored.revision !== body.revision) return left(DRAFT_MOVED)
      const version = await latest()
      if (stored.basedOn !== version.version) return left(DRAFT_MOVED)
      const checked = checkDraft(stored.draft, version)
      if (checked._tag === 'Left') return left(validationFailed(checked.left))
      const published = publish(checked.right, by, ctx.clock(), [version])
      if (published._tag === 'Left') return left(validationFailed(published.left))
      // `publish` numbers after the latest of the versions passed.
      const next = published.right.published
      if (!(await ctx.questionnaireVersions.publish(next, stored.revision))) return left(DRAFT_MOVED)
      ctx.activeQuestionnaire.activate(next)
      return right(summaryOf(next))
    }
    const versions = async (): Outcome<readonly QuestionnaireVersionSummary[]> =>
      right((await ctx.questionnaireVersions.versions()).map(summaryOf))
    const exportFile = async (query: QuestionnaireExportQuery): Outcome<QuestionnaireFile> => {
      const all = await ctx.questionnaireVersions.versions()
      const version = query.version === undefined ? all[all.length - 1] : all.find((v) => v.version === query.version)
      if (version === undefined) return left(notFound('QuestionnaireVersion'))
      return right(JSON.parse(exportQuestionnaireFile(version.draft)) as QuestionnaireFile)
    }
    const importFile = async (body: QuestionnaireImportRequest): Outcome<QuestionnaireDraftView> => {
      const version = await latest()
      // The body was read as JSON already (within the file's size limit); the file rules read its text.
      // no file at all reads as an empty one: refused by the file rules like any other bad file
      const imported = importQuestionnaireFile(JSON.stringify(body.file ?? null), version)
      if (imported._tag === 'Left') return left(validationFailed(imported.left.map((e) => ({ ...e, field: `file.${e.field}` }))))
      return saveDraft({ revision: body.revision, draft: imported.right.draft })
    }
    /**
     * The saved draft's impact on the people a cohort run of the program year would take (the
     * cohort population's one rule), against the latest version. The people are read here, in
     * slices between turns of the event loop; the figures are computed in a worker.
     */
    const startPreview = async (body: QuestionnairePreviewRequest): Outcome<QuestionnairePreviewView> => {
      const [stored, version] = [await current(), await latest()]
      // Only a draft that could be published is scored: the check's findings say what to fix first.
      const checked = checkDraft(stored.draft, version)
      if (checked._tag === 'Left') return left(validationFailed(checked.left))
      const population = await loadCohortPopulation(ctx, { clusterId: body.clusterId, objective: 'maxMatched', threshold: 0 }, ctx.clock())
      const previewId = ctx.previewRunner.start({
        revision: stored.revision,
        population: { mentees: population.input.mentees, mentors: population.input.mentors, declined: population.input.declined ?? [] },
        published: { questionnaire: scoredQuestionnaireOf(version), threshold: version.draft.threshold },
        draft: {
          questionnaire: scoredQuestionnaireOf({ ...version, draft: checked.right.draft }),
          threshold: checked.right.draft.threshold,
        },
      })
      return preview({ previewId })
    }
    const preview = async (query: QuestionnairePreviewQuery): Outcome<QuestionnairePreviewView> => {
      const status = ctx.previewRunner.status(query.previewId)
      return status === undefined ? left(notFound('QuestionnairePreview')) : right(previewViewOf(query.previewId, status))
    }
    return { draft, saveDraft, check, publish: publishDraft, versions, exportFile, importFile, startPreview, preview }
  }
