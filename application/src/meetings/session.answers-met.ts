// A logged session answers the team's "have you met?" check-in (docs/mentorship.md#meetings), in the
// transaction that logs it: the core decides which questions it answers.
import { answerMetBySession, startTimeline, type Instant, type Tandem } from '@tandem/core'
import { isLeft } from 'fp-ts/lib/Either.js'
import type { MentorshipRepository } from '../ports/store/index.js'

export const answerMetBySessionOf = async (
  ports: { readonly mentorship: MentorshipRepository },
  tandem: Tandem,
  now: Instant,
): Promise<void> => {
  const stored = await ports.mentorship.timelineOf(tandem.id)
  const start =
    stored ??
    (() => {
      const started = startTimeline(tandem)
      return isLeft(started) ? undefined : started.right
    })()
  if (start === undefined || start.ended !== null) return
  const result = answerMetBySession(now, start)
  if (isLeft(result)) throw new Error(`the timeline refused the session's answer: ${result.left._tag}`)
  if (result.right.events.length === 0) return
  await ports.mentorship.save(stored, result.right.timeline, false)
}
