// A user's id by their e-mail, for tests that made the account through the routes and need its id
// for a store call: the harness's `idOf` and the browser journeys use it.
import type { UserId } from '@tandem/core'

/** The user id of the account with this e-mail, read from the server's store; throws when nobody has it. */
export const idByEmail = async (
  ctx: { readonly users: { readonly byEmail: (email: string) => Promise<{ readonly id: UserId } | undefined> } },
  email: string,
): Promise<UserId> => {
  const user = await ctx.users.byEmail(email)
  if (user === undefined) throw new Error(`no user has ${email}`)
  return user.id
}
