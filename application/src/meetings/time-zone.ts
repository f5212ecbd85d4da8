// A person sets their time zone (docs/mentorship.md#meetings): an IANA name the runtime knows.
import { fieldError, isTimeZone, validationFailed, type DomainError, type UserId } from '@tandem/core'
import { left, right, type Either } from 'fp-ts/lib/Either.js'
import type { MeetingsRepository } from '../ports/store/index.js'

export const setTimeZone =
  (ports: { readonly meetings: MeetingsRepository }) =>
  async (userId: UserId, timeZone: string): Promise<Either<DomainError, string>> => {
    if (!isTimeZone(timeZone)) return left(validationFailed([fieldError('timeZone', 'time-zone-unknown')]))
    await ports.meetings.setTimeZone(userId, timeZone)
    return right(timeZone)
  }
