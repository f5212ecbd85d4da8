// The mentor's capacity, next to the matching toggle (docs/matching.md#places): how many mentees
// they take at once (1 to 5) and how many places their live tandems take now. Choosing another
// number saves it at once; lowering it ends no tandem.
import { useState } from 'react'
import { Dropdown, Field, Option } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { MENTOR_CAPACITY_MAX, MENTOR_CAPACITY_MIN, type MentorPlaces } from '@tandem/core'
import { errorMessageKey } from '../../shell/error.messages.js'
import { useUpdateMentorCapacityMutation } from '../../shared/api/questionnaire.api.js'

const CAPACITIES = Array.from({ length: MENTOR_CAPACITY_MAX - MENTOR_CAPACITY_MIN + 1 }, (_, i) => MENTOR_CAPACITY_MIN + i)

export type CapacityOutcome = { readonly intent: 'success' | 'error'; readonly text: string }

export const MentorCapacityField = ({
  email,
  places,
  disabled,
  onOutcome,
}: {
  readonly email: string
  readonly places: MentorPlaces
  readonly disabled: boolean
  readonly onOutcome: (outcome: CapacityOutcome) => void
}) => {
  const { t } = useTranslation()
  const [update, state] = useUpdateMentorCapacityMutation()
  // The choice shows at once; the page's data follows when the questionnaire is fetched again.
  const [chosen, setChosen] = useState<number | null>(null)
  const capacity = chosen ?? places.capacity
  const choose = async (value: number) => {
    if (value === capacity) return
    setChosen(value)
    const result = await update({ email, capacity: value })
    if ('error' in result) {
      setChosen(null)
      const key = errorMessageKey(result.error, { ValidationFailed: 'messages.mentor-capacity-range' })
      onOutcome({ intent: 'error', text: t(key, { min: MENTOR_CAPACITY_MIN, max: MENTOR_CAPACITY_MAX }) })
      return
    }
    onOutcome({ intent: 'success', text: t('questionnaire.capacitySaved', { count: value }) })
  }
  return (
    <Field label={t('questionnaire.capacity')} hint={t('questionnaire.capacityPlaces', { taken: places.taken, capacity })}>
      <Dropdown
        aria-label={t('questionnaire.capacity')}
        value={String(capacity)}
        selectedOptions={[String(capacity)]}
        disabled={disabled || state.isLoading}
        onOptionSelect={(_e, d) => void choose(Number(d.optionValue))}
        style={{ minWidth: 80 }}
      >
        {CAPACITIES.map((n) => (
          <Option key={n} value={String(n)}>
            {String(n)}
          </Option>
        ))}
      </Dropdown>
    </Field>
  )
}
