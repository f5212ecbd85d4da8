// The clock port: the only place the server reads time, so tests can move it.
import type { Instant } from '@tandem/core'

export type Clock = () => Instant

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
