// Matching teams (docs/product.md#admin-screens): manual creation, the search and filter panel, the result table
// (score 'base / max percent%' or 'Manual Matching'), and the detail panel of the clicked row.
import { useEffect, useRef, useState } from 'react'
import {
  Body1,
  Button,
  Dropdown,
  Field,
  Input,
  Option,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components'
import { TableRegion } from './TableRegion.js'
import {
  TANDEM_STATES,
  clusterIdOf,
  parseTeamIdFilter,
  type MatchingTandemListRequest,
  type MatchingTandemListRow,
  type TandemState,
} from '@tandem/core'
import { isLeft } from 'fp-ts/lib/Either.js'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { formatDate } from '../../shared/dates.js'
import { messageOf, validation } from '../../shared/field.js'
import { languageOf } from '../../i18n/i18n.js'
import { tandemStateLabel } from './admin.i18n.js'
import { useAdminGetTandemListQuery } from './admin.api.js'
import { ProgramYearsDropdown } from './ProgramYearPicker.js'
import { ManualTeamCreate } from './ManualTeamCreate.js'
import { Pagination } from './Pagination.js'
import { pageOf } from './pagination.js'
import { ProposalBadge, TeamBadge } from './StatusBadge.js'
import { TeamDetailPanel } from './TeamDetailPanel.js'

/** docs/product.md#constants: the score of a matched team, or 'Manual Matching' when no percentage was computed. */
export const scoreText = (
  row: Pick<MatchingTandemListRow, 'baseMatchRuleScore' | 'maxScore' | 'percentage'>,
  manualLabel: string,
): string => (row.percentage > 0 ? `${row.baseMatchRuleScore} / ${row.maxScore} ${row.percentage}%` : manualLabel)

/** docs/product.md#constants: the detail panel scrolls into view 500 ms after a row is chosen. */
export const SCROLL_DELAY_MS = 500

const ALL: MatchingTandemListRequest = { tandemStates: [], tandemId: 0, email: '', filterCluster: [] }

/** `?team=ID` (the attention list's links): the page opens filtered to that team, its detail shown. */
const linkedTeam = (params: URLSearchParams): number | null => {
  const id = Number(params.get('team'))
  return Number.isSafeInteger(id) && id > 0 ? id : null
}

const MatchingTeamsPage = () => {
  const { t, i18n } = useTranslation()
  const language = languageOf(i18n)
  const [params] = useSearchParams()
  const linked = linkedTeam(params)
  const [request, setRequest] = useState<MatchingTandemListRequest>(linked === null ? ALL : { ...ALL, tandemId: linked })
  const list = useAdminGetTandemListQuery(request, { refetchOnFocus: true })
  const [teamId, setTeamId] = useState(linked === null ? '' : String(linked))
  const [states, setStates] = useState<readonly TandemState[]>([])
  const [search, setSearch] = useState('')
  const [clusterIds, setClusterIds] = useState<readonly number[]>([])
  const [idError, setIdError] = useState<string | undefined>(undefined)
  const [selected, setSelected] = useState<number | null>(linked)
  const [page, setPage] = useState(1)
  const detailRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (selected === null) return
    const timer = setTimeout(() => detailRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' }), SCROLL_DELAY_MS)
    return () => clearTimeout(timer)
  }, [selected])

  const submit = () => {
    const id = parseTeamIdFilter(teamId.trim())
    if (isLeft(id)) return setIdError(messageOf(t, id.left[0]))
    setIdError(undefined)
    setPage(1)
    setRequest({ tandemStates: [...states], tandemId: id.right, email: search.trim(), filterCluster: clusterIds.map(clusterIdOf) })
  }

  const rows = list.data ?? []
  // the detail shows a team the list shows: a search that no longer lists it closes it
  const shownTeam =
    selected !== null && list.currentData !== undefined && !list.currentData.some((r) => r.id === selected) ? null : selected
  return (
    <div>
      <ManualTeamCreate onCreated={(id) => setSelected(id)} />
      <section aria-labelledby="team-search-title">
        <h2 id="team-search-title">{t('admin.teams.searchTitle')}</h2>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault()
            submit()
          }}
          style={{ display: 'flex', gap: 12, alignItems: 'start', flexWrap: 'wrap' }}
        >
          <Field label={t('admin.teams.teamId')} {...validation(idError)}>
            <Input value={teamId} onChange={(_e, d) => setTeamId(d.value)} inputMode="numeric" />
          </Field>
          <Field label={t('admin.teams.teamStatus')}>
            <Dropdown
              multiselect
              selectedOptions={[...states]}
              value={states.map((s) => tandemStateLabel(t, s)).join(', ')}
              onOptionSelect={(_e, d) => setStates(d.selectedOptions as TandemState[])}
            >
              {TANDEM_STATES.map((s) => (
                <Option key={s} value={s}>
                  {tandemStateLabel(t, s)}
                </Option>
              ))}
            </Dropdown>
          </Field>
          <Field label={t('admin.teams.userSearch')}>
            <Input value={search} onChange={(_e, d) => setSearch(d.value)} />
          </Field>
          <Field label={t('admin.teams.programYears')}>
            <ProgramYearsDropdown value={clusterIds} onChange={setClusterIds} />
          </Field>
          <Button type="submit" appearance="primary" style={{ marginTop: 22 }}>
            {t('admin.teams.search')}
          </Button>
        </form>
      </section>
      {list.isSuccess && rows.length === 0 && <Body1 as="p">{t('admin.lists.empty')}</Body1>}
      {rows.length > 0 && (
        <>
          <TableRegion label={t('admin.teams.table')}>
            <TableHeader>
              <TableRow>
                {(
                  [
                    'id',
                    'createdDate',
                    'programYears',
                    'menteeLastName',
                    'mentorLastName',
                    'teamStatus',
                    'menteeStatus',
                    'mentorStatus',
                    'score',
                  ] as const
                ).map((k) => (
                  <TableHeaderCell key={k}>{t(`admin.teams.${k}`)}</TableHeaderCell>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {pageOf(rows, page).map((r) => (
                <TableRow
                  key={r.id}
                  tabIndex={0}
                  aria-selected={r.id === selected}
                  style={{ cursor: 'pointer', ...(r.id === selected ? { backgroundColor: tokens.colorBrandBackground2 } : {}) }}
                  onClick={() => setSelected(r.id)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault()
                      setSelected(r.id)
                    }
                  }}
                >
                  <TableCell>{r.id}</TableCell>
                  <TableCell>{formatDate(r.createdDate, language)}</TableCell>
                  <TableCell>{r.programYear ?? '-'}</TableCell>
                  <TableCell>{r.menteeLastName}</TableCell>
                  <TableCell>{r.mentorLastName}</TableCell>
                  <TableCell>
                    <TeamBadge state={r.tandemStatus} />
                  </TableCell>
                  <TableCell>
                    <ProposalBadge state={r.menteeProposalStatus} />
                  </TableCell>
                  <TableCell>
                    <ProposalBadge state={r.mentorProposalStatus} />
                  </TableCell>
                  <TableCell>{scoreText(r, t('admin.teams.manual'))}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </TableRegion>
          <Pagination rows={rows.length} page={page} onPage={setPage} />
        </>
      )}
      <section ref={detailRef} style={{ marginTop: 16 }}>
        {shownTeam === null ? <Body1 as="p">{t('admin.teams.noSelection')}</Body1> : <TeamDetailPanel tandemId={shownTeam} />}
      </section>
    </div>
  )
}
export default MatchingTeamsPage
