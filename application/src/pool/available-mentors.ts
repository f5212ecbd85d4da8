// The mentors a run may propose right now, with their answers: published and a place free (core
// freePlacesOf). The waitlist overview's supply gaps and the no-match panel's must-fit answers
// (docs/matching.md#no-match) read the pool through this one read.
import { freePlacesOf, type Instant } from '@tandem/core'
import type { ServiceContext } from '../context.js'
import type { Candidate } from '../ports/store/index.js'

export const availableMentors = async (ctx: Pick<ServiceContext, 'answers' | 'store'>, now: Instant): Promise<Candidate[]> => {
  const published = await ctx.answers.publishedMentors()
  if (published.length === 0) return []
  const mentors = await ctx.store.loadCurrent({ userIds: published.map((m) => m.id) }, now)
  return published.filter((m) => freePlacesOf(mentors, m.id) > 0)
}
