// A running cohort run: its phase and how far it is, announced politely, with Cancel.
import { Button, Field, ProgressBar } from '@fluentui/react-components'
import type { CohortRunView } from '@tandem/core'
import { useTranslation } from 'react-i18next'

export const CohortProgress = ({
  run,
  onCancel,
  cancelling,
}: {
  readonly run: CohortRunView
  readonly onCancel: () => void
  readonly cancelling: boolean
}) => {
  const { t } = useTranslation()
  const phase = t(`admin.cohort.phase.${run.phase ?? 'loading'}`)
  const percent = Math.round(run.fraction * 100)
  return (
    <section aria-labelledby="cohort-progress-title" style={{ display: 'flex', flexDirection: 'column', gap: 8, maxWidth: 560 }}>
      <h3 id="cohort-progress-title" style={{ margin: 0 }}>
        {t('admin.cohort.progress.title', { year: run.programYear })}
      </h3>
      <Field label={t('admin.cohort.progress.phase', { phase, percent })} validationState="none">
        <ProgressBar value={run.fraction} max={1} thickness="large" aria-valuetext={`${phase} ${percent} %`} />
      </Field>
      <p role="status" style={{ margin: 0 }}>
        {t('admin.cohort.progress.status', { phase })}
      </p>
      <div>
        <Button onClick={onCancel} disabled={cancelling}>
          {t('admin.cohort.progress.cancel')}
        </Button>
      </div>
    </section>
  )
}
