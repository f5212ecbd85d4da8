// Shared setup for the mentorship timeline tests: a timeline matched at T0, days after the match,
// valid answers of each kind, and unwrapping of results that fails the test with the domain error.
import * as E from 'fp-ts/lib/Either.js'
import { tandemIdOf, DAY, type CheckInAnswer, type DomainError, type Timeline, type TimelineResult } from '../../src/index.js'
import { T0 } from './world.helpers.js'

export { T0 }

/** The instant `days` after the match (fractions allowed). */
export const day = (days: number): number => T0 + days * DAY

export const freshTimeline = (): Timeline => ({ tandemId: tandemIdOf(7), matchedAt: T0, ended: null, checkIns: [] })

export const ok = (result: TimelineResult): Timeline => {
  if (E.isLeft(result)) throw new Error(`expected a Right, got ${JSON.stringify(result.left)}`)
  return result.right.timeline
}

export const refused = (result: TimelineResult): DomainError => {
  if (E.isRight(result)) throw new Error(`expected a Left, got events ${JSON.stringify(result.right.events)}`)
  return result.left
}

export const metYes = { kind: 'Met', met: 'Yes' } as CheckInAnswer
export const metCannotReach = { kind: 'Met', met: 'CannotReach' } as CheckInAnswer
export const pulseOf = (score: number, note: string | null = null): CheckInAnswer => ({ kind: 'Pulse', score, note }) as CheckInAnswer
export const closingAnswer = {
  kind: 'Closing',
  satisfaction: 4,
  wouldRecommend: true,
  goalsReached: 'Most',
  note: null,
} as CheckInAnswer

/** A valid answer for a question of this kind. */
export const answerFor = (kind: CheckInAnswer['kind']): CheckInAnswer =>
  kind === 'Met' ? metYes : kind === 'Pulse' ? pulseOf(4) : closingAnswer
