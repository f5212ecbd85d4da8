// The logging the mail adapter needs; a pino logger fits it as it is.

export type MailLog = {
  readonly info: (fields: object, message: string) => void
  readonly warn: (fields: object, message: string) => void
  readonly error: (fields: object, message: string) => void
}

/** For tools and tests that want no output. */
export const silentLog: MailLog = { info: () => {}, warn: () => {}, error: () => {} }
