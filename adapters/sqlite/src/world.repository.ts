// Runs one domain command as one SQLite transaction: load the World slice the command needs, apply
// the core transition, write back what changed (conditional on the loaded version), append the
// notifications of its events to the outbox, commit. Any failure rolls everything back.
import {
  expireDeadlines,
  expiredTandems,
  type Cluster,
  type DomainError,
  type DomainEvent,
  type Language,
  type Participant,
  type Tandem,
  type TandemId,
  type Transition,
  type TransitionResult,
  type UserId,
  type World,
} from '@tandem/core'
import { left, right, isLeft, type Either } from 'fp-ts/lib/Either.js'
import type { Database } from './database.js'
import { isUniqueViolation, serialiseTransactions, WORLD_LOCK } from './dialect.js'
import { insertOutboxRow, type NewOutboxRow } from './outbox.repository.js'
import { participantColumns, participantOf, tandemColumns, tandemOf } from './rows.js'

/** Which part of the world a command reads; tandems of the named users and their partners come along. */
export type Slice = {
  readonly userIds: readonly UserId[]
  readonly tandemIds?: readonly TandemId[]
  /** Users loaded without their tandems (candidate mentors of a matching run). */
  readonly extraUserIds?: readonly UserId[]
}

export type Contact = {
  readonly id: UserId
  readonly email: string
  readonly firstName: string
  readonly lastName: string
  readonly language: Language
}

/** Maps a command's events to outbox rows; given by the composition root (the mail adapter's rules). */
export type Notifier = (
  events: readonly DomainEvent[],
  contactOf: (id: UserId) => Contact | undefined,
  now: number,
) => readonly NewOutboxRow[]

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

type Apply = (world: World) => TransitionResult

