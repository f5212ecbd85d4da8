// How a rendered message leaves the system. A transport resolves when the message was accepted and
// rejects with a DeliveryError saying whether trying again can help.

export type OutgoingMail = {
  readonly to: { readonly email: string; readonly name: string }
  readonly subject: string
  readonly text: string
  readonly html: string
  /** Stable per outbox row (`<tandem-outbox-42@host>`): a re-send after a crash is recognisable as the same message. */
  readonly messageId: string
  readonly headers: Readonly<Record<string, string>>
  /** A meeting's calendar file (RFC 5545): sent as the text/calendar part calendar programs act on. */
  readonly icalEvent?: { readonly method: 'REQUEST' | 'CANCEL'; readonly filename: string; readonly content: string }
}

export type MailTransport = {
  readonly send: (message: OutgoingMail) => Promise<void>
  /** Releases connections; the server calls it on shutdown. */
  readonly close: () => Promise<void>
}

/**
 * A failed send. `permanent`: the receiving side refused the message for good (5xx, malformed
 * address); retrying cannot help. Otherwise (4xx, connection refused, timeout) a later try may work.
 */
export class DeliveryError extends Error {
  override readonly name = 'DeliveryError'
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly responseCode: number | null,
  ) {
    super(message)
  }
}

/** A failure from anything but a DeliveryError counts as temporary: we never give up on a guess. */
export const isPermanentFailure = (error: unknown): boolean => error instanceof DeliveryError && error.permanent

export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error))
