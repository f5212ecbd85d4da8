// The signed-in participant as the app needs them everywhere: e-mail, effective role, sides and
// statuses per side, read from GetUserDetails.
import { effectiveRole, sidesOf, type RoleName, type Side, type StatusName, type UserView } from '@tandem/core'
import { skipToken } from '@reduxjs/toolkit/query/react'
import { useGetMeQuery } from './me.api.js'
import { useAppSelector } from './hooks.js'
import { selectUser } from './session.slice.js'

export type Me = {
  readonly email: string
  readonly user: UserView
  readonly role: RoleName | undefined
  readonly sides: readonly Side[]
  readonly statusOf: (side: Side) => StatusName | undefined
}

export const toMe = (user: UserView): Me => {
  const role = effectiveRole(user.userRole.map((r) => r.name))
  return {
    email: user.email,
    user,
    role,
    sides: role === undefined ? [] : sidesOf(role),
    statusOf: (side) => user.userStatuses.find((s) => s.role === side)?.userStatus,
  }
}

export const useMe = () => {
  const signedIn = useAppSelector(selectUser)
  const query = useGetMeQuery(signedIn === null || signedIn === undefined ? skipToken : { email: signedIn.email })
  return { ...query, me: query.data === undefined ? undefined : toMe(query.data) }
}
