// The calendar-date pattern and the gender values, each declared once in core and read by the
// codecs, the store and the forms.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CHOSEN_GENDERS, Gender, GENDERS, IsoDate, isIsoDate } from '../src/index.js'

describe('a calendar date yyyy-mm-dd', () => {
  it('accepts dates written with four-digit year, two-digit month 01-12 and day 01-31', () => {
    for (const date of ['2026-02-28', '1999-12-31', '2000-01-01', '2026-04-31']) expect(isIsoDate(date)).toBe(true)
  })

  it('refuses months and days out of range, missing zeros, times and surrounding text', () => {
    for (const text of ['2026-13-01', '2026-00-10', '2026-01-32', '2026-1-01', '26-01-01', '2026-01-01T00:00:00Z', ' 2026-01-01', ''])
      expect(isIsoDate(text)).toBe(false)
  })

  it('is what the IsoDate codec accepts', () => {
    const written = fc.date({ min: new Date(Date.UTC(1900, 0, 1)), max: new Date(Date.UTC(2100, 0, 1)), noInvalidDate: true })
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          written.map((d) => d.toISOString().slice(0, 10)),
        ),
        (text) => {
          expect(IsoDate.is(text)).toBe(isIsoDate(text))
        },
      ),
    )
    expect(IsoDate.is('2026-11-28')).toBe(true)
  })
})

describe('the gender values', () => {
  it('are female, male, non-binary and not shared, one list for the codec and the forms', () => {
    expect(GENDERS).toEqual(['Female', 'Male', 'Non-binary', 'NA'])
    expect(Object.keys(Gender.keys).sort()).toEqual([...GENDERS].sort())
    expect(CHOSEN_GENDERS).toEqual(['Female', 'Male', 'Non-binary'])
  })

  it('refuses any other value', () => {
    for (const value of ['female', 'Diverse', '', null]) expect(Gender.is(value)).toBe(false)
  })
})
