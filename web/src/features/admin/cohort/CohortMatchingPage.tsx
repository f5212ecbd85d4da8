// /administrator/cohort-matching: whole-cohort matching for a program year. Run (in a worker on the
// server), follow its progress or cancel it, review and edit the draft, publish it.
import { useState } from 'react'
import { Body1 } from '@fluentui/react-components'
import { cohortRunIdOf, type CohortRunId, type CohortRunRequest, type UserId } from '@tandem/core'
import { useTranslation } from 'react-i18next'
import { useAdminMessages } from '../AdminMessages.js'
import {
  useAdminCancelCohortRunMutation,
  useAdminEditCohortDraftMutation,
  useAdminGetCohortDraftQuery,
  useAdminGetCohortProgressQuery,
  useAdminPublishCohortDraftMutation,
  useAdminStartCohortRunMutation,
  useCohortProgressState,
  type DraftPages,
} from './cohort.api.js'
import { pageCount } from '../pagination.js'
import { CohortDraftReview } from './CohortDraftReview.js'
import { CohortProgress } from './CohortProgress.js'
import { CohortRunForm } from './CohortRunForm.js'
import { cohortErrorText } from './cohort.texts.js'

const FIRST_PAGES: DraftPages = { pairs: 1, unmatched: 1, skipped: 1 }

/** How often a running run's progress is asked for. */
export const PROGRESS_POLL_MS = 500

const CohortMatchingPage = () => {
  const { t } = useTranslation()
  const { show } = useAdminMessages()
  const cached = useCohortProgressState(undefined).data
  const progress = useAdminGetCohortProgressQuery(undefined, { pollingInterval: cached?.state === 'Running' ? PROGRESS_POLL_MS : 0 })
  const run = progress.data ?? null
  const running = run?.state === 'Running'
  const hasDraft = run !== null && (run.state === 'Draft' || run.state === 'Published')
  // 0: no run yet, a key no query is asked with
  const runId = run?.runId ?? cohortRunIdOf(0)
  const [pages, setPages] = useState<DraftPages & { readonly runId: CohortRunId }>({ runId, ...FIRST_PAGES })
  // Another run starts on the first pages.
  const shown = pages.runId === runId ? pages : { runId, ...FIRST_PAGES }
  const draft = useAdminGetCohortDraftQuery(shown, { skip: !hasDraft })
  const [start, starting] = useAdminStartCohortRunMutation()
  const [cancel, cancelling] = useAdminCancelCohortRunMutation()
  const [edit, editing] = useAdminEditCohortDraftMutation()
  const [publish, publishing] = useAdminPublishCohortDraftMutation()

  const runCohort = async (request: CohortRunRequest) => {
    const reply = await start(request)
    if (reply.error !== undefined) return show('error', cohortErrorText(t, reply.error))
    show('success', t('admin.cohort.messages.started', { year: reply.data.programYear }))
  }
  const cancelRun = async (runId: CohortRunId) => {
    const reply = await cancel(runId)
    if (reply.error !== undefined) return show('error', cohortErrorText(t, reply.error))
    show('warning', t('admin.cohort.messages.cancelled'))
  }
  const editDraft = async (runId: CohortRunId, menteeId: UserId, mentorId: UserId | null) => {
    const reply = await edit({ runId, menteeId, mentorId })
    if (reply.error !== undefined) return show('error', cohortErrorText(t, reply.error))
    // A list that shrank (a dropped pair) keeps its page within its pages.
    const { counts } = reply.data
    const within = (list: keyof DraftPages) => Math.min(shown[list], pageCount(counts[list]))
    setPages({ runId: shown.runId, pairs: within('pairs'), unmatched: within('unmatched'), skipped: within('skipped') })
    show('success', t(mentorId === null ? 'admin.cohort.messages.dropped' : 'admin.cohort.messages.picked'))
  }
  const publishDraft = async (runId: CohortRunId) => {
    const reply = await publish(runId)
    if (reply.error !== undefined) return show('error', cohortErrorText(t, reply.error))
    const { published, skipped } = reply.data
    show(skipped.length > 0 ? 'warning' : 'success', t('admin.cohort.messages.published', { count: published, skipped: skipped.length }))
  }

  return (
    <section aria-labelledby="cohort-title" style={{ display: 'flex', flexDirection: 'column', gap: 20 }}>
      <h2 id="cohort-title">{t('admin.cohort.title')}</h2>
      <Body1 as="p">{t('admin.cohort.info')}</Body1>
      <CohortRunForm busy={starting.isLoading || running} onRun={(request) => void runCohort(request)} />
      {run !== null && running && <CohortProgress run={run} cancelling={cancelling.isLoading} onCancel={() => void cancelRun(run.runId)} />}
      {run !== null && (run.state === 'Cancelled' || run.state === 'Failed') && (
        <Body1 as="p">{t(`admin.cohort.state.${run.state}`, { year: run.programYear })}</Body1>
      )}
      {hasDraft && draft.data != null && (
        <CohortDraftReview
          draft={draft.data}
          busy={editing.isLoading || publishing.isLoading}
          onPage={(list, page) => setPages({ ...shown, [list]: page })}
          onEdit={(menteeId, mentorId) => void editDraft(draft.data?.runId ?? cohortRunIdOf(0), menteeId, mentorId)}
          onPublish={() => void publishDraft(draft.data?.runId ?? cohortRunIdOf(0))}
        />
      )}
    </section>
  )
}
export default CohortMatchingPage
