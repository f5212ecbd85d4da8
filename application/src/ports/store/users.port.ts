// The store's users as the application needs it; @tandem/store implements it.
import { type ConsentRecord, type ConsentVersions, type Language, type Participant, type RoleName, type UserId } from '@tandem/core'

import type { Gender } from '@tandem/core'

export type { Gender }

export type UserRecord = {
  readonly id: UserId
  readonly issuer: string
  readonly subject: string
  readonly email: string
  readonly firstName: string
  readonly lastName: string
  readonly gender: Gender
  readonly birthDate: string | null
  readonly language: Language
  readonly roles: readonly RoleName[]
  readonly countryCodeId: number | null
  readonly stateOriginalId: number | null
  readonly city: string
  readonly professionalPosition: string
  readonly company: string
  readonly registeredAt: number
  readonly hasImage: boolean
  readonly participant: Participant
}

export type NewUser = Pick<
  UserRecord,
  'issuer' | 'subject' | 'email' | 'firstName' | 'lastName' | 'gender' | 'birthDate' | 'language' | 'roles'
> & {
  readonly acceptedPrivacy: boolean
  readonly acceptedTerms: boolean
  readonly menteeClusterId: number | null
}

export type ProfileFields = {
  readonly countryCodeId: number | null
  readonly stateOriginalId: number | null
  readonly city: string
  readonly professionalPosition: string
  readonly company: string
  readonly language: Language
  readonly menteeClusterId: number | null
  readonly profileAnswers: readonly {
    readonly questionId: number
    readonly answer: string
  }[]
}

export type UsersRepository = {
  byId: (id: UserId) => Promise<UserRecord | undefined>
  bySubject: (issuer: string, subject: string) => Promise<UserRecord | undefined>
  /** Case-insensitive, as the column's collation says. */
  byEmail: (email: string) => Promise<UserRecord | undefined>
  all: () => Promise<UserRecord[]>
  /**
   * Inserts a user with the sides their roles hold (status NEW), and the consent versions they
   * accepted at `now` when given, in one transaction; undefined when the e-mail or subject is taken.
   */
  insert: (user: NewUser, now: number, acceptedVersions?: ConsentVersions) => Promise<UserId | undefined>
  /** Refreshes what the identity provider owns (names, e-mail, birth date, gender). */
  updateIdentity: (id: UserId, claims: Pick<UserRecord, 'email' | 'firstName' | 'lastName' | 'birthDate' | 'gender'>) => Promise<void>
  /** SyncDBFromIdp: what the embedded provider holds, the language included, in one write. */
  replaceIdentity: (
    id: UserId,
    claims: Pick<UserRecord, 'email' | 'firstName' | 'lastName' | 'birthDate' | 'gender' | 'language'>,
  ) => Promise<void>
  /**
   * Adds a role (a mentee registering as mentor too); the new side starts NEW. The row is read
   * locked: the roles and version written come from it, so a world command or another addition
   * committing meanwhile (PostgreSQL) must not be overwritten.
   */
  addRole: (id: UserId, role: 'Mentee' | 'Mentor', menteeClusterId: number | null) => Promise<void>
  setRoles: (id: UserId, roles: readonly RoleName[]) => Promise<void>
  /** Saves the profile; the mentee's program year only while the caller allows it. */
  updateProfile: (id: UserId, fields: ProfileFields) => Promise<void>
  profileAnswers: (id: UserId) => Promise<
    {
      questionId: number
      answer: string
    }[]
  >
  setImage: (id: UserId, mime: string, bytes: Buffer) => Promise<void>
  removeImage: (id: UserId) => Promise<void>
  /** The consents given at sign-up (accepted then; the registration time is their date). */
  consentsOf: (id: UserId) => Promise<
    | {
        privacy: boolean
        terms: boolean
        at: number
      }
    | undefined
  >
  /** The version and time of each document the user accepted (none for accounts from before versions). */
  acceptedConsents: (id: UserId) => Promise<ConsentRecord[]>
  acceptConsents: (id: UserId, versions: ConsentVersions, now: number) => Promise<void>
  image: (id: UserId) => Promise<
    | {
        mime: string
        bytes: Buffer
      }
    | undefined
  >
  /** Deletes the user and everything that is theirs (answers, image, tandems cascade). */
  remove: (id: UserId) => Promise<boolean>
}
