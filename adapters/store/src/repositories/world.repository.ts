// Runs one domain command as one transaction (SQLite or PostgreSQL): load the World slice the command needs, apply
// the core transition, write back what changed (conditional on the loaded version), append the
// notifications of its events to the outbox, commit. Any failure rolls everything back.
// The reads are world.reads.ts, the writes world.writes.ts; this file runs them as one command.
import {
  expireDeadlines,
  expiredTandems,
  waitlistRoundReasons,
  tandemIdOf,
  type DomainError,
  type DomainEvent,
  type Transition,
  type UserId,
  type World,
} from '@tandem/core'
import { left, right, isLeft, type Either } from 'fp-ts/lib/Either.js'
import { together, type Database } from '../portable/database.js'
import { isMissedVersion, isNoFreePlace, isUniqueViolation } from '../portable/dialect.js'
import { insertOutboxRows } from './outbox.repository.js'
import { tandemOf } from '../portable/rows.js'
import { unique, worldReads, type Contacts } from './world.reads.js'
import { worldWrites } from './world.writes.js'
import type { Slice, Contact, Notifier, Apply, WorldStore } from '@tandem/application/ports'

export type { Slice, Contact, Notifier, Apply, WorldStore }

class Conflict extends Error {
  constructor(readonly error: DomainError) {
    super(error._tag)
  }
}

/** Everyone an event may notify: the notifier is asked for no one else. */
const recipientsOf = (event: DomainEvent): UserId[] =>
  (['menteeId', 'mentorId', 'partnerId'] as const).flatMap((key) =>
    key in event ? [(event as unknown as Record<typeof key, UserId>)[key]] : [],
  )

export const createWorldStore = (db: Database, notify: Notifier): WorldStore => {
  const k = db.kysely
  const { load, widen, participants, liveTandemRowsOf, contactOf } = worldReads(db)
  const { writeBack, insertCreated, numbered } = worldWrites(db)

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

  /**
   * The contacts the notifier may ask for about these events (it maps synchronously). Those of the
   * users the command read are at hand; the others are read before the command writes.
   */
  const contactsFor = async (events: readonly DomainEvent[], seen: Contacts): Promise<Map<UserId, Contact | undefined>> => {
    const contacts = new Map<UserId, Contact | undefined>()
    for (const id of unique(events.flatMap(recipientsOf))) contacts.set(id, seen.get(id) ?? (await contactOf(id)))
    return contacts
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
