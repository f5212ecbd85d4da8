// How the cohort page words a failed call: the first field error of a refused input in the
// person's language (the server names the field and the rule), else the admin's error table.
import { FieldError } from '@tandem/core'
import type { TFunction } from 'i18next'
import { apiErrorOf } from '../../../state/api.js'
import { messageOf } from '../../../shared/field.js'
import { errorText } from '../admin.i18n.js'

export const cohortErrorText = (translate: TFunction, error: unknown): string => {
  const value = apiErrorOf(error)?.value
  if (Array.isArray(value) && value.length > 0 && value.every((v) => FieldError.is(v)))
    return messageOf(translate, value[0]) ?? errorText(translate, error)
  return errorText(translate, error)
}

export const personName = (p: { readonly firstName: string; readonly lastName: string }): string => `${p.firstName} ${p.lastName}`

/** A percentage as the page shows it: whole numbers, one decimal for means. */
export const percent = (value: number, language: string): string =>
  new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value)
