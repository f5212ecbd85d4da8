// Small constructors for worlds and participants, for tests, scripts and examples that drive the
// core without a database. Defaults describe a fresh sign-up; pass a patch for anything else.
import type { Cluster } from '../clusters/cluster.js'
import { clusterIdOf, tandemIdOf, userIdOf } from '../shared/ids.js'
import type { MenteeSide, MentorSide, Participant } from '../users/participant.js'
import { MENTOR_CAPACITY_DEFAULT } from './places.js'
import type { Tandem } from './tandem.codec.js'
import type { World } from './world.js'

export const emptyWorld = (): World => ({ users: new Map(), tandems: new Map(), clusters: new Map(), nextTandemId: tandemIdOf(1) })

export type WorldParts = {
  readonly users?: readonly Participant[]
  readonly tandems?: readonly Tandem[]
  readonly clusters?: readonly Cluster[]
  /** Defaults to one above the highest tandem id. */
  readonly nextTandemId?: number
}

export const worldOf = (parts: WorldParts): World => {
  const tandems = parts.tandems ?? []
  return {
    users: new Map((parts.users ?? []).map((u) => [u.id, u])),
    tandems: new Map(tandems.map((t) => [t.id, t])),
    clusters: new Map((parts.clusters ?? []).map((c) => [c.clusterId, c])),
    nextTandemId: tandemIdOf(parts.nextTandemId ?? tandems.reduce((max, t) => Math.max(max, t.id), 0) + 1),
  }
}

export const newMenteeSide = (patch: Partial<MenteeSide> = {}): MenteeSide => ({
  status: 'NEW',
  noMatch: false,
  clusterId: clusterIdOf(1),
  lastStartedAt: null,
  ...patch,
})

export const newMentorSide = (patch: Partial<MentorSide> = {}): MentorSide => ({
  status: 'NEW',
  published: false,
  lastPublishedAt: null,
  lastSavedAt: null,
  poolSince: null,
  capacity: MENTOR_CAPACITY_DEFAULT,
  ...patch,
})

/** A published mentor in the pool since `since`. */
export const availableMentorSide = (since = 0): MentorSide =>
  newMentorSide({ status: 'AVAILABLE', published: true, lastPublishedAt: since, lastSavedAt: since, poolSince: since })

/** A mentee; the id is a plain number, as a test writes it (so are the next two builders'). */
export const makeMentee = (id: number, patch: Partial<MenteeSide> = {}): Participant => ({
  id: userIdOf(id),
  version: 1,
  mentee: newMenteeSide(patch),
  mentor: null,
})

export const makeMentor = (id: number, patch: Partial<MentorSide> = {}): Participant => ({
  id: userIdOf(id),
  version: 1,
  mentee: null,
  mentor: newMentorSide(patch),
})

/** A user holding both roles (role Both). */
export const makeBoth = (id: number, mentee: Partial<MenteeSide> = {}, mentor: Partial<MentorSide> = {}): Participant => ({
  id: userIdOf(id),
  version: 1,
  mentee: newMenteeSide(mentee),
  mentor: newMentorSide(mentor),
})

/** A program year; the id is a plain number, as a test writes it. */
export const makeCluster = (clusterId: number, patch: Partial<Omit<Cluster, 'clusterId'>> = {}): Cluster => ({
  clusterId: clusterIdOf(clusterId),
  clusterText: `Year ${clusterId}`,
  isEnded: false,
  isDefault: false,
  ...patch,
})
