// The world store's writes: what a command changed, written back conditionally on the versions it
// read (the participants in one statement), the tandems it created with the ids the store hands out.
import { createdTandemCount, numberNewTandems, tandemIdOf, type Transition, type UserId, type World } from '@tandem/core'
import { sql, type RawBuilder } from 'kysely'
import type { Database } from '../portable/database.js'
import { newTandemIds } from '../portable/dialect.js'
import { participantColumns, tandemColumns } from '../portable/rows.js'

type FactColumn = 'mentee_proposed_at' | 'mentee_matched_at' | 'mentor_proposed_at' | 'mentor_matched_at'

/** The columns a participant's update sets, with the type its parameter is cast to (a VALUES list has no column types). */
const PARTICIPANT_COLUMNS = [
  ['version', 'bigint'],
  ['mentee_status', 'text'],
  ['mentee_no_match', 'bigint'],
  ['mentee_cluster_id', 'bigint'],
  ['mentee_last_started_at', 'bigint'],
  ['mentee_run_started_at', 'bigint'],
  ['mentor_status', 'text'],
  ['mentor_published', 'bigint'],
  ['mentor_last_published_at', 'bigint'],
  ['mentor_last_saved_at', 'bigint'],
  ['mentor_pool_since', 'bigint'],
  ['mentor_capacity', 'bigint'],
] as const satisfies readonly (readonly [keyof ReturnType<typeof participantColumns>, string])[]

/** Columns that keep their first value: `coalesce(column, value)`, a null value leaving them as they are. */
const FIRST_COLUMNS = [
  'mentee_first_started_at',
  'mentee_proposed_at',
  'mentee_matched_at',
  'mentor_proposed_at',
  'mentor_matched_at',
] as const

type ParticipantUpdate = {
  readonly id: UserId
  readonly expected: number
  readonly set: ReturnType<typeof participantColumns>
  readonly first: Partial<Record<(typeof FIRST_COLUMNS)[number], number>>
}

/**
 * The participants' updates, each conditional on its expected version, as one statement (one round
 * trip under the locks instead of one per user); the count of changed rows tells whether every
 * version still held. `with … update … from` reads the same on SQLite (3.33 and later) and
 * PostgreSQL; the casts give the VALUES list its column types on PostgreSQL.
 */
const updateParticipants = (rows: readonly ParticipantUpdate[]): RawBuilder<unknown> => {
  const cast = (value: number | string | null, type: string) => sql`cast(${value} as ${sql.raw(type)})`
  const values = rows.map(
    (r) =>
      sql`(${sql.join([
        cast(r.id, 'bigint'),
        cast(r.expected, 'bigint'),
        ...PARTICIPANT_COLUMNS.map(([column, type]) => cast(r.set[column], type)),
        ...FIRST_COLUMNS.map((column) => cast(r.first[column] ?? null, 'bigint')),
      ])})`,
  )
  const names = ['id', 'expected', ...PARTICIPANT_COLUMNS.map(([column]) => column), ...FIRST_COLUMNS]
  const sets = [
    ...PARTICIPANT_COLUMNS.map(([column]) => sql`${sql.id(column)} = ${sql.ref(`v.${column}`)}`),
    ...FIRST_COLUMNS.map((column) => sql`${sql.id(column)} = coalesce(${sql.ref(`users.${column}`)}, ${sql.ref(`v.${column}`)})`),
  ]
  return sql`with v (${sql.join(names.map((n) => sql.id(n)))}) as (values ${sql.join(values)}) update users set ${sql.join(sets)} from v where users.id = v.id and users.version = v.expected returning users.id`
}

/**
 * The statistics' first proposal and first match of each side, per user, from the tandems a command
 * created or changed: the first value met per column, each later written as `coalesce(column, value)`
 * so the earliest stored one is kept.
 */
const tandemFacts = (before: World, after: World): Map<UserId, Partial<Record<FactColumn, number>>> => {
  const facts = new Map<UserId, Partial<Record<FactColumn, number>>>()
  for (const [id, x] of after.tandems) {
    if (before.tandems.get(id) === x) continue
    const matchedAt = x.state === 'MATCHED' ? x.mentorProposal.decidedAt : null
    for (const [userId, side] of [
      [x.menteeId, 'mentee'],
      [x.mentorId, 'mentor'],
    ] as const) {
      const f = facts.get(userId) ?? {}
      f[`${side}_proposed_at`] ??= x.createdAt
      if (matchedAt !== null) f[`${side}_matched_at`] ??= matchedAt
      facts.set(userId, f)
    }
  }
  return facts
}