export type WorldStore = {
  /** Loads a slice outside any command, for reads that need no deadline applied (an admin's lists). */
  readonly load: (slice: Slice) => Promise<World>
  /**
   * Loads a slice for a read with every passed deadline of its tandems applied (ARCHITECTURE §2.2:
   * enforced when read). One load when none has passed; otherwise the expiry is committed first.
   */
  readonly loadCurrent: (slice: Slice, now: number) => Promise<World>
  /** Applies `apply` to the slice atomically; Left when the transition or a conditional write refuses. */
  readonly run: (slice: Slice, apply: Apply, now: number) => Promise<Either<DomainError, Transition>>
  /**
   * `run` on the slice with its passed deadlines applied first, in the same transaction and from the
   * same load. The expiry is committed even when `apply` refuses: it is due whatever the command.
   */
  readonly runCurrent: (slice: Slice, apply: Apply, now: number) => Promise<Either<DomainError, Transition>>
  /**
   * A follow-up command on the world an earlier command of the same request committed: only the
   * named users and the next tandem id are read again. Every write stays conditional on the version
   * the world holds, so anything changed meanwhile refuses the command instead of being overwritten.
   */
  readonly runAfter: (
    previous: World,
    refresh: { readonly userIds: readonly UserId[] },
    apply: Apply,
    now: number,
  ) => Promise<Either<DomainError, Transition>>
  readonly contactOf: (id: UserId) => Promise<Contact | undefined>
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

  const load = async (slice: Slice): Promise<World> => {
    const users = new Map<UserId, Participant>()
    const tandems = new Map<TandemId, Tandem>()
    const named = unique(slice.userIds)
    const tandemRows = [
      ...(await tandemRowsOf(named)),
      ...((slice.tandemIds ?? []).length === 0
        ? []
        : await db.all(
            k
              .selectFrom('tandems')
              .selectAll()
              .where('id', 'in', unique(slice.tandemIds ?? [])),
          )),
    ]
    for (const row of tandemRows) if (!tandems.has(row.id)) tandems.set(row.id, tandemOf(row))
    const userIds = unique([...named, ...(slice.extraUserIds ?? []), ...[...tandems.values()].flatMap((x) => [x.menteeId, x.mentorId])])
    for (const p of await participants(userIds)) users.set(p.id, p)
    const clusters = new Map<number, Cluster>(
      (await db.all(k.selectFrom('clusters').selectAll())).map((c) => [
        c.id,
        { clusterId: c.id, clusterText: c.title, isEnded: c.is_ended === 1, isDefault: c.is_default === 1 },
      ]),
    )
    return { users, tandems, clusters, nextTandemId: await nextTandemId() }
  }

  /** The world with the named users' tandems (and those tandems' users) added to it. */
  const widen = async (world: World, userIds: readonly UserId[]): Promise<World> => {
    const tandems = new Map(world.tandems)
    for (const row of await tandemRowsOf(userIds)) if (!tandems.has(row.id)) tandems.set(row.id, tandemOf(row))
    const users = new Map(world.users)
    const missing = unique([...userIds, ...[...tandems.values()].flatMap((x) => [x.menteeId, x.mentorId])]).filter((id) => !users.has(id))
    for (const p of await participants(missing)) users.set(p.id, p)
    return { ...world, users, tandems }
  }

  const participants = async (ids: readonly UserId[]): Promise<Participant[]> => {
    const found: Participant[] = []
    for (let i = 0; i < ids.length; i += 500) {
      for (const row of await db.all(
        k
          .selectFrom('users')
          .selectAll()
          .where('id', 'in', ids.slice(i, i + 500)),
      ))
        found.push(participantOf(row))
    }
    return found
  }

  const nextTandemId = async (): Promise<TandemId> =>
    ((await db.first(k.selectFrom('tandems').select((eb) => eb.fn.max('id').as('max'))))?.max ?? 0) + 1

  /**
   * The slice with its passed deadlines applied, inside a transaction. The partners of an expired
   * tandem come along with their own tandems, so their statuses settle on everything they hold.
   */
  const loadExpired = async (slice: Slice, now: number): Promise<{ readonly before: World; readonly expiry: Transition | null }> => {
    const first = await load(slice)
    const expired = expiredTandems(first, now)
    if (expired.length === 0) return { before: first, expiry: null }
    const named = new Set(slice.userIds)
    const partners = unique(expired.flatMap((x) => [x.menteeId, x.mentorId])).filter((id) => !named.has(id))
    const before = partners.length === 0 ? first : await widen(first, partners)
    const expiry = expireDeadlines(now)(before)
    if (isLeft(expiry)) throw new Conflict(expiry.left)
    return { before, expiry: expiry.right }
  }

  const contactOf = async (id: UserId): Promise<Contact | undefined> => {
    const row = await db.first(k.selectFrom('users').select(['id', 'email', 'first_name', 'last_name', 'language']).where('id', '=', id))
    return row === undefined
      ? undefined
      : { id: row.id, email: row.email, firstName: row.first_name, lastName: row.last_name, language: row.language === 'de' ? 'de' : 'en' }
  }

  /** The statistics' first proposal and first match of each side (the earliest one is kept). */
  const recordTandemFacts = async (x: Tandem): Promise<void> => {
    const matchedAt = x.state === 'MATCHED' ? x.mentorProposal.decidedAt : null
    for (const [id, side] of [
      [x.menteeId, 'mentee'],
      [x.mentorId, 'mentor'],
    ] as const)
      await db.run(
        k
          .updateTable('users')
          .set((eb) => ({
            [`${side}_proposed_at`]: eb.fn.coalesce(`${side}_proposed_at`, eb.val(x.createdAt)),
            [`${side}_matched_at`]: eb.fn.coalesce(`${side}_matched_at`, eb.val(matchedAt)),
          }))
          .where('id', '=', id),
      )
  }

  const writeBack = async (before: World, after: World, now: number): Promise<void> => {
    for (const [id, p] of after.users) {
      const old = before.users.get(id)
      if (old === p) continue
      if (old === undefined) throw new Error(`transition invented user ${id}`)
      const started = p.mentee?.lastStartedAt ?? null
      const changed = await db.run(
        k
          .updateTable('users')
          // The first start is kept for the statistics (time to a match); the participant knows only the last.
          .set((eb) => ({ ...participantColumns(p), mentee_first_started_at: eb.fn.coalesce('mentee_first_started_at', eb.val(started)) }))
          .where('id', '=', id)
          .where('version', '=', old.version),
      )
      if (changed !== 1) throw new Conflict({ _tag: 'TandemChanged' })
      if (old.mentor?.published !== p.mentor?.published || old.mentor?.poolSince !== p.mentor?.poolSince) await db.bumpMentorPool()
    }
    for (const [id, x] of after.tandems) {
      const old = before.tandems.get(id)
      if (old === x) continue
      await recordTandemFacts(x)
      if (old === undefined) await db.run(k.insertInto('tandems').values(tandemColumns(x)))
      else {
        const changed = await db.run(k.updateTable('tandems').set(tandemColumns(x)).where('id', '=', id).where('version', '=', old.version))
        if (changed !== 1) throw new Conflict({ _tag: 'TandemChanged' })
      }
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

  const appendOutbox = async (events: readonly DomainEvent[], now: number): Promise<void> => {
    if (events.length === 0) return
    // The notifier maps synchronously: the contacts it may ask for are read first.
    const contacts = new Map<UserId, Contact | undefined>()
    for (const id of unique(events.flatMap(recipientsOf))) contacts.set(id, await contactOf(id))
    for (const row of notify(events, (id) => contacts.get(id), now)) await insertOutboxRow(db, row)
  }

  /** One command in one transaction: read, apply, write what changed, append its mails. */
  const command = async (
    read: () => Promise<{ readonly before: World; readonly expiry: Transition | null }>,
    apply: Apply,
    now: number,
  ): Promise<Either<DomainError, Transition>> => {
    try {
      return await db.transaction(async (): Promise<Either<DomainError, Transition>> => {
        // One world command at a time across every instance, as on the SQLite file: each reads its
        // slice and the next tandem id (max + 1) after the previous one committed, so concurrent
        // commands of several instances decide on what the others wrote instead of colliding on
        // the same tandem id or mentor and failing with TandemChanged (decision 0022).
        await serialiseTransactions(db, WORLD_LOCK)
        const { before, expiry } = await read()
        const result = apply(expiry?.world ?? before)
        if (isLeft(result)) {
          if (expiry === null) throw new Conflict(result.left)
          await writeBack(before, expiry.world, now)
          await appendOutbox(expiry.events, now)
          return result
        }
        const done = { world: result.right.world, events: [...(expiry?.events ?? []), ...result.right.events] }
        await writeBack(before, done.world, now)
        await appendOutbox(done.events, now)
        return right(done)
      })
    } catch (e) {
      if (e instanceof Conflict) return left(e.error)
      // The partial unique index refuses a second live tandem of one mentor: someone was faster.
      if (isUniqueViolation(e)) return left({ _tag: 'TandemChanged' })
      throw e
    }
  }

  const run: WorldStore['run'] = (slice, apply, now) => command(async () => ({ before: await load(slice), expiry: null }), apply, now)

  const runCurrent: WorldStore['runCurrent'] = (slice, apply, now) => command(() => loadExpired(slice, now), apply, now)

  const runAfter: WorldStore['runAfter'] = (previous, refresh, apply, now) =>
    command(
      async () => {
        const users = new Map(previous.users)
        for (const p of await participants(unique(refresh.userIds))) users.set(p.id, p)
        return { before: { ...previous, users, nextTandemId: await nextTandemId() }, expiry: null }
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
