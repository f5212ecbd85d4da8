// The administrators' view of the waitlist (docs/admin.md#waitlist): who waits is the core's rule
// (waitlistOf), which mentors are available is the core's place rule (available-mentors.ts), the gaps and
// what may be shown the core's statistics rules; this reads the store and names the answers.
import {
  showCount,
  toIsoDateTime,
  supplyGapsOf,
  waitlistOf,
  waitlistOverviewOf,
  type Language,
  type WaitlistOverviewView,
} from '@tandem/core'
import type { ServiceContext } from '../context.js'
import { availableMentors } from '../pool/available-mentors.js'

export type WaitlistOverviewPorts = Pick<ServiceContext, 'activeQuestionnaire' | 'answers' | 'clock' | 'store' | 'users' | 'waitlist'>

export const waitlistOverview = async (
  ctx: WaitlistOverviewPorts,
  clusterId: number | null,
  language: Language,
): Promise<WaitlistOverviewView> => {
  const now = ctx.clock()
  const ids = await ctx.waitlist.maybeWaitingIds()
  // The query left out those who turned the waitlist off; the core decides on the rest.
  const world = ids.length === 0 ? null : await ctx.store.loadCurrent({ userIds: ids }, now)
  const entries =
    world === null
      ? []
      : waitlistOf(world, ids, () => true).filter((e) => clusterId === null || world.users.get(e.menteeId)?.mentee?.clusterId === clusterId)
  // One read of the waiting mentees' answers, as the waitlist's round reads them.
  const answers = await ctx.waitlist.menteeAnswers(entries.map((e) => e.menteeId))
  const waitingAnswers = entries.map((e) => answers.get(e.menteeId)?.answers ?? [])

  const available = await availableMentors(ctx, now)

  const questionnaire = ctx.activeQuestionnaire.questionnaire()
  const overview = waitlistOverviewOf(
    entries.map((e) => e.waitingSince),
    now,
    supplyGapsOf(
      questionnaire,
      waitingAnswers,
      available.map((m) => m.answers),
    ),
  )
  // Who waits, by name: administrators see names elsewhere too (user information, teams).
  const people = await Promise.all(
    [...entries]
      .sort((a, b) => a.waitingSince - b.waitingSince || a.menteeId - b.menteeId)
      .map(async (e) => ({ entry: e, user: await ctx.users.byId(e.menteeId) })),
  )
  const mentees = people.flatMap(({ entry, user }) =>
    user === undefined
      ? []
      : [
          {
            userId: entry.menteeId,
            firstName: user.firstName,
            lastName: user.lastName,
            email: user.email,
            waitingSince: toIsoDateTime(entry.waitingSince),
          },
        ],
  )
  const pairs = new Map(questionnaire.pairs.map((p) => [p.questionPairId, p]))
  return {
    ...overview,
    availableMentors: showCount(available.length),
    mentees,
    byWaitingTime: overview.byWaitingTime === null ? null : [...overview.byWaitingTime],
    supplyGaps: overview.supplyGaps.map((gap) => {
      const pair = pairs.get(gap.questionPairId)
      return {
        ...gap,
        question: pair?.mentee?.text[language] ?? '',
        mustFit: pair?.mustFit ?? false,
        option: pair?.options.find((o) => o.id === gap.optionId)?.text[language] ?? '',
      }
    }),
  }
}
