// The store's list queries as the application needs it; @tandem/store implements it.
import type { ClusterId, Instant, Side, StatusName, TandemId, TandemState, UserId } from '@tandem/core'

export type UserListRow = {
  readonly id: UserId
  readonly firstName: string
  readonly lastName: string
  readonly email: string
  readonly registeredAt: number
  readonly programYear: string | null
  readonly status: StatusName
  /** Mentor lists: the places the mentor's live tandems take, of how many. */
  readonly mentorPlaces?: { readonly taken: number; readonly capacity: number }
}

export type TandemListFilter = {
  readonly states: readonly TandemState[]
  /** 0 or null: any. */
  readonly tandemId: number | null
  /** Part of a name or e-mail of either side; empty: any. */
  readonly userSearch: string
  readonly clusterIds: readonly number[]
}

export type TandemListRow = {
  readonly id: TandemId
  readonly createdAt: number
  readonly programYear: string | null
  readonly menteeLastName: string
  readonly mentorLastName: string
  readonly state: TandemState
  readonly menteeProposalState: string
  readonly mentorProposalState: string
  readonly base: number
  readonly max: number
  readonly percentage: number
}

export type ListQueries = {
  usersBySide: (side: Side, statuses: readonly StatusName[]) => Promise<UserListRow[]>
  tandems: (filter: TandemListFilter) => Promise<TandemListRow[]>
  /** Tandem ids whose deadline has passed with the side still to answer: the sweep's work list. */
  expiredTandemIds: (now: Instant) => Promise<TandemId[]>
  /** Everyone a program year's deactivation touches: its mentees and both sides of its tandems. */
  clusterMemberIds: (clusterId: ClusterId) => Promise<{
    userIds: UserId[]
    tandemIds: TandemId[]
  }>
  /** Users of a tandem, for slices. */
  tandemUserIds: (tandemIds: readonly TandemId[]) => Promise<UserId[]>
  /**
   * Which of these published mentors are out of the pool right now (proposed, matched, paused):
   * excluded from a run. Asked about the mentors a run ranked, not about everyone: in a running
   * program most mentors are matched, and a run would otherwise read all of them. The pool's
   * fingerprint comes in the same statement (one round trip less per run): it moves whenever a
   * mentor is published or deleted, saves answers, or re-enters the pool (the writers bump it;
   * status moves alone do not), and a run ranked on a packed pool that is still the pool if it has
   * not moved. Asked about no one, it tells the fingerprint alone.
   */
  rankedMentorsNow: (among: readonly UserId[]) => Promise<{
    readonly fingerprint: string
    readonly unavailable: UserId[]
  }>
  /** Whether a notification of `type` about `key` (a number at `field` of its data) was written for the user. */
  notifiedAbout: (userId: UserId, type: string, field: 'deadline' | 'lastSavedAt', key: number) => Promise<boolean>
  /** Ids of ACTIVE tandems, and of mentors with saved but never published answers: the reminder sweep's input. */
  activeTandemIds: () => Promise<TandemId[]>
  unpublishedMentorIds: () => Promise<UserId[]>
  /** The health check's round trip to the database. */
  ping: () => Promise<void>
  /**
   * Mentees left PENDING (a run that never finished, e.g. the process died): all of them, or only
   * those whose run started before `startedBefore` (a run of another live instance is younger).
   */
  pendingMenteeIds: (startedBefore?: Instant) => Promise<UserId[]>
}
