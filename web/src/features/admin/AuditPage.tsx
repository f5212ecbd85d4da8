// The audit trail (docs/privacy.md): who among the administrators read or changed whose data and
// when, filtered by administrator, person, action and dates, 25 records a page from the server;
// changes only at first (the reads, many and long, one switch away); every id links to the person's
// user information. Below it, the people the retention sweep will delete and why.
import { Fragment, useState } from 'react'
import { Link } from 'react-router'
import {
  Body1,
  Button,
  Field,
  Input,
  Select,
  Switch,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components'
import { PersonReference, fieldError, type AuditRecordView, type AuditRecordsRequest, type FieldError } from '@tandem/core'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { useAppSelector } from '../../state/hooks.js'
import { useLanguage } from '../../shell/language.js'
import { selectConfig } from '../../state/session.slice.js'
import { formatDateTime } from '../../shared/dates.js'
import { messageOf, validation } from '../../shared/field.js'
import { useAdminGetAuditRecordsQuery, useAdminGetRetentionDueQuery } from './admin.api.js'
import { errorText } from './admin.i18n.js'
import { Pagination } from './Pagination.js'
import { PAGE_SIZE } from './pagination.js'
import { TableRegion } from './TableRegion.js'

type Filters = {
  readonly admin: string
  readonly person: string
  readonly action: string
  readonly from: string
  readonly to: string
  readonly changesOnly: boolean
}
const NO_FILTERS: Filters = { admin: '', person: '', action: '', from: '', to: '', changesOnly: true }

const orNull = (text: string): string | null => (text.trim() === '' ? null : text.trim())

const requestOf = (f: Filters, page: number): AuditRecordsRequest => ({
  admin: orNull(f.admin),
  person: orNull(f.person),
  action: orNull(f.action),
  from: orNull(f.from),
  to: orNull(f.to),
  changesOnly: f.changesOnly,
  page,
  pageSize: PAGE_SIZE,
})

/** Actions are dotted codes (`user.read`); their texts live under keys without dots. */
const actionLabel = (t: TFunction, action: string): string =>
  t(`admin.audit.actions.${action.replaceAll('.', '_')}`, { defaultValue: action })

const personError = (field: string, text: string): FieldError | undefined =>
  text.trim() === '' || PersonReference.is(text.trim()) ? undefined : fieldError(field, 'invalid-value')

/** A person's id, linked to their user information (the page opens them at once). */
const PersonLink = ({ id }: { readonly id: number }) => {
  const { t } = useTranslation()
  return (
    <Link to={`/administrator/user-information?userId=${id}`} aria-label={t('admin.audit.openPerson', { id })}>
      {id}
    </Link>
  )
}

const AuditRecordRow = ({ record }: { readonly record: AuditRecordView }) => {
  const { t } = useTranslation()
  const { language } = useLanguage()
  const rest = record.subjectCount - record.subjectIds.length
  return (
    <TableRow>
      <TableCell>{formatDateTime(record.at, language)}</TableCell>
      <TableCell>
        {record.adminName === null ? (
          t('admin.audit.erasedAdmin', { id: record.adminId })
        ) : (
          <>
            {record.adminName} (<PersonLink id={record.adminId} />)
          </>
        )}
      </TableCell>
      <TableCell>{actionLabel(t, record.action)}</TableCell>
      <TableCell>{record.objectId ?? '-'}</TableCell>
      <TableCell>
        {record.subjectCount === 0 ? (
          t('admin.audit.nobody')
        ) : (
          <>
            {record.subjectIds.map((id, i) => (
              <Fragment key={id}>
                {i > 0 && ', '}
                <PersonLink id={id} />
              </Fragment>
            ))}
            {rest > 0 && ` ${t('admin.audit.more', { count: rest })}`}
          </>
        )}
      </TableCell>
    </TableRow>
  )
}

const RetentionDue = () => {
  const { t } = useTranslation()
  const { language } = useLanguage()
  const months = useAppSelector(selectConfig)?.retentionMonths
  const due = useAdminGetRetentionDueQuery(undefined, { refetchOnMountOrArgChange: true })
  return (
    <section aria-labelledby="retention-title">
      <h2 id="retention-title">{t('admin.audit.retention.title')}</h2>
      <Body1 as="p">{months === undefined ? t('admin.audit.retention.infoNoMonths') : t('admin.audit.retention.info', { months })}</Body1>
      {due.data === undefined ? null : due.data.length === 0 ? (
        <Body1 as="p">{t('admin.audit.retention.empty')}</Body1>
      ) : (
        <TableRegion label={t('admin.audit.retention.table')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('admin.audit.retention.name')}</TableHeaderCell>
              <TableHeaderCell>{t('admin.audit.retention.email')}</TableHeaderCell>
              <TableHeaderCell>{t('admin.audit.retention.reason')}</TableHeaderCell>
              <TableHeaderCell>{t('admin.audit.retention.notice')}</TableHeaderCell>
              <TableHeaderCell>{t('admin.audit.retention.erasure')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {due.data.map((row) => (
              <TableRow key={row.userId}>
                <TableCell>{`${row.firstName} ${row.lastName}`}</TableCell>
                <TableCell>{row.email}</TableCell>
                <TableCell>{t(`admin.audit.retention.reasons.${row.reason}`)}</TableCell>
                <TableCell>
                  {row.noticeSentAt === null ? t('admin.audit.retention.noNotice') : formatDateTime(row.noticeSentAt, language)}
                </TableCell>
                <TableCell>{formatDateTime(row.erasureFrom, language)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </TableRegion>
      )}
    </section>
  )
}

const AuditPage = () => {
  const { t } = useTranslation()
  const [draft, setDraft] = useState<Filters>(NO_FILTERS)
  const [applied, setApplied] = useState<Filters>(NO_FILTERS)
  const [page, setPage] = useState(1)
  const [touched, setTouched] = useState(false)
  const records = useAdminGetAuditRecordsQuery(requestOf(applied, page), { refetchOnMountOrArgChange: true })
  const adminError = personError('admin', draft.admin)
  const personFilterError = personError('person', draft.person)
  const set = (key: keyof Filters) => (value: string) => setDraft((f) => ({ ...f, [key]: value }))

  const apply = () => {
    setTouched(true)
    if (adminError !== undefined || personFilterError !== undefined) return
    setApplied(draft)
    setPage(1)
  }

  return (
    <>
      <section aria-labelledby="audit-title">
        <h2 id="audit-title">{t('admin.audit.title')}</h2>
        <Body1 as="p">{t('admin.audit.info')}</Body1>
        <form
          noValidate
          aria-label={t('admin.audit.filters')}
          onSubmit={(e) => {
            e.preventDefault()
            apply()
          }}
          style={{ display: 'flex', gap: 12, alignItems: 'end', flexWrap: 'wrap' }}
        >
          <Field label={t('admin.audit.admin')} {...validation(touched ? messageOf(t, adminError) : undefined)}>
            <Input value={draft.admin} onChange={(_e, d) => set('admin')(d.value)} />
          </Field>
          <Field label={t('admin.audit.person')} {...validation(touched ? messageOf(t, personFilterError) : undefined)}>
            <Input value={draft.person} onChange={(_e, d) => set('person')(d.value)} />
          </Field>
          <Field label={t('admin.audit.action')}>
            <Select value={draft.action} onChange={(_e, d) => set('action')(d.value)}>
              <option value="">{t('admin.audit.anyAction')}</option>
              {(records.data?.actions ?? []).map((a) => (
                <option key={a} value={a}>
                  {actionLabel(t, a)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('admin.audit.from')}>
            <Input type="date" value={draft.from} onChange={(_e, d) => set('from')(d.value)} />
          </Field>
          <Field label={t('admin.audit.to')}>
            <Input type="date" value={draft.to} onChange={(_e, d) => set('to')(d.value)} />
          </Field>
          <Button type="submit" appearance="primary">
            {t('admin.audit.filter')}
          </Button>
          <Switch
            label={t('admin.audit.changesOnly')}
            checked={applied.changesOnly}
            onChange={(_e, d) => {
              // the view switches at once, with the filters as they were applied
              setDraft((f) => ({ ...f, changesOnly: d.checked }))
              setApplied((f) => ({ ...f, changesOnly: d.checked }))
              setPage(1)
            }}
          />
        </form>
        {records.error !== undefined ? (
          <Body1 as="p" role="alert">
            {errorText(t, records.error)}
          </Body1>
        ) : records.data === undefined ? null : records.data.total === 0 ? (
          <Body1 as="p">{t('admin.audit.empty')}</Body1>
        ) : (
          <>
            <Body1 as="p" aria-live="polite">
              {t('admin.audit.total', { count: records.data.total })}
            </Body1>
            <TableRegion label={t('admin.audit.table')}>
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>{t('admin.audit.at')}</TableHeaderCell>
                  <TableHeaderCell>{t('admin.audit.who')}</TableHeaderCell>
                  <TableHeaderCell>{t('admin.audit.what')}</TableHeaderCell>
                  <TableHeaderCell>{t('admin.audit.object')}</TableHeaderCell>
                  <TableHeaderCell>{t('admin.audit.about')}</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {records.data.records.map((r) => (
                  <AuditRecordRow key={r.id} record={r} />
                ))}
              </TableBody>
            </TableRegion>
            <Pagination rows={records.data.total} page={page} onPage={setPage} />
          </>
        )}
      </section>
      <RetentionDue />
    </>
  )
}
export default AuditPage
