// Fluent's Dropdown for the account page's choices. It brings the listbox, floating-ui and tabster
// (~31 KiB compressed), so the page loads it after its frame and data are drawn (`ChoiceField`).
import { Dropdown, Option } from '@fluentui/react-components'
import type { Choice } from './choice.js'

const AccountSelect = ({
  choices,
  chosen,
  onChoose,
}: {
  readonly choices: readonly Choice[]
  readonly chosen: number | null
  readonly onChoose: (value: number | null) => void
}) => (
  <Dropdown
    selectedOptions={chosen === null ? [] : [String(chosen)]}
    value={choices.find((c) => c.value === chosen)?.text ?? ''}
    onOptionSelect={(_, d) => onChoose(d.optionValue === undefined ? null : Number(d.optionValue))}
  >
    {choices.map((c) => (
      <Option key={c.value} value={String(c.value)}>
        {c.text}
      </Option>
    ))}
  </Dropdown>
)
export default AccountSelect
