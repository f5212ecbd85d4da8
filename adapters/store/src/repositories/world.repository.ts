// Runs one domain command as one transaction (SQLite or PostgreSQL): load the World slice the command needs, apply
// the core transition, write back what changed (conditional on the loaded version), append the
// notifications of its events to the outbox, commit. Any failure rolls everything back.
import {
  createdTandemCount,
  expireDeadlines,
  expiredTandems,
  LIVE_TANDEM_STATES,
  waitlistRoundReasons,
  numberNewTandems,
  tandemIdOf,
  userIdOf,
  type Cluster,
  type ClusterId,
  type DomainError,
  type DomainEvent,
  type Participant,
  type Tandem,
  type TandemId,
  type Transition,
  type UserId,
  type World,
} from '@tandem/core'
import { left, right, isLeft, type Either } from 'fp-ts/lib/Either.js'
import { sql, type RawBuilder } from 'kysely'
import { together, type Database } from '../portable/database.js'
import { forUpdate, isMissedVersion, isNoFreePlace, isUniqueViolation, newTandemIds } from '../portable/dialect.js'
import { insertOutboxRows } from './outbox.repository.js'
import { clusterOf, participantColumns, participantOf, tandemColumns, tandemOf } from '../portable/rows.js'
import type { Slice, Contact, Notifier, Apply, WorldStore } from '@tandem/application/ports'

export type { Slice, Contact, Notifier, Apply, WorldStore }

class Conflict extends Error {
  constructor(readonly error: DomainError) {
    super(error._tag)
  }
}

const unique = <A>(xs: readonly A[]): A[] => [...new Set(xs)]

/** Everyone an event may notify: the notifier is asked for no one else. */
const recipientsOf = (event: DomainEvent): UserId[] =>
  (['menteeId', 'mentorId', 'partnerId'] as const).flatMap((key) =>
    key in event ? [(event as unknown as Record<typeof key, UserId>)[key]] : [],
  )

/**
 * The contacts of the users a command read under its lock, kept from the rows it loaded anyway:
 * its mails need no further read per recipient while the other instances wait for the lock.
 */
type Contacts = Map<UserId, Contact>

const contactFromRow = (row: { id: number; email: string; first_name: string; last_name: string; language: string }): Contact => ({
  id: userIdOf(row.id),
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  language: row.language === 'de' ? 'de' : 'en',
})

type FactColumn = 'mentee_proposed_at' | 'mentee_matched_at' | 'mentor_proposed_at' | 'mentor_matched_at'

/**
 * The statistics' first proposal and first match of each side, per user, from the tandems a command
 * created or changed: the first value met per column, each later written as `coalesce(column, value)`
 * so the earliest stored one is kept.
 */
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

