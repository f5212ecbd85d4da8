// Deactivating a program year (docs/product.md#program-years): irreversible; every live tandem of the year is released and
// the year's mentees become INACTIVE.
// Slice to load: the cluster, the year's mentees, every live tandem of the year or of those mentees,
// and the users of those tandems with their other live tandems.
import * as E from 'fp-ts/lib/Either.js'
import { notFound } from '../errors.js'
import type { ClusterId, UserId } from '../shared/ids.js'
import type { Instant } from '../shared/time.js'
import { closeTandem, settleMentees, tellReleased } from './tandem.effects.js'
import { isLiveTandem } from './tandem.queries.js'
import { emit, finishDraft, moveMentee, openDraft, putCluster } from './world.draft.js'
import type { TransitionResult, World } from './world.js'

export type DeactivateCluster = { readonly clusterId: ClusterId }

/**
 * A tandem belongs to the year when it was created in it or when its mentee is in it: a mentee
 * moved to another year keeps no live tandem (an admin may only move mentees without one), but the
 * rule holds either way, so an INACTIVE mentee never keeps a live tandem.
 */
export const deactivateCluster =
  (now: Instant, command: DeactivateCluster) =>
  (world: World): TransitionResult => {
    const cluster = world.clusters.get(command.clusterId)
    if (cluster === undefined) return E.left(notFound('Cluster'))
    if (cluster.isDefault) return E.left({ _tag: 'ClusterIsDefault' })
    if (cluster.isEnded) return E.left({ _tag: 'ClusterEnded' })
    const d = openDraft(world, now)
    putCluster(d, { ...cluster, isEnded: true })
    const inYear = (menteeId: UserId): boolean => world.users.get(menteeId)?.mentee?.clusterId === command.clusterId
    const released = new Set<UserId>()
    for (const tandem of world.tandems.values()) {
      if (!isLiveTandem(tandem) || (tandem.clusterId !== command.clusterId && !inYear(tandem.menteeId))) continue
      tellReleased(d, tandem, 'ProgramYear')
      closeTandem(d, tandem, 'ClusterEnded')
      released.add(tandem.menteeId)
    }
    for (const user of world.users.values()) {
      if (user.mentee !== null && user.mentee.clusterId === command.clusterId && user.mentee.status !== 'INACTIVE') {
        moveMentee(d, user.id, 'YearDeactivated', { noMatch: false })
      }
    }
    settleMentees(d, released)
    emit(d, { _tag: 'ClusterDeactivated', clusterId: command.clusterId })
    return E.right(finishDraft(d))
  }
