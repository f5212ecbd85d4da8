// A mentor's capacity (how many mentees they take at once), set by the mentor (questionnaire page)
// or an administrator: one command both services run. The rule (1 to 5, lowering ends no tandem)
// is the core's; a bad value is a translated 400 and changes nothing.
import { fieldError, mentorCapacityErrors, setMentorCapacity, validationFailed, type DomainError, type UserId } from '@tandem/core'
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js'
import { userById, type ServiceContext } from '../context.js'

export type SetCapacityPorts = Pick<ServiceContext, 'clock' | 'store' | 'users'>

export const setCapacity = async (
  ctx: SetCapacityPorts,
  mentorId: UserId,
  capacity: number,
  by: 'Mentor' | 'Admin',
): Promise<Either<DomainError, boolean>> => {
  const errors = mentorCapacityErrors(capacity)
  if (errors.length > 0) return left(validationFailed(errors))
  const user = await userById(ctx, mentorId)
  if (isLeft(user)) return user
  if (user.right.participant.mentor === null) {
    // A participant without the mentor side lacks the right (403); an admin named a user who is no mentor (400).
    return left(by === 'Mentor' ? { _tag: 'WrongRole', role: 'Mentor' } : validationFailed([fieldError('email', 'invalid-value')]))
  }
  const now = ctx.clock()
  const result = await ctx.store.run({ userIds: [mentorId] }, setMentorCapacity(now, { mentorId, capacity }), now)
  return isLeft(result) ? result : right(true)
}
