// Mapping between table rows and core values. Every row read is decoded with the core's codecs, so
// a damaged database fails loudly instead of leaking bad values into the domain.
import {
  Answers,
  MENTOR_CAPACITY_DEFAULT,
  Participant,
  QuestionScore,
  RoleName,
  Tandem,
  clusterIdOf,
  type Cluster,
  type Proposal,
  type TeamOutcomeFigures,
} from '@tandem/core'
import * as t from 'io-ts'
import { isLeft } from 'fp-ts/lib/Either.js'
import type { Selectable } from 'kysely'
import type { ClustersTable, TandemsTable, UsersTable } from './schema.js'

export type UserRow = Selectable<UsersTable>
export type TandemRow = Selectable<TandemsTable>

/** Decodes a value that the database itself wrote; a failure is a bug or a damaged file. */
export const decodeStored = <A>(codec: t.Type<A, unknown>, value: unknown, what: string): A => {
  const result = codec.decode(value)
  if (isLeft(result)) throw new Error(`stored ${what} does not decode`)
  return result.right
}

export const participantOf = (row: UserRow): Participant =>
  decodeStored(
    Participant,
    {
      id: row.id,
      version: row.version,
      mentee:
        row.mentee_status === null
          ? null
          : {
              status: row.mentee_status,
              noMatch: row.mentee_no_match === 1,
              clusterId: row.mentee_cluster_id,
              lastStartedAt: row.mentee_last_started_at,
              ...(row.mentee_run_started_at === null ? {} : { runStartedAt: row.mentee_run_started_at }),
            },
      mentor:
        row.mentor_status === null
          ? null
          : {
              status: row.mentor_status,
              published: row.mentor_published === 1,
              lastPublishedAt: row.mentor_last_published_at,
              lastSavedAt: row.mentor_last_saved_at,
              poolSince: row.mentor_pool_since,
              capacity: row.mentor_capacity,
            },
    },
    `user ${row.id}`,
  )

/** The user columns a participant owns: what a transition may change. */
export const participantColumns = (p: Participant) => ({
  version: p.version,
  mentee_status: p.mentee?.status ?? null,
  mentee_no_match: p.mentee?.noMatch === true ? 1 : 0,
  mentee_cluster_id: p.mentee?.clusterId ?? null,
  mentee_last_started_at: p.mentee?.lastStartedAt ?? null,
  mentee_run_started_at: p.mentee?.runStartedAt ?? null,
  mentor_status: p.mentor?.status ?? null,
  mentor_published: p.mentor?.published === true ? 1 : 0,
  mentor_last_published_at: p.mentor?.lastPublishedAt ?? null,
  mentor_last_saved_at: p.mentor?.lastSavedAt ?? null,
  mentor_pool_since: p.mentor?.poolSince ?? null,
  mentor_capacity: p.mentor?.capacity ?? MENTOR_CAPACITY_DEFAULT,
})

/** A program year as the core knows it, from its row (the row's id is the database's own). */
export const clusterOf = (row: Pick<Selectable<ClustersTable>, 'id' | 'title' | 'is_ended' | 'is_default'>): Cluster => ({
  clusterId: clusterIdOf(row.id),
  clusterText: row.title,
  isEnded: row.is_ended === 1,
  isDefault: row.is_default === 1,
})

export const rolesOf = (row: Pick<UserRow, 'roles' | 'id'>): RoleName[] =>
  decodeStored(t.array(RoleName), JSON.parse(row.roles), `roles of user ${row.id}`)

export const answersOf = (json: string, what: string): Answers => decodeStored(Answers, JSON.parse(json), what)

const proposalOf = (row: TandemRow, side: 'mentee' | 'mentor'): unknown => ({
  id: row[`${side}_proposal_id`],
  state: row[`${side}_state`],
  deadline: row[`${side}_deadline`],
  decidedAt: row[`${side}_decided_at`],
  declineReasonId: row[`${side}_decline_reason_id`],
  comment: row[`${side}_comment`],
  infoText: row[`${side}_info_text`],
})

