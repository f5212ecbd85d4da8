// Whole-cohort runs and their drafts (migration 0008): a run's life (Running -> Draft -> Published,
// or Cancelled / Failed), one row per mentee of its draft, the admin's edits and the publish, whose
// every step commits or rolls back together.
import {
  clusterIdOf,
  cohortRunIdOf,
  COHORT_RUN,
  COHORT_RUN_START,
  cohortRunMoveOf,
  CohortRunState,
  Score,
  userIdOf,
  type ClusterId,
  type CohortRunId,
  type CohortRunEvent,
  type CohortTotalsView,
  type Instant,
  type UserId,
} from '@tandem/core'
import * as t from 'io-ts'
import type { ExpressionBuilder, Selectable } from 'kysely'
import type { Database } from '../portable/database.js'
import { jsonNumber } from '../portable/dialect.js'
import type { CohortDraftRowsTable, CohortRunsTable, Schema } from '../portable/schema.js'
import { decodeStored } from '../portable/rows.js'
import type {
  CohortRunRecord,
  DraftReason,
  DraftOutcome,
  CohortDraftRow,
  DraftSection,
  DraftSummary,
  DraftPerson,
  PublishStep,
  CohortRepository,
} from '@tandem/application/ports'

export type {
  CohortRunRecord,
  DraftReason,
  DraftOutcome,
  CohortDraftRow,
  DraftSection,
  DraftSummary,
  DraftPerson,
  PublishStep,
  CohortRepository,
}

/** The rows of a list, as the draft view sorts them into lists (a pair has a mentor and its score). */
const inSection = (section: DraftSection) => (eb: ExpressionBuilder<Schema, 'cohort_draft_rows'>) =>
  section === 'pairs'
    ? eb.and([eb('mentor_id', 'is not', null), eb('score', 'is not', null)])
    : section === 'unmatched'
      ? eb.and([eb.or([eb('mentor_id', 'is', null), eb('score', 'is', null)]), eb('reason', 'is not', null)])
      : eb.and([eb('mentor_id', 'is not', null), eb('score', 'is not', null), eb('outcome', '=', 'Skipped')])

const Objective = t.keyof({ maxMatched: null, maxScore: null })
const Reason = t.keyof({
  MustFitKnocksEveryMentorOut: null,
  NoMentorAboveThreshold: null,
  TakenByBetterAssignment: null,
  DroppedByAdmin: null,
})
const Outcome = t.keyof({ Proposed: null, Published: null, Skipped: null })
const SkipReason = t.keyof({ Changed: null, NotAvailable: null })
const Totals = t.type({ mentees: t.number, matched: t.number, meanPercentage: t.number })

/** The failure of a run whose instance stopped (or stopped writing its heartbeat) before it ended. */
export const INTERRUPTED = 'interrupted: its server stopped'

/** Each write that moves a run, as core's cohort-run table says: the state it expects and the one it writes. */
const DRAFT_SAVED = cohortRunMoveOf('DraftSaved')
const FAIL = cohortRunMoveOf('Fail')
const PUBLISH = cohortRunMoveOf('Publish')
/** The states in which a run still takes its heartbeat, and its draft an edit. */
const BEATING = cohortRunMoveOf('ProgressReported').from
const EDITABLE = cohortRunMoveOf('DraftEdited').from

