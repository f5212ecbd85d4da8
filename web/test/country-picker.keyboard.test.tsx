// The country field filters as one types and chooses with the keyboard: typing a whole name (or
// part of one) and Enter chooses it; arrows and Enter choose the active option.
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Field } from '@fluentui/react-components'
import { CountryPicker, filterCountries } from '../src/features/questionnaire/CountryPicker.js'
import { renderWithProviders } from './utils/renderWithProviders.js'

const countries = [
  { countryCodeId: 14, countryName: 'Österreich' },
  { countryCodeId: 58, countryName: 'Dänemark' },
  { countryCodeId: 64, countryName: 'Deutschland' },
  { countryCodeId: 65, countryName: 'Dominica' },
  { countryCodeId: 80, countryName: 'Germany' },
  { countryCodeId: 81, countryName: 'Georgia' },
]

const Form = ({ initial = null }: { readonly initial?: number | null }) => {
  const [id, setId] = useState<number | null>(initial)
  return (
    <>
      <Field label="Country">
        <CountryPicker countries={countries} selectedId={id} onSelect={setId} />
      </Field>
      <output>{id === null ? 'none' : `chosen ${id}`}</output>
    </>
  )
}

const setUp = async (initial?: number | null) => {
  await renderWithProviders(<Form initial={initial ?? null} />)
  return { user: userEvent.setup(), box: screen.getByRole<HTMLInputElement>('combobox', { name: 'Country' }) }
}

describe('country field', () => {
  it('chooses "Deutschland" typed in full and confirmed with Enter', async () => {
    const { user, box } = await setUp()
    await user.click(box)
    await user.keyboard('Deutschland{Enter}')
    expect(await screen.findByText('chosen 64')).toBeTruthy()
    expect(box.value).toBe('Deutschland')
  })

  it('chooses "Germany" typed in lower case and confirmed with Enter', async () => {
    const { user, box } = await setUp()
    await user.click(box)
    await user.keyboard('germany{Enter}')
    expect(await screen.findByText('chosen 80')).toBeTruthy()
    expect(box.value).toBe('Germany')
  })

  it('filters the options to the names containing the typed text, those starting with it first', async () => {
    const { user, box } = await setUp()
    await user.click(box)
    await user.keyboard('ge')
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Germany', 'Georgia'])
    expect(filterCountries(countries, 'an')).toEqual([countries[2], countries[4]])
  })

  it('takes the first match on Enter when the typed text is only part of a name', async () => {
    const { user, box } = await setUp()
    await user.click(box)
    await user.keyboard('many{Enter}')
    expect(await screen.findByText('chosen 80')).toBeTruthy()
  })

  it('chooses the option reached with the arrow keys', async () => {
    const { user, box } = await setUp()
    await user.click(box)
    await user.keyboard('ge{ArrowDown}{Enter}')
    expect(await screen.findByText('chosen 81')).toBeTruthy()
    expect(box.value).toBe('Georgia')
  })

  it('shows the chosen country again when one leaves the field after typing', async () => {
    const { user, box } = await setUp(64)
    await user.click(box)
    await user.keyboard('{Control>}a{/Control}xyz')
    await user.tab()
    expect(box.value).toBe('Deutschland')
    expect(screen.getByText('chosen 64')).toBeTruthy()
  })
})
