// One program year or all of them, for the admin pages that narrow their figures to a year (the
// waitlist, the teams needing attention): a Fluent Dropdown of the program years.
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
