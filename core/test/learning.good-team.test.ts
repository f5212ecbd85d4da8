// What counts as a good team (docs/learning.md#what-counts-as-a-good-team): each part of the
// definition with its default, and the teams left out rather than counted as bad.
import { describe, expect, it } from 'vitest'
import { DAY, DEFAULT_GOOD_TEAM_SETTINGS, judgeTeam, type TeamOutcome } from '../src/index.js'

const matchedAt = Date.UTC(2025, 0, 1)
const day = (n: number) => matchedAt + n * DAY
const later = day(200)
const team = (overrides: Partial<TeamOutcome> = {}): TeamOutcome => ({
  matchedAt,
  metAt: day(10),
  pulses: [0, 0, 0, 2, 1],
  ending: null,
  ...overrides,
})
const judge = judgeTeam(DEFAULT_GOOD_TEAM_SETTINGS, later)

describe('a good team', () => {
  it('met by day 30, pulses average 4 or more, no early ending: good', () => {
    expect(judge(team())).toBe('Good')
    expect(judge(team({ metAt: day(31) - 1, pulses: [0, 0, 0, 1, 0] }))).toBe('Good')
  })

  it('is not good when the pair first met after day 30, or never', () => {
    expect(judge(team({ metAt: day(31) }))).toBe('NotGood')
    expect(judge(team({ metAt: null }))).toBe('NotGood')
  })

  it('is not good when its pulses average below 4', () => {
    expect(judge(team({ pulses: [0, 0, 1, 1, 0] }))).toBe('NotGood')
  })

  it('is not good when it ended within 90 days for no contact, not a good fit or no time', () => {
    for (const reasonId of ['no-contact', 'not-a-good-fit', 'no-time'] as const)
      expect(judge(team({ ending: { at: day(90), reasonId } }))).toBe('NotGood')
  })

  it('an ending after 90 days, or for another reason, does not make it bad', () => {
    expect(judge(team({ ending: { at: day(91), reasonId: 'no-time' } }))).toBe('Good')
    expect(judge(team({ ending: { at: day(40), reasonId: 'goals-reached' } }))).toBe('Good')
  })

  it('a team too young to tell is left out, not counted as bad', () => {
    expect(judgeTeam(DEFAULT_GOOD_TEAM_SETTINGS, day(60))(team({ metAt: null }))).toBe('TooYoung')
    expect(judgeTeam(DEFAULT_GOOD_TEAM_SETTINGS, day(60))(team({ metAt: null, ending: { at: day(50), reasonId: 'no-contact' } }))).toBe(
      'NotGood',
    )
  })

  it('a finished team without a single answered pulse is left out', () => {
    expect(judge(team({ pulses: [0, 0, 0, 0, 0] }))).toBe('NoPulse')
  })

  it('every part is a setting', () => {
    const strict = judgeTeam({ ...DEFAULT_GOOD_TEAM_SETTINGS, metByDay: 7, minPulseAverage: 5 }, later)
    expect(strict(team())).toBe('NotGood')
    expect(strict(team({ metAt: day(5), pulses: [0, 0, 0, 0, 2] }))).toBe('Good')
    const lenient = judgeTeam({ ...DEFAULT_GOOD_TEAM_SETTINGS, earlyEndingReasons: [] }, later)
    expect(lenient(team({ ending: { at: day(50), reasonId: 'no-contact' } }))).toBe('Good')
  })
})
