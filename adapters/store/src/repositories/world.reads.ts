// The world store's reads: a slice of the World a command needs (the named users, their tandems,
// their partners' live tandems, the program years), locked inside a command on PostgreSQL, and
// the contacts of the users read, kept for the command's mails.
import {
  LIVE_TANDEM_STATES,
  tandemIdOf,
  userIdOf,
  type Cluster,
  type ClusterId,
  type Participant,
  type Tandem,
  type TandemId,
  type UserId,
  type World,
} from '@tandem/core'
import { together, type Database } from '../portable/database.js'
import { forUpdate } from '../portable/dialect.js'
import { clusterOf, participantOf, tandemOf } from '../portable/rows.js'
import type { Slice, Contact } from '@tandem/application/ports'

export const unique = <A>(xs: readonly A[]): A[] => [...new Set(xs)]

/**
 * The contacts of the users a command read under its lock, kept from the rows it loaded anyway:
 * its mails need no further read per recipient while the other instances wait for the lock.
 */
export type Contacts = Map<UserId, Contact>

const contactFromRow = (row: { id: number; email: string; first_name: string; last_name: string; language: string }): Contact => ({
  id: userIdOf(row.id),
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  language: row.language === 'de' ? 'de' : 'en',
})

export const worldReads = (db: Database) => {
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

  const contactOf = async (id: UserId): Promise<Contact | undefined> => {
    const row = await db.first(k.selectFrom('users').select(['id', 'email', 'first_name', 'last_name', 'language']).where('id', '=', id))
    return row === undefined ? undefined : contactFromRow(row)
  }

  return { load, widen, participants, liveTandemRowsOf, contactOf }
}
