// Length rules for free text. Characters are counted as code points, so an umlaut or an emoji is
// one character, as the user sees it.
import { DEFAULT_TEXT_MAX } from './limits.js'
import { type FieldError, fieldError } from '../messages.js'

export const countCharacters = (text: string): number => [...text].length

/** 'max-characters-exceeded-error' with {count, max} when `text` is longer than `max`. */
export const validateMaxCharacters = (text: string, max: number = DEFAULT_TEXT_MAX, field = 'text'): readonly FieldError[] => {
  const count = countCharacters(text)
  return count > max ? [fieldError(field, 'max-characters-exceeded-error', { count, max })] : []
}

/** Empty, or only whitespace: what a required text field refuses. */
export const isBlank = (text: string | null | undefined): boolean => text === null || text === undefined || text.trim() === ''
