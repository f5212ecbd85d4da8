// The administrator's questionnaire: the draft (read, saved against the revision edited), its
// check, the publish (checked again, audited, then scored and asked with), the published versions.
import {
  checkDraft,
  draftChanges,
  draftMarkupErrors,
  editDraftFrom,
  exportQuestionnaireFile,
  importQuestionnaireFile,
  invalidTransition,
  movePreview,
  notFound,
  PREVIEW,
  publish,
  scoredQuestionnaireOf,
  toIsoDateTime,
  validationFailed,
  type DomainError,
  type Instant,
  type PublishedQuestionnaire,
  type QuestionnaireCheckView,
  type QuestionnaireDraft,
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
import type { Unaudited } from '../audit/audit.js'
import { loadCohortPopulation } from '../cohort/cohort.population.js'
import type { PreviewHandlers } from '../ports/preview-runner.port.js'
import type { StoredPreview } from '../ports/store/questionnaire-previews.port.js'
import { QUIET_MS } from '../ports/cohort-runner.port.js'

type Outcome<T> = Promise<Either<DomainError, T>>

/** The edit someone else saved or published meanwhile: nothing is saved, the client reloads. */
const DRAFT_MOVED = invalidTransition('QuestionnaireDraftMoved', 'SaveQuestionnaireDraft')

/** The draft as the service keeps it: the view's fields, its instant still a number. */
type DraftState = Omit<QuestionnaireDraftView, 'savedAt'> & { readonly savedAt: Instant | null }

const viewOf = (state: DraftState): QuestionnaireDraftView => ({
  ...state,
  savedAt: state.savedAt === null ? null : toIsoDateTime(state.savedAt),
})

/** A save at an older revision: refused with the draft as it is now and where it differs from the one sent. */
const draftMoved = (now: DraftState, sent: QuestionnaireDraft): DomainError => ({
  _tag: 'InvalidTransition',
  from: 'QuestionnaireDraftMoved',
  event: 'SaveQuestionnaireDraft',
  changed: {
    revision: now.revision,
    basedOn: now.basedOn,
    savedBy: now.savedBy,
    savedAt: viewOf(now).savedAt,
    changedFields: draftChanges(sent, now.draft),
  },
})

/** A finished preview reads as all done, except a cancelled one: it says how far it came. */
const previewViewOf = (stored: StoredPreview): QuestionnairePreviewView => ({
  previewId: stored.id,
  revision: stored.revision,
  state: stored.state,
  fraction: stored.state === PREVIEW.Running || stored.state === PREVIEW.Cancelled ? stored.fraction : 1,
  result: stored.state === PREVIEW.Done ? stored.result : null,
})

type PreviewHandlersOfPorts = Pick<ServiceContext, 'clock' | 'logger' | 'previews'>

/**
 * How the computing instance's worker writes to the preview's row. The end is written once; when it
 * cannot be (the database is away), the preview stays Running until the sweep fails it as quiet.
 */
const previewHandlersOf = (ctx: PreviewHandlersOfPorts, previewId: number): PreviewHandlers => {
  const end = (outcome: Parameters<ServiceContext['previews']['finish']>[1]): Promise<void> =>
    ctx.previews.finish(previewId, outcome, ctx.clock()).then(
      () => undefined,
      (error: unknown) => {
        ctx.logger.error({ previewId, err: error }, 'the end of a questionnaire preview could not be stored')
      },
    )
  return {
    progress: (fraction) => ctx.previews.progress(previewId, fraction, ctx.clock()),
    done: (result) => end({ state: PREVIEW.Done, result }),
    failed: (message) => {
      ctx.logger.error({ previewId, message }, 'questionnaire preview failed')
      return end({ state: PREVIEW.Failed, message })
    },
  }
}

export type FailInterruptedPreviewsPorts = Pick<ServiceContext, 'clock' | 'previewRunner' | 'previews'>

/**
 * Fails the previews left Running by an instance that stopped (no progress written for QUIET_MS,
 * the cohort runs' rule), and at an instance's start those its previous process computed: their
 * workers died with it. Previews other live instances compute go on.
 */
export const failInterruptedPreviews = async (ctx: FailInterruptedPreviewsPorts, ownAlso: boolean): Promise<number> =>
  await ctx.previews.failInterrupted(ctx.clock(), ctx.clock() - QUIET_MS, ownAlso ? ctx.previewRunner.owner : null)

const summaryOf = (v: PublishedQuestionnaire): QuestionnaireVersionSummary => ({
  version: v.version,
  publishedBy: v.publishedBy,
  publishedAt: toIsoDateTime(v.publishedAt),
})

export type QuestionnaireVersionsServicePorts = Pick<
  ServiceContext,
  | 'activeQuestionnaire'
  | 'answers'
  | 'clock'
  | 'logger'
  | 'master'
  | 'matching'
  | 'previewRunner'
  | 'previews'
  | 'questionnaireVersions'
  | 'store'
  | 'users'
>

export const questionnaireVersionsService =
  (ctx: QuestionnaireVersionsServicePorts, adminIdOf: (actor: Actor) => Promise<UserId | null>) =>
  (actor: Actor): Unaudited<Services['questionnaireVersions']> => {
    const latest = async (): Promise<PublishedQuestionnaire> => {
      const version = await ctx.questionnaireVersions.latest()
      // The server writes version 1 at start, so there always is one.
      if (version === undefined) throw new Error('no questionnaire version was published')
      return version
    }
    /**
     * The stored draft, or a fresh copy of the latest version: at revision 0 when nobody ever saved
     * one, at the publish's revision when nobody saved since (revisions never restart).
     */
    const current = async (): Promise<DraftState> => {
      const stored = await ctx.questionnaireVersions.draft()
      if (stored !== undefined && !stored.publishedCopy) return stored
      const version = await latest()
      return { draft: editDraftFrom(version), revision: stored?.revision ?? 0, basedOn: version.version, savedBy: null, savedAt: null }
    }
    const draft = async (): Outcome<QuestionnaireDraftView> => right(viewOf(await current()))
    const saveDraft = async (body: QuestionnaireDraftSave): Outcome<QuestionnaireDraftView> => {
      const by = await adminIdOf(actor)
      if (by === null) return left(notFound('User'))
      // Texts are plain text from the first save on; the other rules wait for the check.
      const markup = draftMarkupErrors(body.draft)
      if (markup.length > 0) return left(validationFailed(markup.map((e) => ({ ...e, field: `draft.${e.field}` }))))
      const before = await current()
      if (before.revision !== body.revision) return left(draftMoved(before, body.draft))
      const at = ctx.clock()
      const saved = await ctx.questionnaireVersions.saveDraft(body.draft, before.basedOn, body.revision, by, at)
      if (!saved) return left(draftMoved(await current(), body.draft))
      return right(viewOf({ draft: body.draft, revision: body.revision + 1, basedOn: before.basedOn, savedBy: by, savedAt: at }))
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
      // Only a draft saved since the last publish is published, in the revision the administrator checked.
      if (stored === undefined || stored.publishedCopy || stored.revision !== body.revision) return left(DRAFT_MOVED)
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
      const by = await adminIdOf(actor)
      if (by === null) return left(notFound('User'))
      const [stored, version] = [await current(), await latest()]
      // Only a draft that could be published is scored: the check's findings say what to fix first.
      const checked = checkDraft(stored.draft, version)
      if (checked._tag === 'Left') return left(validationFailed(checked.left))
      const population = await loadCohortPopulation(ctx, { clusterId: body.clusterId, objective: 'maxMatched', threshold: 0 }, ctx.clock())
      const previewId = await ctx.previews.start({
        revision: stored.revision,
        startedAt: ctx.clock(),
        startedBy: by,
        holder: ctx.previewRunner.owner,
      })
      const job = {
        revision: stored.revision,
        population: { mentees: population.input.mentees, mentors: population.input.mentors, declined: population.input.declined ?? [] },
        published: { questionnaire: scoredQuestionnaireOf(version), threshold: version.draft.threshold },
        draft: {
          questionnaire: scoredQuestionnaireOf({ ...version, draft: checked.right.draft }),
          threshold: checked.right.draft.threshold,
        },
      }
      // A process that is stopping or full computes nothing more: the preview reads as Failed, why said.
      const refused = ctx.previewRunner.start(previewId, job, previewHandlersOf(ctx, previewId))
      if (refused !== null) await ctx.previews.finish(previewId, { state: PREVIEW.Failed, message: refused }, ctx.clock())
      return preview({ previewId })
    }
    const preview = async (query: QuestionnairePreviewQuery): Outcome<QuestionnairePreviewView> => {
      const stored = await ctx.previews.byId(query.previewId)
      return stored === undefined ? left(notFound('QuestionnairePreview')) : right(previewViewOf(stored))
    }
    /**
     * Marks a Running preview Cancelled, from any instance. This instance ends its worker now when
     * it computes the preview; another sees the state at its next progress write and ends its own.
     */
    const cancelPreview = async (query: QuestionnairePreviewQuery): Outcome<QuestionnairePreviewView> => {
      const before = await ctx.previews.byId(query.previewId)
      if (before === undefined) return left(notFound('QuestionnairePreview'))
      const finished = (state: string) => left(invalidTransition(state, 'CancelQuestionnairePreview'))
      if (movePreview(before.state, 'Cancel')._tag === 'Left') return finished(before.state)
      // It finished in between: refused as if it had finished before.
      if (!(await ctx.previews.finish(before.id, { state: PREVIEW.Cancelled }, ctx.clock())))
        return finished((await ctx.previews.byId(before.id))?.state ?? PREVIEW.Done)
      ctx.previewRunner.stop(before.id)
      return preview(query)
    }
    return { draft, saveDraft, check, publish: publishDraft, versions, exportFile, importFile, startPreview, preview, cancelPreview }
  }
