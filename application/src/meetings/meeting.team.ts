// Who may act on a team's meetings (docs/mentorship.md#meetings): only the two people of a MATCHED
// team, each as their side of it. Shared by every meeting use case.
import { notFound, type DomainError, type Side, type Tandem, type TandemId, type UserId } from '@tandem/core'
import { left, right, type Either } from 'fp-ts/lib/Either.js'
import type { WorldStore } from '../ports/store/index.js'

export type TeamSide = { readonly tandem: Tandem; readonly side: Side; readonly partnerId: UserId }

/** The caller's side of a team they may meet in; 404 unknown, 403 not theirs, 409 not (or no longer) matched. */
export const teamSideOf = async (
  ports: { readonly store: WorldStore },
  userId: UserId,
  tandemId: TandemId,
): Promise<Either<DomainError, TeamSide>> => {
  const tandem = (await ports.store.load({ userIds: [], tandemIds: [tandemId] })).tandems.get(tandemId)
  if (tandem === undefined) return left(notFound('Tandem'))
  const side: Side | undefined = tandem.menteeId === userId ? 'Mentee' : tandem.mentorId === userId ? 'Mentor' : undefined
  if (side === undefined) return left({ _tag: 'NotTandemParticipant' })
  if (tandem.state !== 'MATCHED') return left({ _tag: 'TandemAlreadyClosed', state: tandem.state })
  return right({ tandem, side, partnerId: side === 'Mentee' ? tandem.mentorId : tandem.menteeId })
}
