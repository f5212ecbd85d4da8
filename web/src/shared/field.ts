// Small helpers for Fluent fields under exactOptionalPropertyTypes: a field gets a validation
// message only when there is one, translated from a core FieldError.
import type { TFunction } from 'i18next'
import type { FieldError } from '@tandem/core'

export const validation = (message: string | undefined): { validationMessage?: string } =>
  message === undefined ? {} : { validationMessage: message }

export const messageOf = (t: TFunction, error: FieldError | undefined): string | undefined =>
  error === undefined ? undefined : t(`messages.${error.key}`, { ...(error.params ?? {}) })

/** The first error of a field, if any. */
export const errorOf = (errors: readonly FieldError[], field: string): FieldError | undefined => errors.find((e) => e.field === field)
