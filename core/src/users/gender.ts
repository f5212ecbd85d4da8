// The gender a person may give, one list for sign-up, the provider's claim, storage, statistics and
// exports: female, male, non-binary, or not shared ('NA').
import * as t from 'io-ts'

export const Gender = t.keyof({ Female: null, Male: null, 'Non-binary': null, NA: null })
export type Gender = t.TypeOf<typeof Gender>

/** Every gender value, in the order forms and reports list them. */
export const GENDERS: readonly Gender[] = ['Female', 'Male', 'Non-binary', 'NA']

/** The values a person can choose on a form; 'NA' stands for not choosing one. */
export const CHOSEN_GENDERS: readonly Gender[] = GENDERS.filter((g) => g !== 'NA')