export const createWorldStore = (db: Database, notify: Notifier): WorldStore => {
  const k = db.kysely

  const tandemRowsOf = async (userIds: readonly UserId[]) =>
    userIds.length === 0
      ? []
      : await db.all(
          k
            .selectFrom('tandems')
            .selectAll()
            .where((eb) => eb.or([eb('mentee_id', 'in', userIds), eb('mentor_id', 'in', userIds)])),
        )

  /** The live tandems of these mentors (`side` 'mentor'), or in which these users take either side. */
  const liveTandemRowsOf = async (userIds: readonly UserId[], side: 'mentor' | 'either' = 'mentor') =>
    userIds.length === 0
      ? []
      : await db.all(
          k
            .selectFrom('tandems')
            .selectAll()
            .where((eb) =>
              side === 'mentor' ? eb('mentor_id', 'in', userIds) : eb.or([eb('mentee_id', 'in', userIds), eb('mentor_id', 'in', userIds)]),
            )
            .where('state', 'in', [...LIVE_TANDEM_STATES]),
        )

  /**
   * Reads a slice. Inside a command (`locking`) on PostgreSQL every user row read is locked until
   * the commit, and the named users are locked before their tandems are read: a command that
   * changes a tandem holds both partners' rows, so the tandems read are the committed ones and stay
   * so until this command ends (decision 0022). SQLite's writing transaction holds the whole file.
   */
  const load = async (slice: Slice, seen?: Contacts, locking = false): Promise<World> => {
    const users = new Map<UserId, Participant>()
    const tandems = new Map<TandemId, Tandem>()
    const named = unique(slice.userIds)
    const tandemIds = unique(slice.tandemIds ?? [])
    // The named users (locked first), their tandems, the named tandems, and the program years with
    // the highest tandem id: sent together, one round trip on PostgreSQL (`together`). PostgreSQL
    // runs them in this order, so the tandems are read once the users' rows are locked.
    const [locked, ownTandems, namedTandems, clusterRows] = await together([
      locking ? participants(unique([...named, ...(slice.extraUserIds ?? [])]), seen, true) : Promise.resolve([]),
      tandemRowsOf(named),
      tandemIds.length === 0 ? Promise.resolve([]) : db.all(k.selectFrom('tandems').selectAll().where('id', 'in', tandemIds)),
      db.all(
        k
          .selectFrom('clusters')
          .selectAll()
          .select((eb) => eb.selectFrom('tandems').select(eb.fn.max('id').as('max')).as('max_tandem_id')),
      ),
    ])
    for (const p of locked) users.set(p.id, p)
    for (const x of [...ownTandems, ...namedTandems].map(tandemOf)) if (!tandems.has(x.id)) tandems.set(x.id, x)
    const userIds = unique([...named, ...(slice.extraUserIds ?? []), ...[...tandems.values()].flatMap((x) => [x.menteeId, x.mentorId])])
    // A partner's status follows from their live tandems (a mentor's places whatever the capacity, a
    // lowered one too; a mentee's other proposals), so the live tandems of every partner the slice
    // reaches come along (docs/matching.md#places), read behind their rows' locks in the same round trip.
    const namedSet = new Set(named)
    const partnerIds = userIds.filter((id) => !namedSet.has(id))
    const [partners, partnersLive] = await together([
      participants(
        userIds.filter((id) => !users.has(id)),
        seen,
        locking,
      ),
      liveTandemRowsOf(partnerIds, 'either'),
    ])
    for (const p of partners) users.set(p.id, p)
    const partnerTandems = partnersLive.map(tandemOf)
    for (const x of partnerTandems) if (!tandems.has(x.id)) tandems.set(x.id, x)
    // Their other partners are read (not locked: the command changes none of those tandems).
    const others = unique(partnerTandems.flatMap((x) => [x.menteeId, x.mentorId])).filter((id) => !users.has(id))
    if (others.length > 0) for (const p of await participants(others, seen)) users.set(p.id, p)
    const clusters = new Map<ClusterId, Cluster>(clusterRows.map(clusterOf).map((c) => [c.clusterId, c]))
    const first = clusterRows[0]
    return {
      users,
      tandems,
      clusters,
      nextTandemId: first === undefined ? await nextTandemId() : tandemIdOf((first.max_tandem_id ?? 0) + 1),
    }
  }

  /** The world with the named users' tandems (and those tandems' users) added to it. */
  const widen = async (world: World, userIds: readonly UserId[], seen?: Contacts): Promise<World> => {
    const tandems = new Map(world.tandems)
    for (const x of (await tandemRowsOf(userIds)).map(tandemOf)) if (!tandems.has(x.id)) tandems.set(x.id, x)
    const users = new Map(world.users)
    const missing = unique([...userIds, ...[...tandems.values()].flatMap((x) => [x.menteeId, x.mentorId])]).filter((id) => !users.has(id))
    for (const p of await participants(missing, seen, true)) users.set(p.id, p)
    // A tandem committed since the slice was read may carry an id at or above its next id: new
    // tandems are numbered after it (and given their ids when written).
    let nextTandemId = world.nextTandemId
    for (const id of tandems.keys()) if (id >= nextTandemId) nextTandemId = tandemIdOf(id + 1)
    return { ...world, users, tandems, nextTandemId }
  }

  /**
   * The users' rows. Read by a command (`locking`), they stay locked until it commits (PostgreSQL;
   * in id order, so two such reads do not deadlock): another command on the same people, or a
   * profile or answer save or an added role (which update these rows outside world commands),
   * waits for it instead of moving a version between its read and its conditional write, as
   * SQLite's single writer makes it wait (decision 0022). `no key update`: rows referring to the
   * users (answers, consents, mails) may still be inserted meanwhile.
   */
  const participants = async (ids: readonly UserId[], seen?: Contacts, locking = false): Promise<Participant[]> => {
    const sorted = locking ? [...ids].sort((a, b) => a - b) : ids
    const read = (chunk: readonly UserId[]) => {
      const query = k.selectFrom('users').selectAll().where('id', 'in', chunk)
      return db.all(locking ? forUpdate(db, query.orderBy('id'), 'no key update') : query)
    }
    const chunks: UserId[][] = []
    for (let i = 0; i < sorted.length; i += 500) chunks.push(sorted.slice(i, i + 500))
    // Locking, inside a command: every chunk is sent at once (`together`), so the rows are all locked
    // before whatever the command sends behind them (`load` reads their tandems next). Otherwise one
    // chunk after another, each on a pooled connection of its own.
    const rows: Awaited<ReturnType<typeof read>> = []
    if (locking) rows.push(...(await together(chunks.map(read))).flat())
    else for (const chunk of chunks) rows.push(...(await read(chunk)))
    return rows.map((row) => {
      const contact = contactFromRow(row)
      seen?.set(contact.id, contact)
      return participantOf(row)
    })
  }

  const nextTandemId = async (): Promise<TandemId> =>
    tandemIdOf(((await db.first(k.selectFrom('tandems').select((eb) => eb.fn.max('id').as('max'))))?.max ?? 0) + 1)

  /**
   * The slice with its passed deadlines applied, inside a transaction. The partners of an expired
   * tandem come along with their own tandems, so their statuses settle on everything they hold.
   */
  const loadExpired = async (
    slice: Slice,
    now: number,
    seen?: Contacts,
  ): Promise<{ readonly before: World; readonly expiry: Transition | null }> => {
    const first = await load(slice, seen, true)
    const expired = expiredTandems(first, now)
    if (expired.length === 0) return { before: first, expiry: null }
    const named = new Set(slice.userIds)
    const partners = unique(expired.flatMap((x) => [x.menteeId, x.mentorId])).filter((id) => !named.has(id))
    const before = partners.length === 0 ? first : await widen(first, partners, seen)
    const expiry = expireDeadlines(now)(before)
    if (isLeft(expiry)) throw new Conflict(expiry.left)
    return { before, expiry: expiry.right }
  }

  const contactOf = async (id: UserId): Promise<Contact | undefined> => {
    const row = await db.first(k.selectFrom('users').select(['id', 'email', 'first_name', 'last_name', 'language']).where('id', '=', id))
    return row === undefined ? undefined : contactFromRow(row)
  }

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
   * The contacts the notifier may ask for about these events (it maps synchronously). Those of the
   * users the command read are at hand; the others are read before the command writes.
   */
  const contactsFor = async (events: readonly DomainEvent[], seen: Contacts): Promise<Map<UserId, Contact | undefined>> => {
    const contacts = new Map<UserId, Contact | undefined>()
    for (const id of unique(events.flatMap(recipientsOf))) contacts.set(id, seen.get(id) ?? (await contactOf(id)))
    return contacts
  }

  /**
   * New tandems take the ids the store hands out as they are written (PostgreSQL: from a sequence,
   * so commands of several instances never wait for one another to number theirs; decision 0022).
   */
  const numbered = async (before: World, outcome: Transition): Promise<Transition> => {
    const count = createdTandemCount(before, outcome.world)
    return count === 0 ? outcome : numberNewTandems(before, outcome, (await newTandemIds(db, count)).map(tandemIdOf))
  }

  /** One command in one transaction: read, apply, write what changed, append its mails. */
  const command = async (
    read: (seen: Contacts) => Promise<{ readonly before: World; readonly expiry: Transition | null }>,
    apply: Apply,
    now: number,
  ): Promise<Either<DomainError, Transition>> => {
    try {
      return await db.transaction(async (): Promise<Either<DomainError, Transition>> => {
        // The read locks the users' rows it reads (PostgreSQL), so commands on the same people run
        // one after another and decide on what the other committed, as on the SQLite file; commands
        // on different people run side by side across instances (decision 0022).
        const seen: Contacts = new Map()
        const { before, expiry } = await read(seen)
        const result = apply(expiry?.world ?? before)
        let outcome: Transition
        if (isLeft(result)) {
          // The command refused; a passed deadline it found is committed all the same.
          if (expiry === null) throw new Conflict(result.left)
          outcome = expiry
        } else outcome = { world: result.right.world, events: [...(expiry?.events ?? []), ...result.right.events] }
        const contacts = await contactsFor(outcome.events, seen)
        // What changed is written first (a tandem that ends frees its mentor), then the new
        // tandems with the ids the store hands out, then their mails.
        // The new tandems' ids are asked for with the writes (`together`), not after their answers.
        const [, done] = await together([writeBack(before, outcome.world, now), numbered(before, outcome)])
        await insertCreated(before, done.world)
        // A place opened or a team ended (docs/matching.md#waitlist): the waitlist task is told durably, with the command.
        const opened = waitlistRoundReasons(before, done.world)
        if (opened.length > 0)
          await db.send(k.insertInto('places_changed').values(opened.map((mentor_id) => ({ created_at: now, mentor_id }))))
        const notified = notify(done.events, (id) => contacts.get(id), now)
        await insertOutboxRows(db, notified.rows)
        // The stop links the waitlist's mails carry, with them: a mail never names a link the store lacks.
        if (notified.stopLinks.length > 0)
          await db.send(
            k
              .insertInto('waitlist_stop_links')
              .values(
                notified.stopLinks.map((l) => ({ token_hash: l.tokenHash, user_id: l.menteeId, expires_at: l.expiresAt, used_at: null })),
              ),
          )
        return isLeft(result) ? result : right(done)
      })
    } catch (e) {
      if (e instanceof Conflict) return left(e.error)
      // A conditional write missed its version, a key is taken, or the mentor's places are all
      // taken (migration 0018's trigger): someone was faster.
      if (isMissedVersion(e) || isUniqueViolation(e) || isNoFreePlace(e)) return left({ _tag: 'TandemChanged' })
      throw e
    }
  }

  const run: WorldStore['run'] = (slice, apply, now) =>
    command(async (seen) => ({ before: await load(slice, seen, true), expiry: null }), apply, now)

  const runCurrent: WorldStore['runCurrent'] = (slice, apply, now) => command((seen) => loadExpired(slice, now, seen), apply, now)

  const runAfter: WorldStore['runAfter'] = (previous, refresh, apply, now) =>
    command(
      async (seen) => {
        const users = new Map(previous.users)
        const fresh = await participants(unique(refresh.userIds), seen, true)
        for (const p of fresh) users.set(p.id, p)
        // Whether a mentor has a place free is told by their live tandems, read now that their row
        // is locked, whatever the capacity: a lowered one may hold more tandems than it allows
        // (docs/matching.md#places), and then the status alone does not tell.
        const withPlaces = fresh.filter((p) => p.mentor !== null).map((p) => p.id)
        let tandems = previous.tandems
        let nextTandemId = previous.nextTandemId
        if (withPlaces.length > 0) {
          const live = await liveTandemRowsOf(withPlaces)
          const refreshed = new Map(previous.tandems)
          for (const x of live.map(tandemOf)) refreshed.set(x.id, x)
          tandems = refreshed
          // Tandems committed since the first read may carry ids at or above its next id (as `widen`).
          for (const id of tandems.keys()) if (id >= nextTandemId) nextTandemId = tandemIdOf(id + 1)
        }
        // New tandems are given their ids when written (`numbered`).
        return { before: { ...previous, users, tandems, nextTandemId }, expiry: null }
      },
      apply,
      now,
    )

  const loadCurrent: WorldStore['loadCurrent'] = async (slice, now) => {
    const world = await load(slice)
    if (expiredTandems(world, now).length === 0) return world
    const expired = await runCurrent(slice, (w) => right({ world: w, events: [] }), now)
    return isLeft(expired) ? load(slice) : expired.right.world
  }

  return { load, loadCurrent, run, runCurrent, runAfter, contactOf }
}
