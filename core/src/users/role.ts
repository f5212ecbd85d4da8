// Roles of a user and the precedence rule of docs/product.md#permissions (Admin, then Both, then Mentee, then Mentor).
import * as t from 'io-ts'

export const RoleName = t.keyof({ Mentee: null, Mentor: null, Both: null, Admin: null })
export type RoleName = t.TypeOf<typeof RoleName>

/** A participant side: the two roles a questionnaire, a status and a proposal belong to. */
export const Side = t.keyof({ Mentee: null, Mentor: null })
export type Side = t.TypeOf<typeof Side>

const PRECEDENCE: readonly RoleName[] = ['Admin', 'Both', 'Mentee', 'Mentor']

/** The role a user acts as, from the list of role names they hold; undefined when they hold none. */
export const effectiveRole = (roles: readonly RoleName[]): RoleName | undefined => {
  const held = new Set<RoleName>(roles)
  if (held.has('Mentee') && held.has('Mentor')) held.add('Both')
  return PRECEDENCE.find((r) => held.has(r))
}

/** The participant sides a role acts on: Both acts on both, Admin on none. */
export const sidesOf = (role: RoleName): readonly Side[] =>
  role === 'Both' ? ['Mentee', 'Mentor'] : role === 'Mentee' ? ['Mentee'] : role === 'Mentor' ? ['Mentor'] : []

/** Whether a user with these role names holds a participant side (Both holds both). */
export const holdsSide = (roles: readonly RoleName[], side: Side): boolean => roles.includes(side) || roles.includes('Both')
