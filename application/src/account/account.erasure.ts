// Erases a user's personal data from our database (DeleteUserFromIdp with deletefromDB=true) while
// the partners' tandem history stays whole: those tandems pass to one anonymous placeholder user.
import { liveTandemsOf, releaseTandem, releaseTandemsOfLeavingUser, tandemsOf, type DomainError, type UserId } from '@tandem/core'
import type { UserRecord } from '../ports/store/index.js'
import { isLeft, right, type Either } from 'fp-ts/lib/Either.js'
import type { ServiceContext } from '../context.js'
import { withMentorshipEnd } from '../mentorship/checkins.js'
import type { CheckInContext } from '../mentorship/checkins.js'

/**
 * The placeholder that takes the deleted users' places in closed tandems. Its issuer is no URL, so
 * no token can ever name it; it holds no side, so it is never listed, matched or mailed.
 */
export const DELETED_USER = { issuer: 'urn:tandem:deleted', subject: 'deleted-user', email: 'deleted-user@tandem.invalid' } as const

export const isDeletedPlaceholder = (user: { readonly issuer: string; readonly subject: string }): boolean =>
  user.issuer === DELETED_USER.issuer && user.subject === DELETED_USER.subject

const placeholderId = async (ctx: Pick<ServiceContext, 'users'>): Promise<UserId> => {
  const existing = await ctx.users.bySubject(DELETED_USER.issuer, DELETED_USER.subject)
  if (existing !== undefined) return existing.id
  const id = await ctx.users.insert(
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

/** Who deletes: an administrator (live tandems released, partners not mailed) or the person themselves
 *  (live tandems released the same way, each partner who saw the tandem told with PARTNER_LEFT). */
export type DeletedBy = 'Admin' | 'Self'

export type DeleteAccountPorts = Pick<
  ServiceContext,
  | 'checkInMails'
  | 'clock'
  | 'deleteIdentity'
  | 'deletedSubjects'
  | 'eraseMailFiles'
  | 'erasure'
  | 'inOneTransaction'
  | 'logger'
  | 'meetingMails'
  | 'meetings'
  | 'mentorship'
  | 'outbox'
  | 'publicUrl'
  | 'store'
  | 'timeZone'
  | 'users'
>

/**
 * Deletes an account for good, one path for an administrator's deletion and a person's own. The
 * provider first: once its account, sessions and refresh tokens are gone no new token can name the
 * person. Then one transaction: the release of the live tandems, the record that refuses every
 * older token, and (erase) the erasure of the personal data; then the mail files. Interrupted
 * between the provider and the transaction, the user is still listed and can be deleted again.
 */
export const deleteAccount = async (
  ctx: DeleteAccountPorts,
  user: UserRecord,
  how: { readonly by: DeletedBy; readonly erase: boolean },
): Promise<Either<DomainError, true>> => {
  await ctx.deleteIdentity(user.issuer, user.subject)
  const release = () => releaseLiveTandems(ctx, user.id, how.by)
  const recordDeletion = async () => await ctx.deletedSubjects.record(user.issuer, user.subject, ctx.clock())
  if (!how.erase) {
    const released = await release()
    if (isLeft(released)) return released
    await recordDeletion()
    return right(true)
  }
  const erased = await eraseUser(ctx, user.id, { before: release, recordDeletion })
  if (isLeft(erased)) return erased
  await ctx.eraseMailFiles(erased.right?.outboxIds ?? [], user.email)
  return right(true)
}

type ReleaseLiveTandemsPorts = CheckInContext

/**
 * Ends what still binds the partners, so nobody is left waiting on a deleted user (each as a release
 * does). A MATCHED team's timeline ends with it: the partner gets the closing survey, the leaving
 * person nothing.
 */
const releaseLiveTandems = async (ctx: ReleaseLiveTandemsPorts, id: UserId, by: DeletedBy): Promise<Either<DomainError, unknown>> => {
  const now = ctx.clock()
  const live = liveTandemsOf(await ctx.store.load({ userIds: [id] }), id)
  if (by === 'Self')
    return await withMentorshipEnd(
      ctx,
      live.map((t) => t.id),
      () => ctx.store.runCurrent({ userIds: [id] }, releaseTandemsOfLeavingUser(now, { userId: id }), now),
      id,
    )
  for (const tandem of live) {
    const released = await withMentorshipEnd(
      ctx,
      [tandem.id],
      () => ctx.store.run({ userIds: [tandem.menteeId, tandem.mentorId] }, releaseTandem(now, { tandemId: tandem.id, silent: true }), now),
      id,
    )
    if (isLeft(released)) return released
  }
  return right(true)
}

/** What an erasure reads and writes. */
export type ErasurePorts = Pick<ServiceContext, 'users' | 'erasure' | 'store' | 'mentorship' | 'meetings'>

/** Erases the user's personal data (the repository's erase, with the placeholder and name rules here). */
export const eraseUser = async (
  ctx: ErasurePorts,
  id: UserId,
  steps: { readonly before?: () => Promise<Either<DomainError, unknown>>; readonly recordDeletion?: () => Promise<void> } = {},
) =>
  await ctx.erasure.erase(id, {
    placeholderId: async () => await placeholderId(ctx),
    scrubSubject: (subject, user) => withoutNames(subject, [user.firstName, user.lastName]),
    ...steps,
    // In the erasure's transaction: the person's check-in questions, answers and notes, and their links;
    // their meetings and session notes (docs/privacy.md).
    before: async () => {
      const before = steps.before === undefined ? right(true) : await steps.before()
      if (isLeft(before)) return before
      const tandems = tandemsOf(await ctx.store.load({ userIds: [id] }), id)
      await ctx.mentorship.eraseSide(id, [
        ...tandems.flatMap((t) => [
          ...(t.menteeId === id ? [{ tandemId: t.id, side: 'Mentee' as const }] : []),
          ...(t.mentorId === id ? [{ tandemId: t.id, side: 'Mentor' as const }] : []),
        ]),
      ])
      // Their meetings, time zone and feed, and their notes on sessions; the sessions stay counted for the partner.
      await ctx.meetings.eraseUser(
        id,
        tandems.map((t) => t.id),
      )
      return before
    },
  })
