// Row iterators for the administrator's spreadsheet exports: users of one side and matching teams,
// with the export filters. They read in id-ordered batches, so memory stays flat and the connection
// is never held by an open cursor while the spreadsheet waits for the network.
import { LIVE_TANDEM_STATES, userIdOf, type Side, type StatusName, type TandemState } from '@tandem/core'
import type { Database } from '../portable/database.js'
import { rolesOf } from '../portable/rows.js'
import type {
  ExportUserFilter,
  ExportUserRow,
  ExportProposal,
  ExportTeamMember,
  ExportTandemRow,
  ExportQueries,
} from '@tandem/application/ports'

export type { ExportUserFilter, ExportUserRow, ExportProposal, ExportTeamMember, ExportTandemRow, ExportQueries }

const BATCH = 500

export const createExportQueries = (db: Database): ExportQueries => {
  const k = db.kysely

  const answersOf = async (userIds: readonly number[]): Promise<Map<number, { questionId: number; answer: string }[]>> => {
    const byUser = new Map<number, { questionId: number; answer: string }[]>()
    if (userIds.length === 0) return byUser
    const rows = await db.all(
      k
        .selectFrom('profile_answers')
        .select(['user_id', 'question_id', 'answer'])
        .where('user_id', 'in', [...userIds])
        .orderBy('user_id')
        .orderBy('question_id'),
    )
    for (const r of rows) {
      const list = byUser.get(r.user_id) ?? []
      list.push({ questionId: r.question_id, answer: r.answer })
      byUser.set(r.user_id, list)
    }
    return byUser
  }

  /** Users holding `side`, ordered by id, filtered as the export dialog asks. */
  async function* usersOfSide(side: Side, filter: ExportUserFilter): AsyncGenerator<ExportUserRow> {
    const column = side === 'Mentee' ? 'users.mentee_status' : 'users.mentor_status'
    const clusterIds = side === 'Mentee' ? (filter.clusterIds ?? []) : []
    const statuses = side === 'Mentor' ? (filter.statuses ?? []) : []
    let after = 0
    for (;;) {
      let q = k
        .selectFrom('users')
        .leftJoin('clusters', 'clusters.id', 'users.mentee_cluster_id')
        .selectAll('users')
        .select(['clusters.title as cluster_title'])
        // The places taken: the mentor's live tandems (core's LIVE_TANDEM_STATES, the places rule).
        .select((eb) =>
          eb
            .selectFrom('tandems')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('tandems.mentor_id', '=', 'users.id')
            .where('tandems.state', 'in', [...LIVE_TANDEM_STATES])
            .as('places_taken'),
        )
        .where(column, 'is not', null)
        .where('users.id', '>', after)
      if (clusterIds.length > 0) q = q.where('users.mentee_cluster_id', 'in', [...clusterIds])
      if (statuses.length > 0) q = q.where(column, 'in', [...statuses])
      const rows = await db.all(q.orderBy('users.id').limit(BATCH))
      if (rows.length === 0) return
      const answers = await answersOf(rows.map((r) => r.id))
      for (const r of rows) {
        yield {
          id: userIdOf(r.id),
          firstName: r.first_name,
          lastName: r.last_name,
          email: r.email,
          gender: r.gender,
          birthDate: r.birth_date,
          language: r.language,
          roles: rolesOf(r),
          countryCodeId: r.country_code_id,
          stateOriginalId: r.state_original_id,
          city: r.city,
          professionalPosition: r.professional_position,
          company: r.company,
          registeredAt: r.registered_at,
          status: (side === 'Mentee' ? r.mentee_status : r.mentor_status) as StatusName,
          ...(side === 'Mentor' ? { mentorPlaces: { taken: Number(r.places_taken ?? 0), capacity: r.mentor_capacity } } : {}),
          programYear: side === 'Mentee' ? r.cluster_title : null,
          menteeLastStartedAt: r.mentee_last_started_at,
          mentorPublished: r.mentor_published === 1,
          mentorLastPublishedAt: r.mentor_last_published_at,
          profileAnswers: answers.get(r.id) ?? [],
        }
      }
      after = rows[rows.length - 1]?.id ?? after
      if (rows.length < BATCH) return
    }
  }

  /** Matching teams created at or after `since` (epoch ms), ordered by id. */
  async function* tandemsSince(since: number): AsyncGenerator<ExportTandemRow> {
    let after = 0
    for (;;) {
      const rows = await db.all(
        k
          .selectFrom('tandems')
          .innerJoin('users as mentee', 'mentee.id', 'tandems.mentee_id')
          .innerJoin('users as mentor', 'mentor.id', 'tandems.mentor_id')
          .leftJoin('clusters', 'clusters.id', 'tandems.cluster_id')
          .selectAll('tandems')
          .select([
            'clusters.title as cluster_title',
            'mentee.first_name as mentee_first_name',
            'mentee.last_name as mentee_last_name',
            'mentee.email as mentee_email',
            'mentee.mentee_status as mentee_user_status',
            'mentee.roles as mentee_roles',
            'mentee.id as mentee_user_id',
            'mentor.first_name as mentor_first_name',
            'mentor.last_name as mentor_last_name',
            'mentor.email as mentor_email',
            'mentor.mentor_status as mentor_user_status',
            'mentor.roles as mentor_roles',
            'mentor.id as mentor_user_id',
          ])
          .where('tandems.created_at', '>=', since)
          .where('tandems.id', '>', after)
          .orderBy('tandems.id')
          .limit(BATCH),
      )
      if (rows.length === 0) return
      for (const r of rows) {
        yield {
          id: r.id,
          state: r.state as TandemState,
          createdAt: r.created_at,
          programYear: r.cluster_title,
          manual: r.manual === 1,
          base: r.score_base,
          max: r.score_max,
          percentage: r.score_percentage,
          mentee: {
            id: userIdOf(r.mentee_user_id),
            firstName: r.mentee_first_name,
            lastName: r.mentee_last_name,
            email: r.mentee_email,
            status: r.mentee_user_status as StatusName | null,
            roles: rolesOf({ id: r.mentee_user_id, roles: r.mentee_roles }),
          },
          mentor: {
            id: userIdOf(r.mentor_user_id),
            firstName: r.mentor_first_name,
            lastName: r.mentor_last_name,
            email: r.mentor_email,
            status: r.mentor_user_status as StatusName | null,
            roles: rolesOf({ id: r.mentor_user_id, roles: r.mentor_roles }),
          },
          menteeProposal: {
            proposalId: r.mentee_proposal_id,
            state: r.mentee_state,
            deadline: r.mentee_deadline,
            decidedAt: r.mentee_decided_at,
            declineReasonId: r.mentee_decline_reason_id,
            comment: r.mentee_comment,
            infoText: r.mentee_info_text,
          },
          mentorProposal: {
            proposalId: r.mentor_proposal_id,
            state: r.mentor_state,
            deadline: r.mentor_deadline,
            decidedAt: r.mentor_decided_at,
            declineReasonId: r.mentor_decline_reason_id,
            comment: r.mentor_comment,
            infoText: r.mentor_info_text,
          },
        }
      }
      after = rows[rows.length - 1]?.id ?? after
      if (rows.length < BATCH) return
    }
  }

  return { usersOfSide, tandemsSince }
}
