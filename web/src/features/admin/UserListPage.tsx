// The mentee and mentor lists (docs/product.md#admin-screens): a status multi-select (PAUSED not offered for
// mentees, PENDING not for mentors), 'filter and display', 25 rows a page, badges; rows not clickable.
import { useState } from 'react'
import {
  Body1,
  Button,
  Dropdown,
  Field,
  Option,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components'
import { TableRegion } from './TableRegion.js'
import { MENTEE_FILTER_STATUSES, MENTOR_FILTER_STATUSES, STATUS_IDS, type Side, type StatusName } from '@tandem/core'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../../shared/dates.js'
import { languageOf } from '../../i18n/i18n.js'
import { useLazyAdminGetMenteesQuery, useLazyAdminGetMentorsQuery } from './admin.api.js'
import { errorText, statusLabel } from './admin.i18n.js'
import { useAdminMessages } from './AdminMessages.js'
import { Pagination } from './Pagination.js'
import { pageOf } from './pagination.js'
import { StatusBadge } from './StatusBadge.js'

export const filterStatusesOf = (side: Side): readonly StatusName[] => (side === 'Mentee' ? MENTEE_FILTER_STATUSES : MENTOR_FILTER_STATUSES)

const UserListPage = ({ side }: { readonly side: Side }) => {
  const { t, i18n } = useTranslation()
  const language = languageOf(i18n)
  const { show } = useAdminMessages()
  const [selected, setSelected] = useState<readonly StatusName[]>([])
  const [page, setPage] = useState(1)
  const [loadMentees, mentees] = useLazyAdminGetMenteesQuery()
  const [loadMentors, mentors] = useLazyAdminGetMentorsQuery()
  const result = side === 'Mentee' ? mentees : mentors
  const offered = filterStatusesOf(side)
  const prefix = side === 'Mentee' ? 'mentees' : 'mentors'

  const filter = async () => {
    setPage(1)
    const selection = selected.map((name) => ({ id: STATUS_IDS[name], name }))
    const reply = side === 'Mentee' ? await loadMentees(selection) : await loadMentors(selection)
    if (reply.error !== undefined) show('error', errorText(t, reply.error))
  }

  const rows = result.data ?? []
  return (
    <section aria-labelledby="list-title">
      <h2 id="list-title">{t(`admin.lists.${prefix}Table`)}</h2>
      <Body1 as="p">{t(`admin.lists.${prefix}Info`)}</Body1>
      <div style={{ display: 'flex', gap: 12, alignItems: 'end', flexWrap: 'wrap' }}>
        <Field label={t('admin.lists.statuses')}>
          <Dropdown
            multiselect
            placeholder={t('admin.lists.statusesPlaceholder')}
            selectedOptions={[...selected]}
            value={selected.map((s) => statusLabel(t, s)).join(', ')}
            onOptionSelect={(_e, data) => setSelected(data.selectedOptions as StatusName[])}
          >
            {offered.map((s) => (
              <Option key={s} value={s}>
                {statusLabel(t, s)}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Button appearance="primary" onClick={() => void filter()}>
          {t('admin.lists.filter')}
        </Button>
      </div>
      {result.isSuccess && rows.length === 0 && <Body1 as="p">{t('admin.lists.empty')}</Body1>}
      {rows.length > 0 && (
        <>
          <TableRegion label={t(`admin.lists.${prefix}Table`)}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('admin.lists.firstName')}</TableHeaderCell>
                <TableHeaderCell>{t('admin.lists.lastName')}</TableHeaderCell>
                <TableHeaderCell>{t('admin.lists.email')}</TableHeaderCell>
                <TableHeaderCell>{t('admin.lists.registrationDate')}</TableHeaderCell>
                {side === 'Mentee' && <TableHeaderCell>{t('admin.lists.programYear')}</TableHeaderCell>}
                <TableHeaderCell>{t('admin.lists.status')}</TableHeaderCell>
                {side === 'Mentor' && <TableHeaderCell>{t('admin.lists.places')}</TableHeaderCell>}
              </TableRow>
            </TableHeader>
            <TableBody>
              {pageOf(rows, page).map((r) => (
                <TableRow key={r.userId}>
                  <TableCell>{r.firstName}</TableCell>
                  <TableCell>{r.lastName}</TableCell>
                  <TableCell title={r.email}>{r.email}</TableCell>
                  <TableCell>{formatDate(r.registrationDate, language)}</TableCell>
                  {side === 'Mentee' && <TableCell>{r.programYear ?? '-'}</TableCell>}
                  <TableCell>
                    <StatusBadge status={r.status} />
                  </TableCell>
                  {side === 'Mentor' && (
                    <TableCell>{r.mentorPlaces === undefined ? '-' : `${r.mentorPlaces.taken} / ${r.mentorPlaces.capacity}`}</TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </TableRegion>
          <Pagination rows={rows.length} page={page} onPage={setPage} />
        </>
      )}
    </section>
  )
}
export default UserListPage
