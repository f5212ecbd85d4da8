// The impact preview on the questionnaire editor (docs/admin.md, "Impact preview"): for a program
// year (or all of them), the saved draft's figures beside the published version's, computed by the
// server in a worker. "Preview impact" saves unsaved changes first (the preview is of the saved
// draft), then a progress bar follows the computation (with "Cancel" beside it), then a table shows
// now against the draft and the questions that moved the first proposals most. A cancelled preview
// says so and offers to run it again. Errors show here, where the person looks.
import { useEffect, useRef, useState } from 'react'
import { Button, Field, ProgressBar, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components'
import type { DraftQuestion, ImpactFigures, ImpactPreview as Preview } from '@tandem/core'
import { useTranslation } from 'react-i18next'
import {
  useAdminCancelQuestionnairePreviewMutation,
  useAdminGetQuestionnairePreviewQuery,
  useAdminStartQuestionnairePreviewMutation,
} from '../admin.api.js'
import { ProgramYearPicker } from '../ProgramYearPicker.js'

/** How often a running preview is asked for its progress. */
const POLL_MS = 500

const FIGURES: readonly (keyof ImpactFigures)[] = [
  'menteesWithCandidate',
  'mentorsWithCandidate',
  'meanBestPercentage',
  'cohortMatched',
  'cohortMeanPercentage',
]
/** Means are shown with one decimal, counts as they are. */
const MEANS: ReadonlySet<keyof ImpactFigures> = new Set(['meanBestPercentage', 'cohortMeanPercentage'])

const PreviewResult = ({ result, questions }: { readonly result: Preview; readonly questions: readonly DraftQuestion[] }) => {
  const { t, i18n } = useTranslation()
  const number = (figure: keyof ImpactFigures, value: number) =>
    MEANS.has(figure)
      ? `${value.toLocaleString(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`
      : value.toLocaleString(i18n.language)
  const textOf = (questionPairId: number) => {
    const question = questions.find((q) => q.questionPairId === questionPairId)
    const side = question?.mentee ?? question?.mentor
    return side === undefined ? String(questionPairId) : `${questionPairId}: ${side.text[i18n.language === 'de' ? 'de' : 'en']}`
  }
  return (
    <>
      <Table aria-label={t('admin.questionnaire.preview.title')} size="small" style={{ maxWidth: 720 }}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('admin.questionnaire.preview.figure')}</TableHeaderCell>
            <TableHeaderCell>{t('admin.questionnaire.preview.now')}</TableHeaderCell>
            <TableHeaderCell>{t('admin.questionnaire.preview.draft')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {FIGURES.map((figure) => (
            <TableRow key={figure}>
              <TableCell>{t(`admin.questionnaire.preview.figures.${figure}`)}</TableCell>
              <TableCell>{number(figure, result.now[figure])}</TableCell>
              <TableCell>{number(figure, result.draft[figure])}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <p>{t('admin.questionnaire.preview.topChanged', { count: result.topChanged })}</p>
      <h4 style={{ marginBottom: 4 }}>{t('admin.questionnaire.preview.moved')}</h4>
      {result.movedQuestions.length === 0 ? (
        <p>{t('admin.questionnaire.preview.noneMoved')}</p>
      ) : (
        <ol>
          {result.movedQuestions.map((q) => (
            <li key={q.questionPairId}>
              {t('admin.questionnaire.preview.movedQuestion', { question: textOf(q.questionPairId), count: q.topChanges })}
            </li>
          ))}
        </ol>
      )}
    </>
  )
}

export const ImpactPreviewPanel = ({
  questions,
  disabled,
  saveFirst,
  onRefused,
}: {
  /** The draft's questions, to name the moved ones. */
  readonly questions: readonly DraftQuestion[]
  readonly disabled: boolean
  /** Saves unsaved changes; false when the save was refused (the page says why). */
  readonly saveFirst: () => Promise<boolean>
  /** A refused start (the draft's check findings, a conflict): the page shows it as for a check. */
  readonly onRefused: (error: unknown) => boolean
}) => {
  const { t } = useTranslation()
  const [clusterId, setClusterId] = useState<number | null>(null)
  const [previewId, setPreviewId] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [start, starting] = useAdminStartQuestionnairePreviewMutation()
  const [cancel, cancelling] = useAdminCancelQuestionnairePreviewMutation()
  // Read once without polling to learn whether it still runs, then subscribed again with polling
  // while it does (both read the same cache entry).
  const cached = useAdminGetQuestionnairePreviewQuery(previewId ?? 0, { skip: previewId === null })
  const polled = useAdminGetQuestionnairePreviewQuery(previewId ?? 0, {
    skip: previewId === null,
    pollingInterval: cached.data?.state === 'Running' && !cached.isError ? POLL_MS : 0,
  })
  const view = previewId === null ? undefined : polled.data
  const heading = useRef<HTMLHeadingElement>(null)
  const state = view?.state
  // A preview the server lost (it restarted) or that failed is said as such.
  const lost = previewId !== null && polled.isError
  const running = state === 'Running' && !lost
  const shown = error ?? (state === 'Failed' || lost ? t('admin.questionnaire.preview.failed') : null)

  useEffect(() => {
    // the figures arrived: move the reader to them
    if (state === 'Done') heading.current?.focus()
  }, [state])

  const run = async () => {
    setError(null)
    if (!(await saveFirst())) return
    const reply = await start({ clusterId })
    if (reply.error !== undefined) {
      if (!onRefused(reply.error)) setError(t('admin.questionnaire.preview.failed'))
      return
    }
    setPreviewId(reply.data.previewId)
  }

  // Any instance marks it cancelled; the next read shows that (and ends the polling). A preview
  // that finished meanwhile cannot be cancelled: its figures show with the next read too.
  const stop = async () => {
    if (previewId === null) return
    setError(null)
    const reply = await cancel(previewId)
    if (reply.error !== undefined) setError(t('admin.questionnaire.preview.cancelFailed'))
    await polled.refetch()
  }

  const percent = Math.round((view?.fraction ?? 0) * 100)
  return (
    <section aria-labelledby="qe-preview" style={{ display: 'flex', flexDirection: 'column', gap: 8, marginTop: 16 }}>
      <h3 id="qe-preview" ref={heading} tabIndex={-1} style={{ marginBottom: 0 }}>
        {t('admin.questionnaire.preview.title')}
      </h3>
      <p style={{ margin: 0 }}>{t('admin.questionnaire.preview.intro')}</p>
      <div style={{ display: 'flex', gap: 8, alignItems: 'end', flexWrap: 'wrap' }}>
        <ProgramYearPicker value={clusterId} onChange={setClusterId} />
        <Button disabled={disabled || starting.isLoading || running} onClick={() => void run()}>
          {t('admin.questionnaire.preview.start')}
        </Button>
      </div>
      {shown !== null ? (
        <p role="alert" style={{ margin: 0 }}>
          {shown}
        </p>
      ) : null}
      {running ? (
        <div style={{ display: 'flex', gap: 8, alignItems: 'end', flexWrap: 'wrap' }}>
          <Field label={t('admin.questionnaire.preview.progress', { percent })} validationState="none" style={{ flex: 1, maxWidth: 560 }}>
            <ProgressBar value={view?.fraction ?? 0} max={1} thickness="large" aria-valuetext={`${percent} %`} />
          </Field>
          <Button disabled={cancelling.isLoading} onClick={() => void stop()}>
            {t('admin.questionnaire.preview.cancel')}
          </Button>
        </div>
      ) : null}
      {running ? <p role="status">{t('admin.questionnaire.preview.running')}</p> : null}
      {state === 'Cancelled' && !lost ? (
        <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
          <p role="status" style={{ margin: 0 }}>
            {t('admin.questionnaire.preview.cancelled')}
          </p>
          <Button appearance="primary" disabled={disabled || starting.isLoading} onClick={() => void run()}>
            {t('admin.questionnaire.preview.again')}
          </Button>
        </div>
      ) : null}
      {view?.state === 'Done' && view.result !== null ? (
        <>
          <p role="status" style={{ margin: 0 }}>
            {t('admin.questionnaire.preview.of', { revision: view.revision, mentees: view.result.mentees, mentors: view.result.mentors })}
          </p>
          <PreviewResult result={view.result} questions={questions} />
        </>
      ) : null}
    </section>
  )
}
