// A person's private calendar feed (docs/mentorship.md#meetings): a secret address shown once, kept
// only as its token's hash; renewing it cuts the old one off. The feed lists the meetings of the
// person's MATCHED teams (confirmed ones as events, cancelled ones as cancelled events).
import { createHash, randomBytes } from 'node:crypto'
import { notFound, type DomainError, type UserId } from '@tandem/core'
import { left, right, type Either } from 'fp-ts/lib/Either.js'
import type { Clock } from '../ports/clock.port.js'
import type { CalendarFeedWriter, MeetingsRepository, UsersRepository, WorldStore } from '../ports/store/index.js'

const hashOf = (token: string): string => createHash('sha256').update(token).digest('hex')

/** Makes a new feed address for the person (the old one stops answering); the token is never stored. */
export const renewCalendarFeed =
  (ports: { readonly meetings: MeetingsRepository; readonly clock: Clock; readonly publicUrl: string }) =>
  async (userId: UserId): Promise<{ readonly url: string }> => {
    const token = randomBytes(32).toString('base64url')
    await ports.meetings.setFeedToken(userId, hashOf(token), ports.clock())
    return { url: `${ports.publicUrl.replace(/\/$/, '')}/api/Meeting/CalendarFeed?token=${token}` }
  }

/** The feed of a token: text/calendar of the person's meetings; NotFound for an unknown or renewed token. */
export const calendarFeed =
  (ports: {
    readonly meetings: MeetingsRepository
    readonly store: WorldStore
    readonly users: UsersRepository
    readonly calendarFeed: CalendarFeedWriter
  }) =>
  async (token: string): Promise<Either<DomainError, string>> => {
    const userId = await ports.meetings.userOfFeed(hashOf(token))
    if (userId === undefined) return left(notFound('CalendarFeed'))
    const world = await ports.store.load({ userIds: [userId] })
    const teams = [...world.tandems.values()].filter((t) => t.state === 'MATCHED' && (t.menteeId === userId || t.mentorId === userId))
    const meetings = await ports.meetings.ofTandems(teams.map((t) => t.id))
    const names = new Map<number, string>()
    for (const t of teams) {
      const partner = await ports.users.byId(t.menteeId === userId ? t.mentorId : t.menteeId)
      names.set(t.id, partner === undefined ? '' : `${partner.firstName} ${partner.lastName}`.trim())
    }
    const me = await ports.users.byId(userId)
    return right(
      ports.calendarFeed({
        name: me === undefined ? 'Tandem' : `Tandem – ${me.firstName} ${me.lastName}`.trim(),
        language: me?.language ?? 'en',
        meetings: meetings.map((meeting) => ({ meeting, partnerName: names.get(meeting.tandemId) ?? '' })),
      }),
    )
  }
