// Read models for the admin screens: users by side and status, and the matching-team list with its
// filters. Full filtered lists; the browser pages them 25 rows at a time.
import {
  isInMentorPool,
  LIVE_TANDEM_STATES,
  tandemIdOf,
  userIdOf,
  type ClusterId,
  type Instant,
  type Side,
  type StatusName,
  type TandemId,
  type TandemState,
  type UserId,
} from '@tandem/core'
import { sql } from 'kysely'
import type { Database } from '../portable/database.js'
import { jsonNumber } from '../portable/dialect.js'
import type { UserListRow, TandemListFilter, TandemListRow, ListQueries } from '@tandem/application/ports'
import { proposalExpired } from './tandem.predicates.js'

export type { UserListRow, TandemListFilter, TandemListRow, ListQueries }

export const createListQueries = (db: Database): ListQueries => {
  const k = db.kysely
  return {
    usersBySide: async (side: Side, statuses: readonly StatusName[]): Promise<UserListRow[]> => {
      if (statuses.length === 0) return []
      const column = side === 'Mentee' ? 'users.mentee_status' : 'users.mentor_status'
      return (
        await db.all(
          k
            .selectFrom('users')
            .leftJoin('clusters', 'clusters.id', 'users.mentee_cluster_id')
            .select([
              'users.id',
              'users.first_name',
              'users.last_name',
              'users.email',
              'users.registered_at',
              'clusters.title',
              `${column} as status`,
              'users.mentor_capacity',
              // The places taken: the mentor's live tandems (core's LIVE_TANDEM_STATES, the places rule).
              (eb) =>
                eb
                  .selectFrom('tandems')
                  .select(eb.fn.countAll<number>().as('n'))
                  .whereRef('tandems.mentor_id', '=', 'users.id')
                  .where('tandems.state', 'in', [...LIVE_TANDEM_STATES])
                  .as('places_taken'),
            ])
            .where(column, 'in', [...statuses])
            .orderBy('users.last_name')
            .orderBy('users.first_name')
            .orderBy('users.id'),
        )
      ).map((r) => ({
        id: userIdOf(r.id),
        firstName: r.first_name,
        lastName: r.last_name,
        email: r.email,
        registeredAt: r.registered_at,
        programYear: side === 'Mentee' ? r.title : null,
        status: r.status as StatusName,
        ...(side === 'Mentor' ? { mentorPlaces: { taken: Number(r.places_taken ?? 0), capacity: r.mentor_capacity } } : {}),
      }))
    },

    tandems: async (filter: TandemListFilter): Promise<TandemListRow[]> => {
      let q = k
        .selectFrom('tandems')
        .innerJoin('users as mentee', 'mentee.id', 'tandems.mentee_id')
        .innerJoin('users as mentor', 'mentor.id', 'tandems.mentor_id')
        .leftJoin('clusters', 'clusters.id', 'tandems.cluster_id')
        .select([
          'tandems.id',
          'tandems.created_at',
          'clusters.title',
          'mentee.last_name as mentee_last_name',
          'mentor.last_name as mentor_last_name',
          'tandems.state',
          'tandems.mentee_state',
          'tandems.mentor_state',
          'tandems.score_base',
          'tandems.score_max',
          'tandems.score_percentage',
        ])
      if (filter.states.length > 0) q = q.where('tandems.state', 'in', [...filter.states])
      if (filter.tandemId !== null && filter.tandemId > 0) q = q.where('tandems.id', '=', filter.tandemId)
      if (filter.clusterIds.length > 0) q = q.where('tandems.cluster_id', 'in', [...filter.clusterIds])
      const search = filter.userSearch.trim()
      if (search !== '') {
        // % and _ in the search are literal: escaped with a backslash, which the ESCAPE clause names.
        const like = `%${search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`
        q = q.where((eb) =>
          eb.or(
            ['mentee', 'mentor'].flatMap((who) =>
              (['email', 'first_name', 'last_name'] as const).map(
                (col) => sql<boolean>`${sql.ref(`${who}.${col}`)} like ${like} escape '\\'`,
              ),
            ),
          ),
        )
      }
      return (await db.all(q.orderBy('tandems.id', 'desc'))).map((r) => ({
        id: tandemIdOf(r.id),
        createdAt: r.created_at,
        programYear: r.title,
        menteeLastName: r.mentee_last_name,
        mentorLastName: r.mentor_last_name,
        state: r.state as TandemState,
        menteeProposalState: r.mentee_state,
        mentorProposalState: r.mentor_state,
        base: r.score_base,
        max: r.score_max,
        percentage: r.score_percentage,
      }))
    },

    /** Tandem ids whose deadline has passed with the side still to answer (core's expiredSide): the sweep's work list. */
    expiredTandemIds: async (now: Instant): Promise<TandemId[]> =>
      (await db.all(k.selectFrom('tandems').select('id').where(proposalExpired(now)))).map((r) => tandemIdOf(r.id)),

    /** Everyone a program year's deactivation touches: its mentees and both sides of its tandems. */
    clusterMemberIds: async (clusterId: ClusterId): Promise<{ userIds: UserId[]; tandemIds: TandemId[] }> => {
      const tandems = await db.all(k.selectFrom('tandems').select(['id', 'mentee_id', 'mentor_id']).where('cluster_id', '=', clusterId))
      const mentees = (await db.all(k.selectFrom('users').select('id').where('mentee_cluster_id', '=', clusterId))).map((r) => r.id)
      return {
        userIds: [...new Set([...mentees, ...tandems.flatMap((x) => [x.mentee_id, x.mentor_id])])].map(userIdOf),
        tandemIds: tandems.map((x) => tandemIdOf(x.id)),
      }
    },

    /** Users of a tandem, for slices. */
    tandemUserIds: async (tandemIds: readonly TandemId[]): Promise<UserId[]> =>
      tandemIds.length === 0
        ? []
        : [
            ...new Set(
              (
                await db.all(
                  k
                    .selectFrom('tandems')
                    .select(['mentee_id', 'mentor_id'])
                    .where('id', 'in', [...tandemIds]),
                )
              ).flatMap((r) => [r.mentee_id, r.mentor_id]),
            ),
          ].map(userIdOf),

    /**
     * Which of these published mentors are out of the pool right now (proposed, matched, paused):
     * excluded from a run. Asked about the mentors a run ranked, not about everyone: in a running
     * program most mentors are matched, and a run would otherwise read all of them. The pool's
     * fingerprint comes in the same statement (one round trip less per run): it moves whenever a
     * mentor is published or deleted, saves answers, or re-enters the pool (the writers bump it;
     * status moves alone do not), and a run ranked on a packed pool that is still the pool if it has
     * not moved. Asked about no one, it tells the fingerprint alone.
     */
    rankedMentorsNow: async (among: readonly UserId[]): Promise<{ readonly fingerprint: string; readonly unavailable: UserId[] }> => {
      // The fingerprint row is told apart by an id no user has. The ranked mentors are read by their
      // ids alone and the pool rule (core's isInMentorPool) applied to what is read: a condition on
      // the status columns led SQLite's planner to the pool index, through every published mentor,
      // instead of the few ids (a millisecond and more per run). Written as one SQL text: built
      // through the query builder, the statement cost more than running it.
      type Row = { id: number | string; value: number | string; mentor_status: string | null; mentor_published: number | string }
      const fingerprint = sql<Row>`select -1 as id, value, null as mentor_status, 0 as mentor_published from meta where key = 'mentor_pool_revision'`
      const query =
        among.length === 0
          ? fingerprint
          : sql<Row>`${fingerprint} union all select id, 0, mentor_status, mentor_published from users where id in (${sql.join([...among])})`
      const rows = await db.all({ compile: () => query.compile(k) })
      return {
        fingerprint: String(rows.find((r) => Number(r.id) === -1)?.value ?? 0),
        unavailable: rows
          .filter(
            (r) =>
              Number(r.id) !== -1 &&
              Number(r.mentor_published) === 1 &&
              r.mentor_status !== null &&
              !isInMentorPool({ status: r.mentor_status as StatusName, published: true }),
          )
          .map((r) => userIdOf(Number(r.id))),
      }
    },

    /** Whether a notification of `type` about `key` (a number at `field` of its data) was written for the user. */
    notifiedAbout: async (userId: UserId, type: string, field: 'deadline' | 'lastSavedAt', key: number): Promise<boolean> =>
      (await db.first(
        k
          .selectFrom('outbox')
          .select('id')
          .where('user_id', '=', userId)
          .where('type', '=', type)
          .where(jsonNumber(db, 'data', field), '=', key),
      )) !== undefined,

    /** Ids of ACTIVE tandems, and of mentors with saved but never published answers: the reminder sweep's input. */
    activeTandemIds: async (): Promise<TandemId[]> =>
      (await db.all(k.selectFrom('tandems').select('id').where('state', '=', 'ACTIVE'))).map((r) => tandemIdOf(r.id)),
    unpublishedMentorIds: async (): Promise<UserId[]> =>
      (
        await db.all(k.selectFrom('users').select('id').where('mentor_status', '=', 'NEW').where('mentor_last_saved_at', 'is not', null))
      ).map((r) => userIdOf(r.id)),

    /** The health check's round trip to the database. */
    ping: async (): Promise<void> => {
      await db.first(k.selectNoFrom((eb) => eb.val(1).as('one')))
    },

    /**
     * Mentees left PENDING (a run that never finished, e.g. the process died): all of them, or only
     * those whose run started before `startedBefore` (a run of another live instance is younger).
     */
    pendingMenteeIds: async (startedBefore?: Instant): Promise<UserId[]> =>
      (
        await db.all(
          k
            .selectFrom('users')
            .select('id')
            .where('mentee_status', '=', 'PENDING')
            .$if(startedBefore !== undefined, (q) =>
              q.where((w) => w.or([w('mentee_run_started_at', 'is', null), w('mentee_run_started_at', '<', startedBefore ?? 0)])),
            ),
        )
      ).map((r) => userIdOf(r.id)),
  }
}
