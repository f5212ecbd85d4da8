// SyncDBFromIdp: names, e-mail, birth date, gender and language of every user copied from the
// embedded identity provider's accounts (an external provider's claims refresh users at sign-in).
import type { Services } from '../ports/services.port.js'
import { left, right } from 'fp-ts/lib/Either.js'
import type { ServiceContext } from '../context.js'
import type { Unaudited } from '../audit/audit.js'

export const identitySyncAdmin = (
  ctx: Pick<ServiceContext, 'identityAccounts' | 'users'>,
): Pick<Unaudited<Services['admin']>, 'syncFromIdp'> => ({
  syncFromIdp: async () => {
    const accounts = await ctx.identityAccounts()
    if (accounts === null) return left({ _tag: 'ExternalIdentityProvider' })
    let changed = 0
    for (const account of accounts) {
      const user = await ctx.users.bySubject(account.issuer, account.subject)
      if (user === undefined) continue
      // An address another user holds stays with them (e-mails are unique); the rest is copied.
      const holder = await ctx.users.byEmail(account.email)
      const email = holder === undefined || holder.id === user.id ? account.email : user.email
      const same =
        user.email === email &&
        user.firstName === account.givenName &&
        user.lastName === account.familyName &&
        user.birthDate === account.birthdate &&
        user.gender === account.gender &&
        user.language === account.locale
      if (same) continue
      await ctx.users.replaceIdentity(user.id, {
        email,
        firstName: account.givenName,
        lastName: account.familyName,
        birthDate: account.birthdate,
        gender: account.gender,
        language: account.locale,
      })
      changed += 1
    }
    return right(changed)
  },
})
