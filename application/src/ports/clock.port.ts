// The clock port: the application never reads time itself; the server passes the system clock and
// tests a clock they move by hand.
import type { Instant } from '@tandem/core'

export type Clock = () => Instant
