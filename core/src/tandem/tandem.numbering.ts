// The ids of the tandems a transition created, moved to where the store says the next free id is.
// A transition numbers new tandems from the world's `nextTandemId`, read when the command began; on
// PostgreSQL commands of several instances read and decide at once, and only the one writing holds
// the id lock (decision 0022), so it may find that another command has taken those ids meanwhile.
import type { DomainEvent } from '../events.js'
import type { TandemId } from '../shared/ids.js'
import type { Tandem } from './tandem.codec.js'
import { proposalIdOf } from './tandem.queries.js'
import type { Transition, World } from './world.js'

/** Whether the transition created tandems (ids from `before.nextTandemId` on). */
export const createsTandems = (before: World, after: World): boolean => after.nextTandemId > before.nextTandemId

/**
 * The transition with its new tandems numbered from `next` instead of `before.nextTandemId`, in
 * the same order; their proposal ids (derived from the tandem's), the events and the world's next id
 * follow. Existing tandems keep theirs.
 */
export const numberNewTandemsFrom = (before: World, transition: Transition, next: TandemId): Transition => {
  const from = before.nextTandemId
  const shift = next - from
  if (shift === 0 || !createsTandems(before, transition.world)) return transition
  const moved = (id: TandemId): TandemId => (id >= from ? id + shift : id)
  const tandems = new Map<TandemId, Tandem>()
  for (const [id, x] of transition.world.tandems) {
    if (id < from) tandems.set(id, x)
    else {
      const to = moved(id)
      tandems.set(to, {
        ...x,
        id: to,
        menteeProposal: { ...x.menteeProposal, id: proposalIdOf(to, 'Mentee') },
        mentorProposal: { ...x.mentorProposal, id: proposalIdOf(to, 'Mentor') },
      })
    }
  }
  const events = transition.events.map((e): DomainEvent =>
    'tandemId' in e && e.tandemId >= from ? { ...e, tandemId: moved(e.tandemId) } : e,
  )
  return { world: { ...transition.world, tandems, nextTandemId: transition.world.nextTandemId + shift }, events }
}
