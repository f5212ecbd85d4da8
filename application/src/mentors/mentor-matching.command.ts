// A mentor's matching switched on or off, by the mentor (questionnaire page) or an administrator:
// one command both services run, so the rule of who may do it on which user stays in one place.
import { fieldError, setMentorMatching, validationFailed, type DomainError, type UserId } from '@tandem/core'
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js'
import { userById, type ServiceContext } from '../context.js'
import { sideComplete } from '../users/views.js'

export type SetMatchingPorts = Pick<ServiceContext, 'answers' | 'clock' | 'master' | 'store' | 'users'>

export const setMatching = async (
  ctx: SetMatchingPorts,
  mentorId: UserId,
  enabled: boolean,
  by: 'Mentor' | 'Admin',
): Promise<Either<DomainError, boolean>> => {
  const user = await userById(ctx, mentorId)
  if (isLeft(user)) return user
  if (user.right.participant.mentor === null) {
    // A participant without the mentor side lacks the right (403); an admin named a user who is no mentor (400).
    return left(by === 'Mentor' ? { _tag: 'WrongRole', role: 'Mentor' } : validationFailed([fieldError('email', 'invalid-value')]))
  }
  const now = ctx.clock()
  const profileComplete = await sideComplete(ctx, user.right, 'Mentor', now)
  const result = await ctx.store.run({ userIds: [mentorId] }, setMentorMatching(now, { mentorId, enabled, by, profileComplete }), now)
  return isLeft(result) ? result : right(true)
}
