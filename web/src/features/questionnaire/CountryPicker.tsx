// The country field: type to filter (names containing the text, those starting with it first),
// arrows and Enter to choose; Enter on typed text takes the first match when no option is active.
// Leaving the field without choosing shows the chosen country again.
import { useState } from 'react'
import { Combobox, Option } from '@fluentui/react-components'

export type CountryOption = { readonly countryCodeId: number; readonly countryName: string }

/** Countries whose name contains the text, case-insensitively; those starting with it first. */
export const filterCountries = (countries: readonly CountryOption[], text: string): readonly CountryOption[] => {
  const query = text.trim().toLocaleLowerCase()
  if (query === '') return countries
  const name = (c: CountryOption) => c.countryName.toLocaleLowerCase()
  const matching = countries.filter((c) => name(c).includes(query))
  return [...matching.filter((c) => name(c).startsWith(query)), ...matching.filter((c) => !name(c).startsWith(query))]
}

/** Inside a Fluent Field, which hands the label and messages to the Combobox through its context. */
export const CountryPicker = ({
  countries,
  selectedId,
  onSelect,
}: {
  readonly countries: readonly CountryOption[]
  readonly selectedId: number | null
  readonly onSelect: (id: number) => void
}) => {
  // null: nothing typed since the last choice, the field shows the chosen country
  const [query, setQuery] = useState<string | null>(null)
  const selected = countries.find((c) => c.countryCodeId === selectedId)
  const shown = query === null ? countries : filterCountries(countries, query)

  const choose = (id: number) => {
    setQuery(null)
    onSelect(id)
  }

  return (
    <Combobox
      value={query ?? selected?.countryName ?? ''}
      selectedOptions={selectedId === null ? [] : [String(selectedId)]}
      onChange={(e) => setQuery(e.target.value)}
      onOptionSelect={(_e, d) => {
        // Fluent clears the selection while the text no longer names it; the choice stands until another is made
        if (d.optionValue !== undefined) choose(Number(d.optionValue))
      }}
      onKeyDown={(e) => {
        // With an active option Fluent chooses it itself; typed text that made none active takes the first match.
        if (e.key !== 'Enter' || query === null || e.currentTarget.getAttribute('aria-activedescendant')) return
        const first = shown[0]
        if (first !== undefined) choose(first.countryCodeId)
      }}
      onBlur={() => setQuery(null)}
    >
      {shown.map((c) => (
        <Option key={c.countryCodeId} value={String(c.countryCodeId)}>
          {c.countryName}
        </Option>
      ))}
    </Combobox>
  )
}
