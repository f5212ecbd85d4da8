// The waitlist mail's one-click "stop" link (docs/matching.md#waitlist, decision 0031): opening its
// page only reads the link (mail scanners open every link of a mail), and the page's button turns the
// waitlist off for the mentee the mail went to, without sign-in. The link is used once, in the
// transaction that turns the waitlist off; a used, expired or unknown link changes nothing.
import { notFound, stopLinkRefusal, type DomainError, type WaitlistStopLinkView } from '@tandem/core'
import { left, right, type Either } from 'fp-ts/lib/Either.js'
import type { ServiceContext } from '../context.js'
import { hashToken } from '../mentorship/checkins.js'

export type WaitlistStopContext = Pick<ServiceContext, 'clock' | 'waitlist' | 'inOneTransaction'>

/** What the stop page shows before the click: whether the link still works, else why not. Changes nothing. */
export const waitlistStopOfLink = async (ctx: WaitlistStopContext, token: string): Promise<Either<DomainError, WaitlistStopLinkView>> => {
  const link = await ctx.waitlist.stopLinkOf(hashToken(token))
  if (link === undefined) return left(notFound('WaitlistLink'))
  const closedBecause = stopLinkRefusal(link, ctx.clock())
  return right({ open: closedBecause === null, closedBecause })
}

/** The click: uses the link and turns the mentee's waitlist off, in one transaction; Left and nothing changed on any refusal. */
export const stopWaitlistByLink = (ctx: WaitlistStopContext, token: string): Promise<Either<DomainError, true>> => {
  const hash = hashToken(token)
  return ctx.inOneTransaction(async () => {
    const link = await ctx.waitlist.stopLinkOf(hash)
    if (link === undefined) return left(notFound('WaitlistLink'))
    const now = ctx.clock()
    const refusal = stopLinkRefusal(link, now)
    if (refusal !== null) return left({ _tag: refusal })
    // Conditional on the link being unused: of two clicks at once, one turns it off and the other is told.
    if (!(await ctx.waitlist.useStopLink(hash, now))) return left({ _tag: 'WaitlistLinkUsed' })
    await ctx.waitlist.setOff(link.menteeId, true)
    return right(true as const)
  })
}
