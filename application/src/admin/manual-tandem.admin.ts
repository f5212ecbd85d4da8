// Administrator calls of manual matching: who can be paired by hand, and the pairing itself.
import { PROPOSAL_STATES, TANDEM_STATES, createManualTandem, isInMentorPool, mayBePairedByHand } from '@tandem/core'
import type { Services } from '../ports/services.port.js'
import type { UserRecord } from '../ports/store/index.js'
import { isLeft, left, right } from 'fp-ts/lib/Either.js'
import { isDeletedPlaceholder } from '../account/account.erasure.js'
import { userByEmail, type ServiceContext } from '../context.js'
import type { Unaudited } from '../audit/audit.js'

type ManualTandemAdmin = Pick<Unaudited<Services['admin']>, 'manualMatchingMasterData' | 'createManualTandem'>

const pickerUser = (u: UserRecord) => ({ userId: u.id, firstName: u.firstName, lastName: u.lastName, email: u.email })

export type ManualTandemAdminPorts = Pick<ServiceContext, 'clock' | 'clusters' | 'store' | 'users'>

export const manualTandemAdmin = (ctx: ManualTandemAdminPorts): ManualTandemAdmin => ({
  manualMatchingMasterData: async () => {
    const users = (await ctx.users.all()).filter((u) => !isDeletedPlaceholder(u))
    return right({
      tandemStates: [...TANDEM_STATES],
      proposalStates: [...PROPOSAL_STATES],
      mentees: users.filter((u) => mayBePairedByHand(u.participant.mentee)).map(pickerUser),
      mentors: users.filter((u) => isInMentorPool(u.participant.mentor)).map(pickerUser),
      allUsers: users.map(pickerUser),
      clusters: await ctx.clusters.list(),
    })
  },

  createManualTandem: async (body) => {
    if (body.mentees.userId === body.mentors.userId) return left({ _tag: 'SameUser' })
    const mentee = await userByEmail(ctx, body.mentees.email)
    const mentor = await userByEmail(ctx, body.mentors.email)
    if (isLeft(mentee)) return mentee
    if (isLeft(mentor)) return mentor
    if (mentee.right.id !== body.mentees.userId || mentor.right.id !== body.mentors.userId)
      return left({ _tag: 'NotFound', entity: 'User' })
    const clusterId = mentee.right.participant.mentee?.clusterId ?? (await ctx.clusters.defaultCluster())?.clusterId
    if (clusterId === undefined) return left({ _tag: 'NotFound', entity: 'Cluster' })
    const now = ctx.clock()
    const result = await ctx.store.run(
      { userIds: [mentee.right.id, mentor.right.id] },
      createManualTandem(now, { menteeId: mentee.right.id, mentorId: mentor.right.id, clusterId }),
      now,
    )
    if (isLeft(result)) return result
    const proposed = result.right.events.find((e) => e._tag === 'TandemProposed')
    return right(proposed?._tag === 'TandemProposed' ? proposed.tandemId : 0)
  },
})
