// The run form of the cohort page: program year, objective and minimum percentage, then Run. The
// server checks the input again and answers a translated field error if it refuses.
import { useState } from 'react'
import { Button, Field, Input, Radio, RadioGroup, Select } from '@fluentui/react-components'
import { clusterIdOf, type CohortRunRequest } from '@tandem/core'
import { useTranslation } from 'react-i18next'
import { useAdminGetClustersQuery } from '../admin.api.js'

export const DEFAULT_THRESHOLD = 30

export const CohortRunForm = ({ busy, onRun }: { readonly busy: boolean; readonly onRun: (request: CohortRunRequest) => void }) => {
  const { t } = useTranslation()
  const clusters = (useAdminGetClustersQuery().data ?? []).filter((c) => !c.isEnded)
  const [clusterId, setClusterId] = useState<number | null>(null)
  const [objective, setObjective] = useState<CohortRunRequest['objective']>('maxMatched')
  const [threshold, setThreshold] = useState(String(DEFAULT_THRESHOLD))
  const chosen = clusterId ?? clusters.find((c) => c.isDefault)?.clusterId ?? clusters[0]?.clusterId ?? null
  return (
    <form
      noValidate
      aria-labelledby="cohort-run-title"
      onSubmit={(e) => {
        e.preventDefault()
        if (chosen !== null) onRun({ clusterId: clusterIdOf(chosen), objective, threshold: Number(threshold) })
      }}
      style={{ display: 'flex', gap: 16, alignItems: 'end', flexWrap: 'wrap' }}
    >
      <h3 id="cohort-run-title" style={{ flexBasis: '100%', margin: 0 }}>
        {t('admin.cohort.run.title')}
      </h3>
      <Field label={t('admin.cohort.run.programYear')}>
        <Select value={chosen === null ? '' : String(chosen)} onChange={(_e, d) => setClusterId(Number(d.value))}>
          {clusters.map((c) => (
            <option key={c.clusterId} value={c.clusterId}>
              {c.clusterText}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('admin.cohort.run.objective')}>
        <RadioGroup value={objective} onChange={(_e, d) => setObjective(d.value === 'maxScore' ? 'maxScore' : 'maxMatched')}>
          <Radio value="maxMatched" label={t('admin.cohort.run.maxMatched')} />
          <Radio value="maxScore" label={t('admin.cohort.run.maxScore')} />
        </RadioGroup>
      </Field>
      <Field label={t('admin.cohort.run.threshold')} hint={t('admin.cohort.run.thresholdHint')}>
        <Input type="number" min={0} max={100} step={1} value={threshold} onChange={(_e, d) => setThreshold(d.value)} />
      </Field>
      <Button type="submit" appearance="primary" disabled={busy || chosen === null}>
        {t('admin.cohort.run.run')}
      </Button>
    </form>
  )
}
