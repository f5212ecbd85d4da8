// The slice of the world a matching command works on: participants, tandems and program years.
// Adapters load the slice a command needs, apply a transition and write back what changed
// (unchanged entities keep their identity, so a reference comparison finds the changes).
import type { Cluster } from '../clusters/cluster.js'
import type { DomainError } from '../errors.js'
import type { DomainEvent } from '../events.js'
import type { Either } from 'fp-ts/lib/Either.js'
import type { ClusterId, TandemId, UserId } from '../shared/ids.js'
import type { Participant } from '../users/participant.js'
import type { Tandem } from './tandem.codec.js'

export type World = {
  readonly users: ReadonlyMap<UserId, Participant>
  readonly tandems: ReadonlyMap<TandemId, Tandem>
  readonly clusters: ReadonlyMap<ClusterId, Cluster>
  /** The id the next created tandem takes; its proposals take 2·id−1 (mentee) and 2·id (mentor). */
  readonly nextTandemId: TandemId
}

export type Transition = { readonly world: World; readonly events: readonly DomainEvent[] }
export type TransitionResult = Either<DomainError, Transition>
