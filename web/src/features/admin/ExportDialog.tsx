// The export dialog of the top bar (docs/product.md#constants): mentees, mentors or matching teams; the three option
// groups of each (all pre-selected), the filters and date ranges, at least one option, and a
// progress indication while the server produces the file.
import { useState } from 'react'
import { Button, Checkbox, Dropdown, Field, Option, Radio, RadioGroup, Spinner } from '@fluentui/react-components'
import { MENTOR_FILTER_STATUSES, TANDEM_DATE_RANGES, validateExportOptions, type StatusName, type TandemDateRange } from '@tandem/core'
import { useTranslation } from 'react-i18next'
import { ModalDialog } from '../../shared/ModalDialog.js'
import { useAppSelector } from '../../state/hooks.js'
import { selectConfig } from '../../state/session.slice.js'
import { useAuth } from '../../shell/services.context.js'
import { languageOf } from '../../i18n/i18n.js'
import { messageOf, validation } from '../../shared/field.js'
import { useAdminGetClustersQuery } from './admin.api.js'
import { errorText, statusLabel } from './admin.i18n.js'
import { useAdminMessages } from './AdminMessages.js'
import { downloadExport, type ExportRequest } from './export.download.js'

type Kind = 'Mentee' | 'Mentor' | 'teams'

const USER_OPTIONS = ['includeBasicAccountInformation', 'includeExtededAccountInformation', 'includeProfileInformation'] as const
const TEAM_OPTIONS = ['includeUserAccountInformation', 'includeMatchingTandemInformation', 'includeProposalInformation'] as const
const OPTION_LABEL: Readonly<Record<(typeof USER_OPTIONS)[number] | (typeof TEAM_OPTIONS)[number], string>> = {
  includeBasicAccountInformation: 'basic',
  includeExtededAccountInformation: 'extended',
  includeProfileInformation: 'profile',
  includeUserAccountInformation: 'userAccount',
  includeMatchingTandemInformation: 'teamInfo',
  includeProposalInformation: 'proposal',
}

const allSelected = (names: readonly string[]) => Object.fromEntries(names.map((n) => [n, true])) as Record<string, boolean>

/** The request of the dialog's state: the body or query of one of the two export calls. */
export const exportRequestOf = (
  kind: Kind,
  options: Readonly<Record<string, boolean>>,
  filters: { clusterIds: readonly number[]; statuses: readonly StatusName[]; range: TandemDateRange },
  language: string,
): ExportRequest =>
  kind === 'teams'
    ? {
        method: 'GET',
        path: '/api/Admin/ExportMatchingTandemData',
        language,
        params: {
          ...Object.fromEntries(TEAM_OPTIONS.map((o) => [o, String(options[o] === true)])),
          tandemDateRange: String(filters.range),
        },
      }
    : {
        method: 'POST',
        path: '/api/Admin/ExportUserDataByRole',
        language,
        body: {
          role: kind,
          ...Object.fromEntries(USER_OPTIONS.map((o) => [o, options[o] === true])),
          filterData: kind === 'Mentee' ? { clusterIds: [...filters.clusterIds] } : { statuses: [...filters.statuses] },
        },
      }

