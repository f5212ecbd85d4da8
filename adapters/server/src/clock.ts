// The clock the server passes to the application (the port is @tandem/application's Clock): the only
// place the server reads time, so tests can move it.
import type { Instant } from '@tandem/core'
import type { Clock } from '@tandem/application'

export type { Clock }

export const systemClock: Clock = () => Date.now()

/** A clock tests move by hand. */
export const manualClock = (start: Instant) => {
  let now = start
  const clock: Clock & { advance: (ms: number) => void; set: (at: Instant) => void } = Object.assign(() => now, {
    advance: (ms: number) => {
      now += ms
    },
    set: (at: Instant) => {
      now = at
    },
  })
  return clock
}
