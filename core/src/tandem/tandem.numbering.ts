// The ids of the tandems a transition created, replaced by the ids the store hands out when it
// writes them. A transition numbers new tandems from the world's `nextTandemId`, read when the
// command began; on PostgreSQL commands of several instances read and decide at once, and the ids
// come from a sequence when the tandems are written (decision 0022), so they may lie elsewhere and
// need not follow one another.
import type { DomainEvent } from '../events.js'
import { tandemIdOf, type TandemId } from '../shared/ids.js'
import type { Tandem } from './tandem.codec.js'
import { proposalIdOf } from './tandem.queries.js'
import type { Transition, World } from './world.js'

/** How many tandems the transition created (ids from `before.nextTandemId` on). */
export const createdTandemCount = (before: World, after: World): number => Math.max(0, after.nextTandemId - before.nextTandemId)

/**
 * The transition with its new tandems given `ids` (ascending, one per new tandem) instead of the
 * ids from `before.nextTandemId` on, in the same order; their proposal ids (derived from the
 * tandem's), the events and the world's next id follow. Existing tandems keep theirs.
 */
export const numberNewTandems = (before: World, transition: Transition, ids: readonly TandemId[]): Transition => {
  const from = before.nextTandemId
  const count = createdTandemCount(before, transition.world)
  if (ids.length !== count) throw new Error(`${count} new tandems, ${ids.length} ids`)
  if (count === 0 || ids.every((id, i) => id === from + i)) return transition
  // Provisional id → given id, for the new tandems only (a tandem read later in the command may
  // carry an id above `from` too, and keeps it).
  const given = new Map<TandemId, TandemId>()
  for (const [i, id] of ids.entries()) given.set(tandemIdOf(from + i), id)
  const tandems = new Map<TandemId, Tandem>()
  for (const [id, x] of transition.world.tandems) {
    const to = before.tandems.has(id) ? undefined : given.get(id)
    if (to === undefined) tandems.set(id, x)
    else
      tandems.set(to, {
        ...x,
        id: to,
        menteeProposal: { ...x.menteeProposal, id: proposalIdOf(to, 'Mentee') },
        mentorProposal: { ...x.mentorProposal, id: proposalIdOf(to, 'Mentor') },
      })
  }
  if (tandems.size !== transition.world.tandems.size) throw new Error('a given tandem id is taken')
  const events = transition.events.map((e): DomainEvent => {
    if (!('tandemId' in e) || before.tandems.has(e.tandemId)) return e
    const to = given.get(e.tandemId)
    return to === undefined ? e : { ...e, tandemId: to }
  })
  let nextTandemId = before.nextTandemId
  for (const id of tandems.keys()) if (id >= nextTandemId) nextTandemId = tandemIdOf(id + 1)
  return { world: { ...transition.world, tandems, nextTandemId }, events }
}
