// The two interface and account languages. English is the default everywhere.
import * as t from 'io-ts'

export const Language = t.keyof({ en: null, de: null })
export type Language = t.TypeOf<typeof Language>
export const LANGUAGES: readonly Language[] = ['en', 'de']
export const DEFAULT_LANGUAGE: Language = 'en'

/** A text in both languages. */
export const Bilingual = t.type({ en: t.string, de: t.string })
export type Bilingual = t.TypeOf<typeof Bilingual>

/** Account language ids of the profile master data (docs/product.md#entities). */
export const LANGUAGE_IDS: Readonly<Record<Language, number>> = { en: 1, de: 2 }
export const languageById = (id: number): Language | undefined => LANGUAGES.find((l) => LANGUAGE_IDS[l] === id)
