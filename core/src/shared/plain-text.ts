// Texts the program shows are plain text (docs/product.md#validation): a `<` followed by a letter,
// `/`, `!` or `?` opens markup (an element, a closing tag, a comment or a declaration), so such a text is refused.
/** The start of any markup: `<script`, `<img … onerror=…>`, `</b>`, `<!--`, `<?xml`. */
const MARKUP_START = /<[A-Za-z/!?]/

/** Whether `text` carries markup; a `<` before a blank, a digit or `=` (`< 5 years`, `<3`, `<=`) is plain text. */
export const containsMarkup = (text: string): boolean => MARKUP_START.test(text)
