// A chart with everything around it: its title, the picture (an image whose text alternative points
// to the table), a button showing the table alternative, and downloads of the picture (PNG) and of
// its data (spreadsheet, the server's table). Tables are always printed.
import { useRef, useState } from 'react'
import { Button, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, makeStyles, tokens } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { TableRegion } from '../TableRegion.js'
import { StatisticsChart } from './StatisticsChart.js'
import { hasDataToDraw, type ChartView } from './statistics.view.js'

const useStyles = makeStyles({
  card: {
    marginTop: '24px',
    padding: '16px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    '@media print': { breakInside: 'avoid', border: 'none', padding: '0' },
  },
  figures: { display: 'flex', gap: '32px', margin: '8px 0', '& dd': { margin: 0, fontWeight: 600, fontSize: '20px' } },
  actions: { display: 'flex', gap: '8px', flexWrap: 'wrap', marginTop: '8px', '@media print': { display: 'none' } },
  empty: { margin: '16px 0', color: tokens.colorNeutralForeground2 },
  table: { '@media print': { display: 'block !important' } },
})

export type ChartActions = {
  readonly downloadSheet: (view: ChartView) => Promise<void>
  readonly downloadPng: (view: ChartView, svg: SVGSVGElement) => Promise<void>
}

export const ChartCard = ({ view, actions }: { readonly view: ChartView; readonly actions: ChartActions }) => {
  const { t } = useTranslation()
  const styles = useStyles()
  const [tableShown, setTableShown] = useState(false)
  const picture = useRef<HTMLDivElement>(null)
  const toggle = tableShown ? t('admin.statistics.hideTable') : t('admin.statistics.showTable')
  const titleId = `${view.id}-title`
  const tableId = `${view.id}-table`
  const drawable = hasDataToDraw(view)
  const png = async () => {
    const svg = picture.current?.querySelector('.recharts-wrapper > svg.recharts-surface')
    if (svg instanceof SVGSVGElement) await actions.downloadPng(view, svg)
  }
  return (
    <section aria-labelledby={titleId} className={styles.card} id={view.id}>
      <h3 id={titleId}>{view.title}</h3>
      {view.figures !== undefined && (
        <dl className={styles.figures}>
          {view.figures.map((f) => (
            <div key={f.label}>
              <dt>{f.label}</dt>
              <dd>{f.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {drawable ? (
        <div ref={picture} role="img" aria-label={t('admin.statistics.chartLabel', { title: view.title })}>
          <StatisticsChart view={view} />
        </div>
      ) : (
        // no empty frame: the section says there is nothing to draw yet
        <p className={styles.empty}>{t('admin.statistics.noData')}</p>
      )}
      <div className={styles.actions}>
        <Button
          aria-expanded={tableShown}
          aria-controls={tableId}
          aria-label={`${toggle}: ${view.title}`}
          onClick={() => setTableShown((shown) => !shown)}
        >
          {toggle}
        </Button>
        <Button disabled={!drawable} onClick={() => void png()} aria-label={`${t('admin.statistics.png')}: ${view.title}`}>
          {t('admin.statistics.png')}
        </Button>
        <Button onClick={() => void actions.downloadSheet(view)} aria-label={`${t('admin.statistics.sheet')}: ${view.title}`}>
          {t('admin.statistics.sheet')}
        </Button>
      </div>
      <div id={tableId} hidden={!tableShown} className={styles.table} data-statistics-table="">
        <TableRegion label={view.title}>
          <TableHeader>
            <TableRow>
              {view.columns.map((c) => (
                <TableHeaderCell key={c}>{c}</TableHeaderCell>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {view.rows.map((row, i) => (
              <TableRow key={`${i}-${row[0] ?? ''}`}>
                {row.map((cell, j) => (
                  <TableCell key={j}>{cell}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </TableRegion>
      </div>
    </section>
  )
}