export const createCohortRepository = (db: Database): CohortRepository => {
  const k = db.kysely

  const runOf = (row: Selectable<CohortRunsTable>): CohortRunRecord => ({
    id: cohortRunIdOf(row.id),
    clusterId: clusterIdOf(row.cluster_id),
    objective: decodeStored(Objective, row.objective, `objective of cohort run ${row.id}`),
    threshold: row.threshold,
    state: decodeStored(CohortRunState, row.state, `state of cohort run ${row.id}`),
    startedBy: row.started_by,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    publishedBy: row.published_by,
    publishedAt: row.published_at,
    solverTotals: row.solver_totals === null ? null : decodeStored(Totals, JSON.parse(row.solver_totals), `totals of cohort run ${row.id}`),
    firstCome:
      row.first_come === null ? null : decodeStored(Totals, JSON.parse(row.first_come), `first-come totals of cohort run ${row.id}`),
    failure: row.failure,
    phase: row.phase,
    fraction: row.fraction,
    heartbeatAt: row.heartbeat_at,
    owner: row.owner,
  })

  const byId = async (id: CohortRunId): Promise<CohortRunRecord | undefined> => {
    const row = await db.first(k.selectFrom('cohort_runs').selectAll().where('id', '=', id))
    return row === undefined ? undefined : runOf(row)
  }

  const draftRowOf = (runId: CohortRunId, r: Selectable<CohortDraftRowsTable>): CohortDraftRow => ({
    menteeId: userIdOf(r.mentee_id),
    menteeVersion: r.mentee_version,
    mentor:
      r.mentor_id === null || r.score === null
        ? null
        : {
            id: userIdOf(r.mentor_id),
            version: r.mentor_version ?? 0,
            score: decodeStored(Score, JSON.parse(r.score), `score of cohort run ${runId}, mentee ${r.mentee_id}`),
          },
    reason: r.reason === null ? null : decodeStored(Reason, r.reason, `reason of cohort run ${runId}`),
    candidates: r.candidates,
    edited: r.edited === 1,
    outcome: decodeStored(Outcome, r.outcome, `outcome of cohort run ${runId}`),
    skipReason: r.skip_reason === null ? null : decodeStored(SkipReason, r.skip_reason, `skip reason of cohort run ${runId}`),
    tandemId: r.tandem_id,
  })

  const rows = async (runId: CohortRunId): Promise<CohortDraftRow[]> =>
    (await db.all(k.selectFrom('cohort_draft_rows').selectAll().where('run_id', '=', runId).orderBy('mentee_id'))).map((r) =>
      draftRowOf(runId, r),
    )

  /** Runs left Running whose instance went quiet: their worker is gone with it (decision 0021). */
  const failQuiet = (at: Instant, quietSince: Instant, owner: string | null) =>
    k
      .updateTable('cohort_runs')
      .set({ state: FAIL.to, finished_at: at, failure: INTERRUPTED })
      .where('state', '=', FAIL.from)
      .where((eb) =>
        eb.or([eb('heartbeat_at', 'is', null), eb('heartbeat_at', '<', quietSince), ...(owner === null ? [] : [eb('owner', '=', owner)])]),
      )

  const finish = async (
    event: Extract<CohortRunEvent, 'Cancel' | 'Fail'>,
    id: number,
    at: Instant,
    failure: string | null,
  ): Promise<boolean> => {
    const { from, to } = cohortRunMoveOf(event)
    return (
      (await db.run(
        k.updateTable('cohort_runs').set({ state: to, finished_at: at, failure }).where('id', '=', id).where('state', '=', from),
      )) === 1
    )
  }

  return {
    byId,
    rows,
    /** One page of a list of the draft, by mentee id. */
    page: async (runId: CohortRunId, section: DraftSection, offset: number, limit: number): Promise<CohortDraftRow[]> =>
      (
        await db.all(
          k
            .selectFrom('cohort_draft_rows')
            .selectAll()
            .where('run_id', '=', runId)
            .where(inSection(section))
            .orderBy('mentee_id')
            .limit(limit)
            .offset(offset),
        )
      ).map((r) => draftRowOf(runId, r)),
    /** How many rows each list of the draft has and its totals (as edited), counted by the database. */
    summary: async (runId: CohortRunId): Promise<DraftSummary> => {
      const percentage = jsonNumber(db, 'score', 'percentage')
      const row = await db.first(
        k
          .selectFrom('cohort_draft_rows')
          .where('run_id', '=', runId)
          .select((eb) => [
            eb.fn.countAll<number>().as('mentees'),
            eb.fn.sum<number>(eb.case().when(inSection('pairs')(eb)).then(1).else(0).end()).as('pairs'),
            eb.fn.sum<number>(eb.case().when(inSection('pairs')(eb)).then(percentage).else(0).end()).as('percentages'),
            eb.fn.sum<number>(eb.case().when(inSection('unmatched')(eb)).then(1).else(0).end()).as('unmatched'),
            eb.fn.sum<number>(eb.case().when(inSection('skipped')(eb)).then(1).else(0).end()).as('skipped'),
          ]),
      )
      // PostgreSQL sums whole numbers as numeric (text in JavaScript); none at all is null.
      const count = (value: unknown) => Number(value ?? 0)
      const pairs = count(row?.pairs)
      return {
        counts: { pairs, unmatched: count(row?.unmatched), skipped: count(row?.skipped) },
        totals: { mentees: count(row?.mentees), matched: pairs, meanPercentage: pairs === 0 ? 0 : count(row?.percentages) / pairs },
      }
    },
    /** The names and addresses of the people of a page. */
    people: async (ids: readonly UserId[]): Promise<Map<UserId, DraftPerson>> => {
      if (ids.length === 0) return new Map()
      const found = await db.all(
        k
          .selectFrom('users')
          .select(['id', 'first_name', 'last_name', 'email'])
          .where('id', 'in', [...ids]),
      )
      const people = found.map((u) => ({ id: userIdOf(u.id), firstName: u.first_name, lastName: u.last_name, email: u.email }))
      return new Map(people.map((p) => [p.id, p]))
    },
    latest: async (): Promise<CohortRunRecord | undefined> => {
      const row = await db.first(k.selectFrom('cohort_runs').selectAll().orderBy('id', 'desc').limit(1))
      return row === undefined ? undefined : runOf(row)
    },
    running: async (): Promise<CohortRunRecord | undefined> => {
      const row = await db.first(k.selectFrom('cohort_runs').selectAll().where('state', '=', COHORT_RUN.Running).limit(1))
      return row === undefined ? undefined : runOf(row)
    },
    /** A new run in state Running; undefined when another run is Running (one at a time, across processes). */
    start: async (run: {
      readonly clusterId: ClusterId
      readonly objective: 'maxMatched' | 'maxScore'
      readonly threshold: number
      readonly startedBy: string
      readonly startedAt: Instant
      /** The instance that will compute it. */
      readonly owner: string
      /** A Running run without a heartbeat since then is failed first: its instance is gone. */
      readonly quietSince: Instant
    }): Promise<CohortRunRecord | undefined> =>
      await db.transaction(async () => {
        await db.run(failQuiet(run.startedAt, run.quietSince, null))
        if ((await db.first(k.selectFrom('cohort_runs').select('id').where('state', '=', COHORT_RUN.Running))) !== undefined)
          return undefined
        const inserted = await db.first(
          k
            .insertInto('cohort_runs')
            .values({
              cluster_id: run.clusterId,
              objective: run.objective,
              threshold: run.threshold,
              state: COHORT_RUN_START,
              started_by: run.startedBy,
              started_at: run.startedAt,
              phase: 'loading',
              fraction: 0,
              heartbeat_at: run.startedAt,
              owner: run.owner,
            })
            .returning('id'),
        )
        return inserted === undefined ? undefined : byId(cohortRunIdOf(inserted.id))
      }),
    /** Stores the draft of a Running run and makes it a Draft; false when it was cancelled meanwhile. */
    saveDraft: async (
      id: number,
      draft: {
        readonly rows: readonly CohortDraftRow[]
        readonly solverTotals: CohortTotalsView
        readonly firstCome: CohortTotalsView
        readonly finishedAt: Instant
      },
    ): Promise<boolean> =>
      await db.transaction(async () => {
        const changed = await db.run(
          k
            .updateTable('cohort_runs')
            .set({
              state: DRAFT_SAVED.to,
              finished_at: draft.finishedAt,
              solver_totals: JSON.stringify(draft.solverTotals),
              first_come: JSON.stringify(draft.firstCome),
            })
            .where('id', '=', id)
            .where('state', '=', DRAFT_SAVED.from),
        )
        if (changed !== 1) return false
        for (let i = 0; i < draft.rows.length; i += 200)
          await db.run(
            k.insertInto('cohort_draft_rows').values(
              draft.rows.slice(i, i + 200).map((r) => ({
                run_id: id,
                mentee_id: r.menteeId,
                mentee_version: r.menteeVersion,
                mentor_id: r.mentor?.id ?? null,
                mentor_version: r.mentor?.version ?? null,
                score: r.mentor === null ? null : JSON.stringify(r.mentor.score),
                reason: r.reason,
                candidates: r.candidates,
                edited: r.edited ? 1 : 0,
                outcome: r.outcome,
                skip_reason: null,
                tandem_id: null,
              })),
            ),
          )
        return true
      }),
    cancel: (id: CohortRunId, at: Instant): Promise<boolean> => finish('Cancel', id, at, null),
    fail: (id: CohortRunId, at: Instant, failure: string): Promise<boolean> => finish('Fail', id, at, failure),
    /**
     * At an instance's start: its own runs left Running (its previous process computed them) and
     * every run whose heartbeat stopped before `quietSince` become Failed. A run another live
     * instance computes keeps running.
     */
    failInterrupted: async (at: Instant, owner: string, quietSince: Instant): Promise<number> =>
      await db.run(failQuiet(at, quietSince, owner)),
    /** Fails a Running run whose heartbeat stopped before `quietSince`; false when it is not such a run. */
    failIfQuiet: async (id: CohortRunId, at: Instant, quietSince: Instant): Promise<boolean> =>
      (await db.run(failQuiet(at, quietSince, null).where('id', '=', id))) === 1,
    /**
     * The computing instance's heartbeat: its phase and fraction, conditional on the run still
     * Running; false when it is not (cancelled or failed by another instance), so the worker stops.
     * Run on the Kysely handle, not as a store write: nothing cached depends on it, so it leaves the
     * store's generation (and every instance's caches) alone.
     */
    beat: async (id: CohortRunId, progress: { readonly phase: string; readonly fraction: number }, at: Instant): Promise<boolean> => {
      const result = await k
        .updateTable('cohort_runs')
        .set({ phase: progress.phase, fraction: progress.fraction, heartbeat_at: at })
        .where('id', '=', id)
        .where('state', '=', BEATING)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },
    /** Sets or drops one mentee's pair of a Draft run; false when the run is no longer a Draft. */
    setPair: async (
      id: number,
      menteeId: UserId,
      mentor: { readonly id: UserId; readonly version: number; readonly score: Score } | null,
      candidates: number,
    ): Promise<boolean> =>
      await db.transaction(async () => {
        if ((await db.first(k.selectFrom('cohort_runs').select('id').where('id', '=', id).where('state', '=', EDITABLE))) === undefined)
          return false
        return (
          (await db.run(
            k
              .updateTable('cohort_draft_rows')
              .set({
                mentor_id: mentor?.id ?? null,
                mentor_version: mentor?.version ?? null,
                score: mentor === null ? null : JSON.stringify(mentor.score),
                reason: mentor === null ? 'DroppedByAdmin' : null,
                candidates,
                edited: 1,
              })
              .where('run_id', '=', id)
              .where('mentee_id', '=', menteeId),
          )) === 1
        )
      }),
    claimPublish: async (id: CohortRunId, by: string, at: Instant): Promise<boolean> =>
      (await db.run(
        k
          .updateTable('cohort_runs')
          .set({ state: PUBLISH.to, published_by: by, published_at: at })
          .where('id', '=', id)
          .where('state', '=', PUBLISH.from),
      )) === 1,
    recordOutcomes: async (
      id: number,
      outcomes: readonly { readonly menteeId: UserId; readonly outcome: PublishStep }[],
    ): Promise<void> => {
      for (const { menteeId, outcome } of outcomes)
        await db.send(
          k
            .updateTable('cohort_draft_rows')
            .set(
              'tandemId' in outcome
                ? { outcome: 'Published', tandem_id: outcome.tandemId }
                : { outcome: 'Skipped', skip_reason: outcome.skipped },
            )
            .where('run_id', '=', id)
            .where('mentee_id', '=', menteeId),
        )
    },
  }
}
