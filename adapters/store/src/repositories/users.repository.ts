// Users: account data keyed by issuer + subject, the profile, the profile image and the free-text
// profile answers. Participant status columns are written only through the world store.
import {
  CONSENT_DOCUMENTS,
  Gender,
  userIdOf,
  type ConsentDocument,
  type ConsentRecord,
  type ConsentVersions,
  type RoleName,
  type Side,
  type UserId,
} from '@tandem/core'
import type { Database } from '../portable/database.js'
import { forUpdate, isUniqueViolation } from '../portable/dialect.js'
import { participantOf, rolesOf, type UserRow } from '../portable/rows.js'
import type { UserRecord, NewUser, ProfileFields, UsersRepository } from '@tandem/application/ports'

/** The stored gender is core's (re-exported for the store's callers). */
export type { Gender, UserRecord, NewUser, ProfileFields, UsersRepository }

const isConsentDocument = (text: string): text is ConsentDocument => (CONSENT_DOCUMENTS as readonly string[]).includes(text)

const recordOf = (row: UserRow, hasImage: boolean): UserRecord => ({
  id: userIdOf(row.id),
  issuer: row.issuer,
  subject: row.subject,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  gender: Gender.is(row.gender) ? row.gender : 'NA',
  birthDate: row.birth_date,
  language: row.language === 'de' ? 'de' : 'en',
  roles: rolesOf(row),
  countryCodeId: row.country_code_id,
  stateOriginalId: row.state_original_id,
  city: row.city,
  professionalPosition: row.professional_position,
  company: row.company,
  registeredAt: row.registered_at,
  hasImage,
  participant: participantOf(row),
})

