// Runs one domain command as one SQLite transaction: load the World slice the command needs, apply
// the core transition, write back what changed (conditional on the loaded version), append the
// notifications of its events to the outbox, commit. Any failure rolls everything back.
import type { Cluster, DomainError, DomainEvent, Language, Participant, Tandem, TandemId, Transition, TransitionResult, UserId, World } from '@tandem/core'
import { left, right, isLeft, type Either } from 'fp-ts/lib/Either.js'
import type { Database } from './database.js'
import { insertOutboxRow, type NewOutboxRow } from './outbox.repository.js'
import { participantColumns, participantOf, tandemColumns, tandemOf } from './rows.js'

/** Which part of the world a command reads; tandems of the named users and their partners come along. */
export type Slice = {
  readonly userIds: readonly UserId[]
  readonly tandemIds?: readonly TandemId[]
  /** Users loaded without their tandems (candidate mentors of a matching run). */
  readonly extraUserIds?: readonly UserId[]
}

export type Contact = { readonly id: UserId; readonly email: string; readonly firstName: string; readonly lastName: string; readonly language: Language }

/** Maps a command's events to outbox rows; given by the composition root (the mail adapter's rules). */
export type Notifier = (events: readonly DomainEvent[], contactOf: (id: UserId) => Contact | undefined, now: number) => readonly NewOutboxRow[]

class Conflict extends Error {
  constructor(readonly error: DomainError) { super(error._tag) }
}

const unique = <A>(xs: readonly A[]): A[] => [...new Set(xs)]

export type WorldStore = {
  /** Loads a slice outside any command, for reads. */
  readonly load: (slice: Slice) => World
  /** Applies `apply` to the slice atomically; Left when the transition or a conditional write refuses. */
  readonly run: (slice: Slice, apply: (world: World) => TransitionResult, now: number) => Either<DomainError, Transition>
  readonly contactOf: (id: UserId) => Contact | undefined
}

export const createWorldStore = (db: Database, notify: Notifier): WorldStore => {
  const k = db.kysely

  const load = (slice: Slice): World => {
    const users = new Map<UserId, Participant>()
    const tandems = new Map<TandemId, Tandem>()
    const named = unique(slice.userIds)
    const tandemRows = [
      ...(named.length === 0 ? [] : db.all(k.selectFrom('tandems').selectAll().where((eb) => eb.or([eb('mentee_id', 'in', named), eb('mentor_id', 'in', named)])))),
      ...((slice.tandemIds ?? []).length === 0 ? [] : db.all(k.selectFrom('tandems').selectAll().where('id', 'in', unique(slice.tandemIds ?? [])))),
    ]
    for (const row of tandemRows) if (!tandems.has(row.id)) tandems.set(row.id, tandemOf(row))
    const userIds = unique([...named, ...(slice.extraUserIds ?? []), ...[...tandems.values()].flatMap((x) => [x.menteeId, x.mentorId])])
    for (let i = 0; i < userIds.length; i += 500) {
      const chunk = userIds.slice(i, i + 500)
      for (const row of db.all(k.selectFrom('users').selectAll().where('id', 'in', chunk))) users.set(row.id, participantOf(row))
    }
    const clusters = new Map<number, Cluster>(
      db.all(k.selectFrom('clusters').selectAll()).map((c) => [c.id, { clusterId: c.id, clusterText: c.title, isEnded: c.is_ended === 1, isDefault: c.is_default === 1 }]),
    )
    const max = db.first(k.selectFrom('tandems').select((eb) => eb.fn.max('id').as('max')))
    return { users, tandems, clusters, nextTandemId: (max?.max ?? 0) + 1 }
  }

  const contactOf = (id: UserId): Contact | undefined => {
    const row = db.first(k.selectFrom('users').select(['id', 'email', 'first_name', 'last_name', 'language']).where('id', '=', id))
    return row === undefined ? undefined : { id: row.id, email: row.email, firstName: row.first_name, lastName: row.last_name, language: row.language === 'de' ? 'de' : 'en' }
  }

  const writeBack = (before: World, after: World): void => {
    for (const [id, p] of after.users) {
      const old = before.users.get(id)
      if (old === p) continue
      if (old === undefined) throw new Error(`transition invented user ${id}`)
      const changed = db.run(k.updateTable('users').set(participantColumns(p)).where('id', '=', id).where('version', '=', old.version))
      if (changed !== 1) throw new Conflict({ _tag: 'TandemChanged' })
      if (old.mentor?.published !== p.mentor?.published || old.mentor?.poolSince !== p.mentor?.poolSince) db.bumpMentorPool()
    }
    for (const [id, x] of after.tandems) {
      const old = before.tandems.get(id)
      if (old === x) continue
      if (old === undefined) db.run(k.insertInto('tandems').values(tandemColumns(x)))
      else {
        const changed = db.run(k.updateTable('tandems').set(tandemColumns(x)).where('id', '=', id).where('version', '=', old.version))
        if (changed !== 1) throw new Conflict({ _tag: 'TandemChanged' })
      }
    }
    for (const [id, c] of after.clusters) {
      if (before.clusters.get(id) === c) continue
      db.run(k.updateTable('clusters').set({ title: c.clusterText, is_ended: c.isEnded ? 1 : 0, is_default: c.isDefault ? 1 : 0 }).where('id', '=', id))
    }
  }

  const appendOutbox = (events: readonly DomainEvent[], now: number): void => {
    if (events.length === 0) return
    for (const row of notify(events, contactOf, now)) insertOutboxRow(db, row)
  }

  const run: WorldStore['run'] = (slice, apply, now) => {
    try {
      return right(db.transaction(() => {
        const before = load(slice)
        const result = apply(before)
        if (isLeft(result)) throw new Conflict(result.left)
        writeBack(before, result.right.world)
        appendOutbox(result.right.events, now)
        return result.right
      }))
    } catch (e) {
      if (e instanceof Conflict) return left(e.error)
      // The partial unique index refuses a second live tandem of one mentor: someone was faster.
      if (e instanceof Error && 'code' in e && e.code === 'SQLITE_CONSTRAINT_UNIQUE') return left({ _tag: 'TandemChanged' })
      throw e
    }
  }

  return { load, run, contactOf }
}
