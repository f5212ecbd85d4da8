// Calendar dates as they travel and are stored: `yyyy-mm-dd` (a birth date, a statistics day). One
// pattern for every codec, form and claim that reads one.

/** `yyyy-mm-dd` with a month 01–12 and a day 01–31 (whether the month has that day is not asked). */
export const ISO_DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/

/** Whether the text is a calendar date written `yyyy-mm-dd`. */
export const isIsoDate = (text: string): boolean => ISO_DATE_PATTERN.test(text)
