// Wall times in a person's zone and the instants the server speaks (docs/web.md#meetings): the days
// of the changes of daylight saving time in Berlin and New York, and, for any minute and zone, the
// wall time read back from the instant entered for it.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { instantOfWallTime, wallTimeOf } from '../src/features/meetings/zoned.js'

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

describe('wall times in a time zone', () => {
  it('reads a wall time with the offset of its own day, across the changes to and from summer time', () => {
    expect(iso(instantOfWallTime('2026-03-28', '14:00', 'Europe/Berlin'))).toBe('2026-03-28T13:00:00.000Z')
    expect(iso(instantOfWallTime('2026-03-29', '14:00', 'Europe/Berlin'))).toBe('2026-03-29T12:00:00.000Z')
    expect(iso(instantOfWallTime('2026-10-25', '14:00', 'Europe/Berlin'))).toBe('2026-10-25T13:00:00.000Z')
    expect(iso(instantOfWallTime('2026-03-08', '09:30', 'America/New_York'))).toBe('2026-03-08T13:30:00.000Z')
    expect(iso(instantOfWallTime('2026-03-07', '09:30', 'America/New_York'))).toBe('2026-03-07T14:30:00.000Z')
    expect(iso(instantOfWallTime('2026-07-01', '00:15', 'Asia/Kolkata'))).toBe('2026-06-30T18:45:00.000Z')
  })

  it('refuses what is not a day or a time', () => {
    expect(instantOfWallTime('', '14:00', 'Europe/Berlin')).toBeNull()
    expect(instantOfWallTime('2026-03-28', '', 'Europe/Berlin')).toBeNull()
    expect(instantOfWallTime('2026-03-28', '25:00', 'Europe/Berlin')).toBeNull()
  })

  it('gives back the wall time of any minute in any zone', () => {
    const zones = ['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'UTC', 'America/Sao_Paulo']
    fc.assert(
      fc.property(fc.integer({ min: 1_700_000_000, max: 1_900_000_000 }), fc.constantFrom(...zones), (seconds, zone) => {
        const instant = Math.floor(seconds / 60) * 60_000
        const wall = wallTimeOf(instant, zone)
        const back = instantOfWallTime(wall.day, wall.time, zone)
        expect(back).not.toBeNull()
        expect(wallTimeOf(back ?? 0, zone)).toEqual(wall)
      }),
      { numRuns: 500 },
    )
  })
})
