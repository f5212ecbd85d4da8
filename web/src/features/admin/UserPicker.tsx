// A searchable user picker (docs/product.md#admin-screens): typing filters by name or e-mail; each option shows the full
// name with the e-mail below. Reports the picked user, or null and the typed text.
import { useMemo, useState } from 'react'
import { Caption1, Combobox, Field, Option } from '@fluentui/react-components'
import type { PickerUser } from '@tandem/core'
import { useTranslation } from 'react-i18next'
import { validation } from '../../shared/field.js'

export const fullName = (u: Pick<PickerUser, 'firstName' | 'lastName'>): string => `${u.firstName} ${u.lastName}`

const MAX_OPTIONS = 50

export const matchesSearch = (u: PickerUser, text: string): boolean => {
  const needle = text.trim().toLowerCase()
  return needle === '' || fullName(u).toLowerCase().includes(needle) || u.email.toLowerCase().includes(needle)
}

export const UserPicker = ({
  label,
  users,
  picked,
  onPick,
  error,
  required,
}: {
  readonly label: string
  readonly users: readonly PickerUser[]
  readonly picked: PickerUser | null
  readonly onPick: (user: PickerUser | null, text: string) => void
  readonly error?: string | undefined
  readonly required?: boolean
}) => {
  const { t } = useTranslation()
  const [text, setText] = useState(picked === null ? '' : fullName(picked))
  const shown = useMemo(
    () => users.filter((u) => matchesSearch(u, picked !== null && text === fullName(picked) ? '' : text)).slice(0, MAX_OPTIONS),
    [users, text, picked],
  )
  return (
    <Field label={label} required={required ?? false} {...validation(error)}>
      <Combobox
        freeform
        placeholder={t('admin.teams.pickerPlaceholder')}
        value={text}
        selectedOptions={picked === null ? [] : [String(picked.userId)]}
        onChange={(e) => {
          setText(e.target.value)
          onPick(null, e.target.value)
        }}
        onOptionSelect={(_e, data) => {
          const user = users.find((u) => String(u.userId) === data.optionValue) ?? null
          setText(user === null ? '' : fullName(user))
          onPick(user, user === null ? '' : fullName(user))
        }}
      >
        {shown.map((u) => (
          <Option key={u.userId} value={String(u.userId)} text={fullName(u)}>
            <div>
              <div>{fullName(u)}</div>
              <Caption1>{u.email}</Caption1>
            </div>
          </Option>
        ))}
      </Combobox>
    </Field>
  )
}
