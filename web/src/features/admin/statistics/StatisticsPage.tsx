// /administrator/statistics: the program's figures for the chosen program years and date range,
// each as a chart with a table alternative, PNG and spreadsheet downloads. Its own lazy chunk, so
// the chart library loads only here.
import { useState } from 'react'
import { Button, Field, Input, Spinner, makeStyles } from '@fluentui/react-components'
import { clusterIdOf, validateStatisticsFilter, type StatisticsFilter } from '@tandem/core'
import { useAppSelector } from '../../../state/hooks.js'
import { selectConfig } from '../../../state/session.slice.js'
import { useAuth } from '../../../shell/services.context.js'
import { languageOf } from '../../../i18n/i18n.js'
import { messageOf, validation } from '../../../shared/field.js'
import { ProgramYearsDropdown } from '../ProgramYearPicker.js'
import { errorText, useAdminTranslations } from '../admin.i18n.js'
import { useAdminMessages } from '../AdminMessages.js'
import { downloadExport } from '../export.download.js'
import { saveFile } from '../../../shared/file.download.js'
import { ChartCard, type ChartActions } from './ChartCard.js'
import { svgToPng } from './chart.png.js'
import { useAdminGetStatisticsQuery } from './statistics.api.js'
import { statisticsViews } from './statistics.view.js'

const useStyles = makeStyles({
  form: { display: 'flex', gap: '12px', alignItems: 'start', flexWrap: 'wrap', '@media print': { display: 'none' } },
})

// Printing shows the figures only: no navigation, top bar or buttons; every table alternative opens.
const PRINT_CSS = `@media print {
  nav, footer, [data-admin-top-bar], [data-print-hidden] { display: none !important; }
  [data-statistics-table][hidden] { display: block !important; }
}`

const ALL: StatisticsFilter = { clusterIds: [], from: null, to: null }
const dayOrNull = (s: string) => (s === '' ? null : s)

const StatisticsPage = () => {
  const { t, i18n } = useAdminTranslations()
  const styles = useStyles()
  const language = languageOf(i18n)
  const { show } = useAdminMessages()
  const auth = useAuth()
  const config = useAppSelector(selectConfig)
  const [clusterIds, setClusterIds] = useState<readonly number[]>([])
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [filter, setFilter] = useState<StatisticsFilter>(ALL)
  const draft: StatisticsFilter = { clusterIds: clusterIds.map(clusterIdOf), from: dayOrNull(from), to: dayOrNull(to) }
  const rangeError = messageOf(t, validateStatisticsFilter(draft)[0])
  const report = useAdminGetStatisticsQuery({ filter, language })
  const views = report.data === undefined ? [] : statisticsViews(report.data, t, language === 'de' ? 'de-DE' : 'en-GB')

  const actions: ChartActions = {
    downloadSheet: async (view) => {
      const result = await downloadExport(
        { method: 'POST', path: '/api/Admin/ExportStatistics', body: filter, params: { chart: view.chart }, language },
        { apiBaseUrl: config?.apiBaseUrl ?? '', token: await auth.accessToken() },
      )
      if (!result.ok) show('error', errorText(t, result.error))
    },
    downloadPng: async (view, svg) => {
      try {
        saveFile(await svgToPng(svg), `tandem_statistics_${view.id.replace('statistics-', '')}.png`)
      } catch {
        show('error', t('admin.messages.unexpected-error'))
      }
    },
  }

  return (
    <section aria-labelledby="statistics-title">
      <style>{PRINT_CSS}</style>
      <h2 id="statistics-title">{t('admin.statistics.title')}</h2>
      <p>{t('admin.statistics.intro')}</p>
      <form
        noValidate
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault()
          if (rangeError === undefined) setFilter(draft)
        }}
      >
        <Field label={t('admin.statistics.programYears')}>
          <ProgramYearsDropdown value={clusterIds} onChange={setClusterIds} placeholder={t('admin.statistics.allYears')} />
        </Field>
        <Field label={t('admin.statistics.from')}>
          <Input type="date" value={from} onChange={(_e, d) => setFrom(d.value)} />
        </Field>
        <Field label={t('admin.statistics.to')} {...validation(rangeError)}>
          <Input type="date" value={to} onChange={(_e, d) => setTo(d.value)} />
        </Field>
        <Button type="submit" appearance="primary" style={{ marginTop: 22 }}>
          {t('admin.statistics.show')}
        </Button>
        <Button type="button" style={{ marginTop: 22 }} onClick={() => window.print()}>
          {t('admin.statistics.print')}
        </Button>
      </form>
      <p>{t('admin.statistics.smallGroups')}</p>
      {report.isFetching && <Spinner label={t('admin.statistics.loading')} />}
      {report.isError && <p role="alert">{errorText(t, report.error)}</p>}
      {views.map((view) => (
        <ChartCard key={view.id} view={view} actions={actions} />
      ))}
    </section>
  )
}
export default StatisticsPage
