// Message keys of SPEC §5 and §8. The browser translates them; the server returns them in 400s.
export type MessageKey =
  | 'requiredFieldError'
  | 'profileMissingFieldsError'
  | 'max-characters-exceeded-error'
  | 'invalid-profile-image'
  | 'questionnaire-text-too-long'
  | 'max-options-exceeded'
  | 'select-just-one-option'
  | 'exclusive-option-combined'
  | 'invalid-year'
  | 'questionnaire-fields-not-valid'
  | 'decline-reason-mandatory'
  | 'create-program-year-error1'
  | 'enter-a-valid-id'
  | 'admin-mentor-only-differnt-user-error'
  | 'export-option-required'
  | 'existing-name-required'
  | 'invalid-value'

/** One failed rule: the field it concerns, the message key and the values the message shows. */
export type FieldError = {
  readonly field: string
  readonly key: MessageKey
  readonly params?: Readonly<Record<string, string | number>>
}

export const fieldError = (field: string, key: MessageKey, params?: Readonly<Record<string, string | number>>): FieldError =>
  params === undefined ? { field, key } : { field, key, params }
