// Erases a user's personal data from our database (DeleteUserFromIdp with deletefromDB=true) while
// the partners' tandem history stays whole: those tandems pass to one anonymous placeholder user.
import type { UserId } from '@tandem/core'
import type { ServiceContext } from './context.js'

/**
 * The placeholder that takes the deleted users' places in closed tandems. Its issuer is no URL, so
 * no token can ever name it; it holds no side, so it is never listed, matched or mailed.
 */
export const DELETED_USER = { issuer: 'urn:tandem:deleted', subject: 'deleted-user', email: 'deleted-user@tandem.invalid' } as const

export const isDeletedPlaceholder = (user: { readonly issuer: string; readonly subject: string }): boolean =>
  user.issuer === DELETED_USER.issuer && user.subject === DELETED_USER.subject

const placeholderId = (ctx: ServiceContext): UserId => {
  const existing = ctx.users.bySubject(DELETED_USER.issuer, DELETED_USER.subject)
  if (existing !== undefined) return existing.id
  const id = ctx.users.insert(
    {
      ...DELETED_USER,
      firstName: '',
      lastName: 'Deleted user',
      gender: 'NA',
      birthDate: null,
      language: 'en',
      roles: [],
      acceptedPrivacy: false,
      acceptedTerms: false,
      menteeClusterId: null,
    },
    0,
  )
  if (id === undefined) throw new Error('the deleted-user placeholder could not be created')
  return id
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The text with each name, as a whole word, replaced by a dash. */
export const withoutNames = (text: string, names: readonly string[]): string =>
  names
    .filter((n) => n.trim() !== '')
    .reduce((out, name) => out.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escape(name.trim())}(?![\\p{L}\\p{N}])`, 'gu'), '–'), text)

/** Erases the user's personal data (the repository's erase, with the placeholder and name rules here). */
export const eraseUser = (ctx: ServiceContext, id: UserId, recordDeletion?: () => void): void => {
  ctx.erasure.erase(id, {
    placeholderId: () => placeholderId(ctx),
    scrubSubject: (subject, user) => withoutNames(subject, [user.firstName, user.lastName]),
    ...(recordDeletion === undefined ? {} : { recordDeletion }),
  })
}