export const tandemOf = (row: TandemRow): Tandem =>
  decodeStored(
    Tandem,
    {
      id: row.id,
      version: row.version,
      state: row.state,
      menteeId: row.mentee_id,
      mentorId: row.mentor_id,
      clusterId: row.cluster_id,
      createdAt: row.created_at,
      manual: row.manual === 1,
      score: {
        base: row.score_base,
        max: row.score_max,
        percentage: row.score_percentage,
        breakdown: decodeStored(t.array(QuestionScore), JSON.parse(row.score_breakdown), `score of tandem ${row.id}`),
      },
      menteeProposal: proposalOf(row, 'mentee'),
      mentorProposal: proposalOf(row, 'mentor'),
      ...(row.ended_at === null
        ? {}
        : {
            ending: {
              at: row.ended_at,
              by: row.ended_by,
              reasonId: row.end_reason,
              otherText: row.end_other_text,
              doNotPairAgain: row.end_do_not_pair_again === 1,
              mentorPaused: row.end_mentor_paused === 1,
            },
          }),
    },
    `tandem ${row.id}`,
  )

type ProposalField = 'proposal_id' | 'state' | 'deadline' | 'decided_at' | 'decline_reason_id' | 'comment' | 'info_text'

/** One side's proposal columns; computed keys lose their names, so the type says them. */
const proposalColumns = <S extends 'mentee' | 'mentor'>(side: S, p: Proposal) =>
  ({
    [`${side}_proposal_id`]: p.id,
    [`${side}_state`]: p.state,
    [`${side}_deadline`]: p.deadline,
    [`${side}_decided_at`]: p.decidedAt,
    [`${side}_decline_reason_id`]: p.declineReasonId,
    [`${side}_comment`]: p.comment,
    [`${side}_info_text`]: p.infoText,
  }) as Pick<TandemRow, `${S}_${ProposalField}`>

export const tandemColumns = (x: Tandem): TandemRow => ({
  id: x.id,
  version: x.version,
  state: x.state,
  mentee_id: x.menteeId,
  mentor_id: x.mentorId,
  cluster_id: x.clusterId,
  created_at: x.createdAt,
  manual: x.manual ? 1 : 0,
  score_base: x.score.base,
  score_max: x.score.max,
  score_percentage: x.score.percentage,
  score_breakdown: JSON.stringify(x.score.breakdown),
  ...proposalColumns('mentee', x.menteeProposal),
  ...proposalColumns('mentor', x.mentorProposal),
  ended_at: x.ending?.at ?? null,
  ended_by: x.ending?.by ?? null,
  end_reason: x.ending?.reasonId ?? null,
  end_other_text: x.ending?.otherText ?? null,
  end_do_not_pair_again: x.ending === undefined ? null : x.ending.doNotPairAgain ? 1 : 0,
  end_mentor_paused: x.ending === undefined ? null : x.ending.mentorPaused ? 1 : 0,
})

/** The count columns of a team's outcome figures on its timeline row (migration 0026). */
export const OUTCOME_FIGURE_COUNTS = [
  'pulse_1',
  'pulse_2',
  'pulse_3',
  'pulse_4',
  'pulse_5',
  'satisfaction_1',
  'satisfaction_2',
  'satisfaction_3',
  'satisfaction_4',
  'satisfaction_5',
] as const

/** A team's outcome figures as the columns of its timeline row. */
export const outcomeColumnsOf = (figures: TeamOutcomeFigures) => {
  const count = (of: readonly number[], score: number) => of[score - 1] ?? 0
  return {
    met_at: figures.metAt,
    pulse_1: count(figures.pulses, 1),
    pulse_2: count(figures.pulses, 2),
    pulse_3: count(figures.pulses, 3),
    pulse_4: count(figures.pulses, 4),
    pulse_5: count(figures.pulses, 5),
    satisfaction_1: count(figures.satisfaction, 1),
    satisfaction_2: count(figures.satisfaction, 2),
    satisfaction_3: count(figures.satisfaction, 3),
    satisfaction_4: count(figures.satisfaction, 4),
    satisfaction_5: count(figures.satisfaction, 5),
  }
}
