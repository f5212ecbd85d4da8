// The program years as Fluent Dropdowns for the admin pages: one year or all of them, for the pages
// that narrow their figures to a year (the waitlist, the teams needing attention); several years, for
// the filters that take a list (the teams, the statistics, the export).
import { Dropdown, Field, Option } from '@fluentui/react-components'
import { useAdminGetClustersQuery } from './admin.api.js'
import { useAdminTranslations } from './admin.i18n.js'

const ALL = 'all'

export const ProgramYearPicker = ({
  value,
  onChange,
}: {
  /** The chosen program year's id; null: all of them. */
  readonly value: number | null
  readonly onChange: (clusterId: number | null) => void
}) => {
  const { t } = useAdminTranslations()
  const clusters = useAdminGetClustersQuery()
  const all = t('admin.programYears.all')
  return (
    <Field label={t('admin.programYears.label')}>
      <Dropdown
        selectedOptions={[value === null ? ALL : String(value)]}
        value={value === null ? all : (clusters.data?.find((c) => c.clusterId === value)?.clusterText ?? all)}
        onOptionSelect={(_e, d) => onChange(d.optionValue === undefined || d.optionValue === ALL ? null : Number(d.optionValue))}
      >
        <Option value={ALL}>{all}</Option>
        {(clusters.data ?? []).map((c) => (
          <Option key={c.clusterId} value={String(c.clusterId)}>
            {c.clusterText}
          </Option>
        ))}
      </Dropdown>
    </Field>
  )
}

/** Several program years (none: as the page says, usually all); their names shown in the list's order. */
export const ProgramYearsDropdown = ({
  value,
  onChange,
  placeholder,
  inlinePopup,
}: {
  readonly value: readonly number[]
  readonly onChange: (clusterIds: number[]) => void
  readonly placeholder?: string
  /** In a dialog: the list opens inside it, so the dialog's focus trap keeps it reachable. */
  readonly inlinePopup?: boolean
}) => {
  const clusters = useAdminGetClustersQuery()
  const chosen = (clusters.data ?? [])
    .filter((c) => value.includes(c.clusterId))
    .map((c) => c.clusterText)
    .join(', ')
  return (
    <Dropdown
      multiselect
      {...(inlinePopup === true ? { inlinePopup } : {})}
      {...(placeholder === undefined ? {} : { placeholder })}
      selectedOptions={value.map(String)}
      value={chosen}
      onOptionSelect={(_e, d) => onChange(d.selectedOptions.map(Number))}
    >
      {(clusters.data ?? []).map((c) => (
        <Option key={c.clusterId} value={String(c.clusterId)}>
          {c.clusterText}
        </Option>
      ))}
    </Dropdown>
  )
}
