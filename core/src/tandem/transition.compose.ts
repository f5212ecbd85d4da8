// Runs several transitions as one command (an admin team edit that accepts for the mentee and then
// declines for the mentor), so an adapter applies all of them in one transaction or none.
import * as E from 'fp-ts/lib/Either.js'
import type { DomainEvent } from '../events.js'
import type { TransitionResult, World } from './world.js'

export type WorldStep = (world: World) => TransitionResult

/**
 * Applies the steps in order, stopping at the first Left; events are concatenated. An entity changed
 * by two steps has its version raised twice; unchanged entities still keep their identity.
 */
export const sequenceTransitions =
  (...steps: readonly WorldStep[]) =>
  (world: World): TransitionResult => {
    let current = world
    const events: DomainEvent[] = []
    for (const step of steps) {
      const result = step(current)
      if (E.isLeft(result)) return result
      current = result.right.world
      events.push(...result.right.events)
    }
    return E.right({ world: current, events })
  }
