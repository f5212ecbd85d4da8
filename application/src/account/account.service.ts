// Account calls: sign-up and sign-in of the token holder, the caller's details, user deletion and
// browser error logs. Sign-up and sign-in are the commands that store what the token says.
import {
  type Gender,
  accountDeletionErrors,
  outdatedConsentErrors,
  validationFailed,
  type DomainError,
  type Language,
  type RoleName,
  type Side,
  type UserId,
  type VerifiedIdentity,
} from '@tandem/core'
import type { Actor, Services } from '../ports/services.port.js'
import type { UserRecord } from '../ports/store/index.js'
import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js'
import type { Unaudited } from '../audit/audit.js'
import { deleteAccount } from './account.erasure.js'
import { userByEmail, userById, type ServiceContext } from '../context.js'
import { withoutPersonalData } from '../log.scrub.js'
import { isAdminEmail, userView } from '../users/views.js'

const emailTaken: DomainError = { _tag: 'ValidationFailed', errors: [{ field: 'Email', key: 'invalid-value' }] }

type AccountCalls = Omit<Services['account'], 'notifyUser' | 'deleteUser'> & Pick<Unaudited<Services['account']>, 'deleteUser'>

export type AccountServicePorts = Pick<
  ServiceContext,
  | 'activeQuestionnaire'
  | 'adminEmails'
  | 'answers'
  | 'checkInMails'
  | 'clock'
  | 'clusters'
  | 'consentVersions'
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
  | 'retention'
  | 'store'
  | 'timeZone'
  | 'users'
>

export const accountService = (ctx: AccountServicePorts): AccountCalls => {
  /** The cluster a new mentee joins: the default program year. */
  const defaultClusterId = async () => (await ctx.clusters.defaultCluster())?.clusterId ?? null

  const addSide = async (userId: UserId, side: Side) =>
    await ctx.users.addRole(userId, side, side === 'Mentee' ? await defaultClusterId() : null)

  const register = async (
    identity: { issuer: string; subject: string },
    input: {
      email: string
      firstName: string
      lastName: string
      gender: Gender
      birthDate: string | null
      language: Language
      roles: RoleName[]
      privacy: boolean
      terms: boolean
    },
  ): Promise<Either<DomainError, UserId>> => {
    const id = await ctx.users.insert(
      {
        issuer: identity.issuer,
        subject: identity.subject,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        gender: input.gender,
        birthDate: input.birthDate,
        language: input.language,
        roles: input.roles,
        acceptedPrivacy: input.privacy,
        acceptedTerms: input.terms,
        menteeClusterId: input.roles.includes('Mentee') ? await defaultClusterId() : null,
      },
      ctx.clock(),
      // Sign-up accepts both documents in the versions in force, stored with the time (docs/privacy.md).
      input.privacy && input.terms ? ctx.consentVersions : undefined,
    )
    return id === undefined ? left(emailTaken) : right(id)
  }

  /** Administrators named in ADMIN_EMAILS need no sign-up: their record is made on first contact. */
  const registerAdmin = async (actor: Actor): Promise<Either<DomainError, UserId>> =>
    await register(actor.identity, {
      email: actor.email,
      firstName: actor.identity.givenName,
      lastName: actor.identity.familyName,
      gender: actor.identity.gender,
      birthDate: actor.identity.birthdate,
      language: actor.identity.locale,
      roles: ['Admin'],
      privacy: true,
      terms: true,
    })

  /**
   * Sign-in refreshes names and e-mail from the token (the provider owns them); birth date and gender
   * only when the provider shares them. An e-mail another user already holds is not taken over.
   */
  const refreshFromToken = async (id: UserId, who: VerifiedIdentity): Promise<void> => {
    const user = await ctx.users.byId(id)
    if (user === undefined) return
    await ctx.users.updateIdentity(id, {
      email: await emailFromToken(ctx, user, who),
      firstName: who.givenName || user.firstName,
      lastName: who.familyName || user.lastName,
      birthDate: who.birthdate ?? user.birthDate,
      gender: who.gender === 'NA' ? user.gender : who.gender,
    })
  }

  return {
    signUp: async (actor, body) => {
      if (actor.userId !== null) {
        await addSide(actor.userId, body.Role)
        await followTokenEmail(ctx, actor.userId, actor.identity)
        return mapView(ctx, actor.userId)
      }
      // Who the user is comes from the verified token only: the body's names, e-mail, birth date,
      // gender and language are the browser's copy of the same claims and may have been edited.
      // The body contributes the entry role (Mentee or Mentor; its codec refuses Admin) and consents.
      const who = actor.identity
      const roles: RoleName[] = isAdminEmail(ctx, who.email) ? ['Admin'] : [body.Role]
      const id = await register(who, {
        email: who.email,
        firstName: who.givenName,
        lastName: who.familyName,
        gender: who.gender,
        birthDate: who.birthdate,
        language: who.locale,
        roles,
        privacy: body.IsAcceptedDataPrivacyPolicy,
        terms: body.IsAcceptedTermsConditions,
      })
      return isLeft(id) ? id : mapView(ctx, id.right)
    },

    signIn: async (actor, body) => {
      if (actor.userId === null) {
        if (!actor.isAdmin) return left({ _tag: 'NotFound', entity: 'User' })
        const id = await registerAdmin(actor)
        return isLeft(id) ? id : mapView(ctx, id.right)
      }
      const id = actor.userId
      // The register-as-mentor (or mentee) entry point adds that side to an existing participant.
      if ((body.Role === 'Mentee' || body.Role === 'Mentor') && !actor.isAdmin) await addSide(id, body.Role)
      await refreshFromToken(id, actor.identity)
      // Signing in keeps the account: the retention clock restarts (docs/privacy.md).
      await ctx.retention.markSignedIn(id, ctx.clock())
      return mapView(ctx, id)
    },
    userDetails: async (actor) => {
      if (actor.userId !== null || !actor.isAdmin) return mapView(ctx, actor.userId)
      const id = await registerAdmin(actor)
      return isLeft(id) ? id : mapView(ctx, id.right)
    },

    deleteUser: async (query) => {
      const user = await userByEmail(ctx, query.emailId)
      return isLeft(user) ? user : deleteAccount(ctx, user.right, { by: 'Admin', erase: query.deletefromDB })
    },

    deleteOwnAccount: async (actor, body) => {
      const errors = accountDeletionErrors(body)
      if (errors.length > 0) return left(validationFailed(errors))
      const user = await userById(ctx, actor.userId)
      return isLeft(user) ? user : deleteAccount(ctx, user.right, { by: 'Self', erase: true })
    },

    acceptConsents: async (actor, body) => {
      const errors = outdatedConsentErrors(body.versions, ctx.consentVersions)
      if (errors.length > 0) return left(validationFailed(errors))
      const user = await userById(ctx, actor.userId)
      if (isLeft(user)) return user
      await ctx.users.acceptConsents(user.right.id, ctx.consentVersions, ctx.clock())
      return mapView(ctx, user.right.id)
    },

    logError: async (actor, body) => {
      // The report may quote what the screen showed: the log keeps no address, token or known name.
      const user = actor?.userId == null ? undefined : await ctx.users.byId(actor.userId)
      const names = [actor?.identity.givenName, actor?.identity.familyName, user?.firstName, user?.lastName].filter(
        (n): n is string => n !== undefined,
      )
      const browserError = withoutPersonalData(body.ErrorMessage.slice(0, 2000), names)
      ctx.logger.warn({ browserError, userId: actor?.userId ?? null }, 'browser error')
      return right(true)
    },
  }
}