export const ExportDialog = ({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) => {
  const { t, i18n } = useTranslation()
  const { show } = useAdminMessages()
  const auth = useAuth()
  const config = useAppSelector(selectConfig)
  const clusters = useAdminGetClustersQuery(undefined, { skip: !open })
  const [kind, setKind] = useState<Kind>('Mentee')
  const [options, setOptions] = useState<Record<string, boolean>>(allSelected([...USER_OPTIONS, ...TEAM_OPTIONS]))
  const [clusterIds, setClusterIds] = useState<readonly number[]>([])
  const [statuses, setStatuses] = useState<readonly StatusName[]>([])
  const [range, setRange] = useState<TandemDateRange>(30)
  const [checked, setChecked] = useState(false)
  const [producing, setProducing] = useState(false)
  const names = kind === 'teams' ? TEAM_OPTIONS : USER_OPTIONS
  const errors = validateExportOptions(Object.fromEntries(names.map((n) => [n, options[n] === true])))

  const start = async () => {
    setChecked(true)
    if (errors.length > 0) return
    setProducing(true)
    const request = exportRequestOf(kind, options, { clusterIds, statuses, range }, languageOf(i18n))
    const result = await downloadExport(request, { apiBaseUrl: config?.apiBaseUrl ?? '', token: await auth.accessToken() })
    setProducing(false)
    if (!result.ok) return show('error', errorText(t, result.error))
    show('success', t('admin.messages.export-ready', { file: result.filename }))
    onClose()
  }

  if (!open) return null
  // Fluent's dialog (shared/ModalDialog.tsx); the pickers' lists open inside it
  return (
    <ModalDialog
      title={t('admin.export.title')}
      described={false}
      onCancel={() => {
        if (!producing) onClose()
      }}
      actions={
        <>
          <Button appearance="primary" disabledFocusable={producing} onClick={() => void start()}>
            {t('admin.export.start')}
          </Button>
          <Button disabledFocusable={producing} onClick={onClose}>
            {t('admin.confirm.no')}
          </Button>
        </>
      }
    >
      <Field label={t('admin.export.kind')}>
        <RadioGroup
          value={kind}
          onChange={(_e, d) => {
            setKind(d.value as Kind)
            setChecked(false)
          }}
        >
          <Radio value="Mentee" label={t('admin.export.mentees')} />
          <Radio value="Mentor" label={t('admin.export.mentors')} />
          <Radio value="teams" label={t('admin.export.teams')} />
        </RadioGroup>
      </Field>
      <Field label={t('admin.export.options')} required {...validation(checked ? messageOf(t, errors[0]) : undefined)}>
        <div role="group" aria-label={t('admin.export.options')}>
          {names.map((n) => (
            <Checkbox
              key={n}
              label={t(`admin.export.${OPTION_LABEL[n]}`)}
              checked={options[n] === true}
              onChange={(_e, d) => setOptions((o) => ({ ...o, [n]: d.checked === true }))}
            />
          ))}
        </div>
      </Field>
      <p>{t('admin.export.always')}</p>
      {kind === 'Mentee' && (
        <Field label={t('admin.export.programYears')}>
          <Dropdown
            inlinePopup
            multiselect
            selectedOptions={clusterIds.map(String)}
            value={clusterIds.map((id) => clusters.data?.find((c) => c.clusterId === id)?.clusterText ?? '').join(', ')}
            onOptionSelect={(_e, d) => setClusterIds(d.selectedOptions.map(Number))}
          >
            {(clusters.data ?? []).map((c) => (
              <Option key={c.clusterId} value={String(c.clusterId)}>
                {c.clusterText}
              </Option>
            ))}
          </Dropdown>
        </Field>
      )}
      {kind === 'Mentor' && (
        <Field label={t('admin.export.statuses')}>
          <Dropdown
            inlinePopup
            multiselect
            selectedOptions={[...statuses]}
            value={statuses.map((s) => statusLabel(t, s)).join(', ')}
            onOptionSelect={(_e, d) => setStatuses(d.selectedOptions as StatusName[])}
          >
            {MENTOR_FILTER_STATUSES.map((s) => (
              <Option key={s} value={s}>
                {statusLabel(t, s)}
              </Option>
            ))}
          </Dropdown>
        </Field>
      )}
      {kind === 'teams' && (
        <Field label={t('admin.export.range')}>
          <RadioGroup value={String(range)} onChange={(_e, d) => setRange(Number(d.value) as TandemDateRange)} layout="horizontal">
            {TANDEM_DATE_RANGES.map((r) => (
              <Radio key={r} value={String(r)} label={t(`admin.export.range${r}`)} />
            ))}
          </RadioGroup>
        </Field>
      )}
      {producing && <Spinner role="progressbar" label={t('admin.export.producing')} />}
    </ModalDialog>
  )
}