export const worldWrites = (db: Database) => {
  const k = db.kysely

  /**
   * Writes what changed but the new tandems (`insertCreated`). On PostgreSQL every statement is a
   * round trip while the command holds its rows (decision 0022), so the statistics' facts ride on
   * the user's own update.
   */
  const writeBack = async (before: World, after: World, now: number): Promise<void> => {
    const facts = tandemFacts(before, after)
    const updates: ParticipantUpdate[] = []
    let poolChanged = false
    for (const [id, p] of after.users) {
      const old = before.users.get(id)
      if (old === p) continue
      if (old === undefined) throw new Error(`transition invented user ${id}`)
      // The first start is kept for the statistics (time to a match); the participant knows only the last.
      const started = p.mentee?.runStartedAt ?? p.mentee?.lastStartedAt ?? null
      updates.push({
        id,
        expected: old.version,
        set: participantColumns(p),
        first: { ...(started === null ? {} : { mentee_first_started_at: started }), ...facts.get(id) },
      })
      facts.delete(id)
      if (old.mentor?.published !== p.mentor?.published || old.mentor?.poolSince !== p.mentor?.poolSince) poolChanged = true
    }
    // Conditional on the versions read, and sent without waiting on PostgreSQL (`sendChanging`): a
    // missed version fails the transaction, which the command answers as TandemChanged.
    if (updates.length > 0) await db.sendChanging({ compile: () => updateParticipants(updates).compile(k) }, updates.length)
    if (poolChanged) await db.bumpMentorPool()
    for (const [id, own] of facts)
      await db.run(
        k
          .updateTable('users')
          .set((eb) =>
            Object.fromEntries(Object.entries(own).map(([column, value]) => [column, eb.fn.coalesce(column as FactColumn, eb.val(value))])),
          )
          .where('id', '=', id),
      )
    // Changed tandems first: one that ends frees its mentor's place for a new live tandem (the capacity trigger).
    for (const [id, x] of after.tandems) {
      const old = before.tandems.get(id)
      if (old === x || old === undefined) continue
      await db.sendChanging(
        k.updateTable('tandems').set(tandemColumns(x)).where('id', '=', id).where('version', '=', old.version).returning('id'),
        1,
      )
    }
    for (const [id, c] of after.clusters) {
      if (before.clusters.get(id) === c) continue
      await db.run(
        k
          .updateTable('clusters')
          .set({
            title: c.clusterText,
            is_ended: c.isEnded ? 1 : 0,
            is_default: c.isDefault ? 1 : 0,
            // When the year ended starts its people's retention period (docs/privacy.md).
            ...(c.isEnded && before.clusters.get(id)?.isEnded !== true ? { ended_at: now } : {}),
          })
          .where('id', '=', id),
      )
    }
  }

  /**
   * The tandems the command created, in one insert (after `writeBack`, which frees mentors first),
   * sent without waiting (`send`): on PostgreSQL it goes out with the mails and the commit, and a
   * tandem of a mentor whose places are all taken, refused by the capacity trigger, fails the commit with the
   * trigger's error, which the command answers as TandemChanged like before.
   */
  const insertCreated = async (before: World, after: World): Promise<void> => {
    const created = [...after.tandems].filter(([id]) => !before.tandems.has(id)).map(([, x]) => tandemColumns(x))
    if (created.length > 0) await db.send(k.insertInto('tandems').values(created))
  }

  /**
   * New tandems take the ids the store hands out as they are written (PostgreSQL: from a sequence,
   * so commands of several instances never wait for one another to number theirs; decision 0022).
   */
  const numbered = async (before: World, outcome: Transition): Promise<Transition> => {
    const count = createdTandemCount(before, outcome.world)
    return count === 0 ? outcome : numberNewTandems(before, outcome, (await newTandemIds(db, count)).map(tandemIdOf))
  }

  return { writeBack, insertCreated, numbered }
}
