// Teams needing attention (docs/admin.md#teams-needing-attention): the running teams in which
// nobody reported meeting by day 21, a side cannot reach the other, a side's pulse is 1 or 2, or a
// side left two questions in a row unanswered; filtered by program year, each row leading to the
// team's detail on the matching-teams page, and the list as a spreadsheet.
import { useState } from 'react'
import { Body1, Button, Link, Spinner, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components'
import { ArrowDownloadRegular } from '@fluentui/react-icons'
import type { AttentionReason } from '@tandem/core'
import type { TFunction } from 'i18next'
import { useNavigate } from 'react-router'
import { languageOf } from '../../i18n/i18n.js'
import { formatDate } from '../../shared/dates.js'
import { useAppSelector } from '../../state/hooks.js'
import { selectConfig } from '../../state/session.slice.js'
import { useAuth } from '../../shell/services.context.js'
import { useAdminGetClustersQuery, useAdminGetTeamsNeedingAttentionQuery } from './admin.api.js'
import { errorText, useAdminTranslations } from './admin.i18n.js'
import { useAdminMessages } from './AdminMessages.js'
import { downloadExport } from './export.download.js'
import { ProgramYearPicker } from './ProgramYearPicker.js'
import { TableRegion } from './TableRegion.js'

/** A reason as the administrator reads it: which side, and the pulse's score. */
export const attentionReasonText = (t: TFunction, reason: AttentionReason): string => {
  switch (reason._tag) {
    case 'NotMetByDay21':
      return t('admin.attention.reason.NotMetByDay21')
    case 'CannotReachPartner':
      return t(`admin.attention.reason.CannotReachPartner.${reason.side}`)
    case 'LowPulse':
      return t(`admin.attention.reason.LowPulse.${reason.side}`, { score: reason.score })
    case 'TwoUnansweredInARow':
      return t(`admin.attention.reason.TwoUnansweredInARow.${reason.side}`)
    case 'NoSessionFor30Days':
      return t('admin.attention.reason.NoSessionFor30Days')
  }
}

const AttentionPage = () => {
  const { t, i18n } = useAdminTranslations()
  const language = languageOf(i18n)
  const navigate = useNavigate()
  const { show } = useAdminMessages()
  const auth = useAuth()
  const config = useAppSelector(selectConfig)
  const clusters = useAdminGetClustersQuery()
  const [year, setYear] = useState<number | null>(null)
  const clusterId = year ?? undefined
  const list = useAdminGetTeamsNeedingAttentionQuery({ clusterId }, { refetchOnMountOrArgChange: true })
  const [exporting, setExporting] = useState(false)
  const clusterName = (id: number | null) => (id === null ? '-' : (clusters.data?.find((c) => c.clusterId === id)?.clusterText ?? '-'))
  const rows = list.data ?? []

  const exportList = async () => {
    setExporting(true)
    const result = await downloadExport(
      {
        method: 'GET',
        path: '/api/Admin/ExportTeamsNeedingAttention',
        language,
        params: clusterId === undefined ? {} : { clusterId: String(clusterId) },
      },
      { apiBaseUrl: config?.apiBaseUrl ?? '', token: await auth.accessToken() },
    )
    setExporting(false)
    if (!result.ok) return show('error', errorText(t, result.error))
    show('success', t('admin.messages.export-ready', { file: result.filename }))
  }

  return (
    <section aria-labelledby="attention-title">
      <h2 id="attention-title">{t('admin.attention.title')}</h2>
      <Body1 as="p">{t('admin.attention.info')}</Body1>
      <div style={{ display: 'flex', gap: 12, alignItems: 'end', flexWrap: 'wrap' }}>
        <ProgramYearPicker value={year} onChange={setYear} />
        <Button icon={<ArrowDownloadRegular />} disabled={exporting} onClick={() => void exportList()}>
          {t('admin.attention.export')}
        </Button>
        {exporting && <Spinner size="tiny" role="progressbar" label={t('admin.export.producing')} />}
      </div>
      {list.isFetching && rows.length === 0 && <Spinner size="small" />}
      {list.isError && <Body1 as="p">{errorText(t, list.error)}</Body1>}
      {list.isSuccess && rows.length === 0 && <Body1 as="p">{t('admin.attention.empty')}</Body1>}
      {rows.length > 0 && (
        <TableRegion label={t('admin.attention.table')}>
          <TableHeader>
            <TableRow>
              {(['team', 'programYear', 'matchedOn', 'days', 'reasons'] as const).map((k) => (
                <TableHeaderCell key={k}>{t(`admin.attention.${k}`)}</TableHeaderCell>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((r) => {
              const href = `/administrator/matching-tandems?team=${r.matchingTandemId}`
              return (
                <TableRow key={r.matchingTandemId}>
                  <TableCell>
                    <Link
                      href={href}
                      aria-label={t('admin.attention.openTeam', { id: r.matchingTandemId })}
                      onClick={(e) => {
                        e.preventDefault()
                        void navigate(href)
                      }}
                    >
                      {r.matchingTandemId}
                    </Link>
                  </TableCell>
                  <TableCell>{clusterName(r.clusterId)}</TableCell>
                  <TableCell>{formatDate(r.matchedAt, language)}</TableCell>
                  <TableCell>{r.daysSinceMatch}</TableCell>
                  <TableCell>
                    <ul style={{ margin: 0, paddingInlineStart: 16 }}>
                      {r.reasons.map((reason, i) => (
                        <li key={i}>{attentionReasonText(t, reason)}</li>
                      ))}
                    </ul>
                  </TableCell>
                </TableRow>
              )
            })}
          </TableBody>
        </TableRegion>
      )}
    </section>
  )
}
export default AttentionPage
