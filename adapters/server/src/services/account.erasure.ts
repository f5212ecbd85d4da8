// Erases a user's personal data from our database (DeleteUserFromIdp with deletefromDB=true) while
// the partners' tandem history stays whole: those tandems pass to one anonymous placeholder user.
import type { UserId } from '@tandem/core'
import { sql } from 'kysely'
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
  const id = ctx.users.insert({
    ...DELETED_USER, firstName: '', lastName: 'Deleted user', gender: 'NA', birthDate: null, language: 'en',
    roles: [], acceptedPrivacy: false, acceptedTerms: false, menteeClusterId: null,
  }, 0)
  if (id === undefined) throw new Error('the deleted-user placeholder could not be created')
  return id
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The text with each name, as a whole word, replaced by a dash. */
export const withoutNames = (text: string, names: readonly string[]): string =>
  names.filter((n) => n.trim() !== '').reduce((out, name) => out.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escape(name.trim())}(?![\\p{L}\\p{N}])`, 'gu'), '–'), text)

/**
 * In one transaction: the user's tandems move to the placeholder with the user's own free texts
 * (comments, information for the mentee) cleared, the mails addressed to them leave the outbox (and
 * partners' mails lose what they said about them), and
 * the user row goes, taking answers, profile answers and the profile image with it (foreign keys
 * cascade). Live tandems must have been released before.
 */
export const eraseUser = (ctx: ServiceContext, id: UserId): void => {
  const db = ctx.db
  const k = db.kysely
  db.transaction(() => {
    const user = ctx.users.byId(id)
    if (user === undefined) return
    const placeholder = placeholderId(ctx)
    db.run(k.updateTable('tandems').set({ mentee_id: placeholder, mentee_comment: null }).where('mentee_id', '=', id))
    db.run(k.updateTable('tandems').set({ mentor_id: placeholder, mentor_comment: null, mentor_info_text: null }).where('mentor_id', '=', id))
    db.run(k.deleteFrom('outbox').where((eb) => eb.or([eb('user_id', '=', id), eb(eb.fn<string>('lower', ['recipient_email']), '=', user.email.toLowerCase())])))
    // Partners' mails may carry the user as their partner (name and address in the template data):
    // undelivered ones must not go out any more; delivered ones keep subject and date, not the data.
    const mentions = sql<boolean>`instr(lower(data), ${user.email.toLowerCase()}) > 0`
    db.run(k.deleteFrom('outbox').where(mentions).where('status', 'in', ['pending', 'failed']))
    // Their subjects may name the user too ("you and Zelda are now a tandem"): the name gives way.
    for (const row of db.all(k.selectFrom('outbox').select(['id', 'subject']).where(mentions))) {
      db.run(k.updateTable('outbox').set({ data: '{}', subject: withoutNames(row.subject, [user.firstName, user.lastName]) }).where('id', '=', row.id))
    }
    ctx.users.remove(id)
  })
}