export const createUsersRepository = (db: Database): UsersRepository => {
  const k = db.kysely
  /** A user with whether they have a profile image (1 or 0, as the flags are on both databases), in one statement. */
  const users = () =>
    k
      .selectFrom('users')
      .selectAll('users')
      .select((eb) =>
        eb
          .case()
          .when(
            eb.exists(eb.selectFrom('profile_images').select('profile_images.user_id').whereRef('profile_images.user_id', '=', 'users.id')),
          )
          .then(1)
          .else(0)
          .end()
          .as('has_image'),
      )
  const withImage = (row: (UserRow & { readonly has_image: number }) | undefined): UserRecord | undefined =>
    row === undefined ? undefined : recordOf(row, row.has_image === 1)
  /** Records both documents as accepted in these versions at `now` (a later acceptance replaces an earlier one). */
  const acceptConsents = async (id: UserId, versions: ConsentVersions, now: number): Promise<void> => {
    for (const document of CONSENT_DOCUMENTS)
      await db.run(
        k
          .insertInto('consents')
          .values({ user_id: id, document, version: versions[document], accepted_at: now })
          .onConflict((oc) => oc.columns(['user_id', 'document']).doUpdateSet({ version: versions[document], accepted_at: now })),
      )
  }

  return {
    byId: async (id: UserId) => withImage(await db.first(users().where('users.id', '=', id))),
    bySubject: async (issuer: string, subject: string) =>
      withImage(await db.first(users().where('users.issuer', '=', issuer).where('users.subject', '=', subject))),
    /** Case-insensitive, as the column's collation says. */
    byEmail: async (email: string) => withImage(await db.first(users().where('users.email', '=', email))),

    all: async (): Promise<UserRecord[]> => {
      const images = new Set((await db.all(k.selectFrom('profile_images').select('user_id'))).map((r) => r.user_id))
      return (await db.all(k.selectFrom('users').selectAll().orderBy('id'))).map((r) => recordOf(r, images.has(r.id)))
    },

    /**
     * Inserts a user with the sides their roles hold (status NEW), and the consent versions they
     * accepted at `now` when given, in one transaction; undefined when the e-mail or subject is taken.
     */
    insert: async (user: NewUser, now: number, acceptedVersions?: ConsentVersions): Promise<UserId | undefined> => {
      const holds = (side: Side) => user.roles.includes(side) || user.roles.includes('Both')
      try {
        return await db.transaction(async () => {
          const row = await db.first(
            k
              .insertInto('users')
              .values({
                issuer: user.issuer,
                subject: user.subject,
                email: user.email,
                first_name: user.firstName,
                last_name: user.lastName,
                gender: user.gender,
                birth_date: user.birthDate,
                language: user.language,
                roles: JSON.stringify(user.roles),
                country_code_id: null,
                state_original_id: null,
                city: '',
                professional_position: '',
                company: '',
                registered_at: now,
                accepted_privacy: user.acceptedPrivacy ? 1 : 0,
                accepted_terms: user.acceptedTerms ? 1 : 0,
                version: 1,
                mentee_status: holds('Mentee') ? 'NEW' : null,
                mentee_no_match: 0,
                mentee_cluster_id: holds('Mentee') ? user.menteeClusterId : null,
                mentee_last_started_at: null,
                mentor_status: holds('Mentor') ? 'NEW' : null,
                mentor_published: 0,
                mentor_last_published_at: null,
                mentor_last_saved_at: null,
                mentor_pool_since: null,
              })
              .returning('id'),
          )
          if (row === undefined) return undefined
          if (acceptedVersions !== undefined) await acceptConsents(userIdOf(row.id), acceptedVersions, now)
          return userIdOf(row.id)
        })
      } catch (e) {
        if (isUniqueViolation(e)) return undefined
        throw e
      }
    },

    /** Refreshes what the identity provider owns (names, e-mail, birth date, gender). */
    updateIdentity: async (
      id: UserId,
      claims: Pick<UserRecord, 'email' | 'firstName' | 'lastName' | 'birthDate' | 'gender'>,
    ): Promise<void> => {
      await db.run(
        k
          .updateTable('users')
          .set({
            email: claims.email,
            first_name: claims.firstName,
            last_name: claims.lastName,
            birth_date: claims.birthDate,
            gender: claims.gender,
          })
          .where('id', '=', id),
      )
    },

    /** SyncDBFromIdp: what the embedded provider holds, the language included, in one write. */
    replaceIdentity: async (
      id: UserId,
      claims: Pick<UserRecord, 'email' | 'firstName' | 'lastName' | 'birthDate' | 'gender' | 'language'>,
    ): Promise<void> => {
      await db.run(
        k
          .updateTable('users')
          .set({
            email: claims.email,
            first_name: claims.firstName,
            last_name: claims.lastName,
            birth_date: claims.birthDate,
            gender: claims.gender,
            language: claims.language,
          })
          .where('id', '=', id),
      )
    },

    /**
     * Adds a role (a mentee registering as mentor too); the new side starts NEW. The row is read
     * locked: the roles and version written come from it, so a world command or another addition
     * committing meanwhile (PostgreSQL) must not be overwritten.
     */
    addRole: async (id: UserId, role: 'Mentee' | 'Mentor', menteeClusterId: number | null): Promise<void> => {
      await db.transaction(async () => {
        const row = await db.first(forUpdate(db, k.selectFrom('users').selectAll().where('id', '=', id), 'no key update'))
        if (row === undefined) return
        const roles = rolesOf(row)
        if (roles.includes(role)) return
        const next = [...roles, role]
        await db.run(
          k
            .updateTable('users')
            .set(
              role === 'Mentee'
                ? { roles: JSON.stringify(next), mentee_status: 'NEW', mentee_cluster_id: menteeClusterId, version: row.version + 1 }
                : { roles: JSON.stringify(next), mentor_status: 'NEW', version: row.version + 1 },
            )
            .where('id', '=', id),
        )
      })
    },

    setRoles: async (id: UserId, roles: readonly RoleName[]): Promise<void> => {
      await db.run(
        k
          .updateTable('users')
          .set({ roles: JSON.stringify(roles) })
          .where('id', '=', id),
      )
    },

    /** Saves the profile; the mentee's program year only while the caller allows it. */
    updateProfile: async (id: UserId, fields: ProfileFields): Promise<void> => {
      await db.transaction(async () => {
        await db.run(
          k
            .updateTable('users')
            .set((eb) => ({
              country_code_id: fields.countryCodeId,
              state_original_id: fields.stateOriginalId,
              city: fields.city,
              professional_position: fields.professionalPosition,
              company: fields.company,
              language: fields.language,
              // Typed in the statement: PostgreSQL takes a bare parameter in a CASE for text.
              mentee_cluster_id: eb
                .case()
                .when('mentee_status', 'is not', null)
                .then(eb.cast<number | null>(eb.val(fields.menteeClusterId), 'bigint'))
                .else(null)
                .end(),
              version: eb('version', '+', 1),
            }))
            .where('id', '=', id),
        )
        await db.run(k.deleteFrom('profile_answers').where('user_id', '=', id))
        for (const a of fields.profileAnswers) {
          await db.run(k.insertInto('profile_answers').values({ user_id: id, question_id: a.questionId, answer: a.answer }))
        }
      })
    },

    profileAnswers: async (id: UserId): Promise<{ questionId: number; answer: string }[]> =>
      (
        await db.all(k.selectFrom('profile_answers').select(['question_id', 'answer']).where('user_id', '=', id).orderBy('question_id'))
      ).map((r) => ({ questionId: r.question_id, answer: r.answer })),

    setImage: async (id: UserId, mime: string, bytes: Buffer): Promise<void> => {
      await db.run(
        k
          .insertInto('profile_images')
          .values({ user_id: id, mime, bytes })
          .onConflict((oc) => oc.column('user_id').doUpdateSet({ mime, bytes })),
      )
    },
    removeImage: async (id: UserId): Promise<void> => {
      await db.run(k.deleteFrom('profile_images').where('user_id', '=', id))
    },
    /** The consents given at sign-up (accepted then; the registration time is their date). */
    consentsOf: async (id: UserId): Promise<{ privacy: boolean; terms: boolean; at: number } | undefined> => {
      const row = await db.first(k.selectFrom('users').select(['accepted_privacy', 'accepted_terms', 'registered_at']).where('id', '=', id))
      return row === undefined ? undefined : { privacy: row.accepted_privacy === 1, terms: row.accepted_terms === 1, at: row.registered_at }
    },
    /** The version and time of each document the user accepted (none for accounts from before versions). */
    acceptedConsents: async (id: UserId): Promise<ConsentRecord[]> =>
      (
        await db.all(k.selectFrom('consents').select(['document', 'version', 'accepted_at']).where('user_id', '=', id).orderBy('document'))
      ).flatMap((r) => (isConsentDocument(r.document) ? [{ document: r.document, version: r.version, acceptedAt: r.accepted_at }] : [])),
    acceptConsents: async (id: UserId, versions: ConsentVersions, now: number): Promise<void> =>
      await db.transaction(async () => acceptConsents(id, versions, now)),
    image: async (id: UserId): Promise<{ mime: string; bytes: Buffer } | undefined> =>
      await db.first(k.selectFrom('profile_images').select(['mime', 'bytes']).where('user_id', '=', id)),

    /** Deletes the user and everything that is theirs (answers, image, tandems cascade). */
    remove: async (id: UserId): Promise<boolean> =>
      await db.transaction(async () => {
        await db.bumpMentorPool()
        return (await db.run(k.deleteFrom('users').where('id', '=', id))) === 1
      }),
  }
}