/**
 * The provider owns the e-mail address: a verified token naming a new one is the user's address
 * from then on, unless another user holds it (e-mails are unique). A pure read: resolving the
 * caller answers with it, so the owner checks of every call accept the address the browser knows
 * from the token; sign-up and sign-in store it.
 */
export const emailFromToken = async (ctx: Pick<ServiceContext, 'users'>, user: UserRecord, identity: VerifiedIdentity): Promise<string> => {
  if (identity.email === '' || user.email.toLowerCase() === identity.email.toLowerCase()) return user.email
  const holder = await ctx.users.byEmail(identity.email)
  return holder === undefined || holder.id === user.id ? identity.email : user.email
}

/** Stores the token's address on the user when it is theirs to take (see emailFromToken). */
const followTokenEmail = async (ctx: Pick<ServiceContext, 'users'>, id: UserId, identity: VerifiedIdentity): Promise<void> => {
  const user = await ctx.users.byId(id)
  if (user === undefined) return
  const email = await emailFromToken(ctx, user, identity)
  if (email !== user.email)
    await ctx.users.updateIdentity(id, {
      email,
      firstName: user.firstName,
      lastName: user.lastName,
      birthDate: user.birthDate,
      gender: user.gender,
    })
}

export type MapViewPorts = Pick<
  ServiceContext,
  'activeQuestionnaire' | 'adminEmails' | 'answers' | 'clock' | 'consentVersions' | 'store' | 'users'
>

export const mapView = async (ctx: MapViewPorts, id: UserId | null) => {
  const user = await userById(ctx, id)
  return isLeft(user) ? user : right(await userView(ctx, user.right))
}
