// The confirmation a person gives before deleting their own account: they type their address. One
// rule for the browser (the button) and the server (the refusal).
import { fieldError, type FieldError } from '../messages.js'

const normalised = (email: string): string => email.trim().toLowerCase()

/** Whether the typed address is the account's own (case and surrounding spaces aside). */
export const confirmsOwnEmail = (typed: string, own: string): boolean => typed.trim() !== '' && normalised(typed) === normalised(own)

/** The refusal of a deletion whose typed address is not the account's. */
export const accountDeletionErrors = (payload: { readonly email: string; readonly confirmEmail: string }): readonly FieldError[] =>
  confirmsOwnEmail(payload.confirmEmail, payload.email) ? [] : [fieldError('confirmEmail', 'confirmation-email-mismatch')]
