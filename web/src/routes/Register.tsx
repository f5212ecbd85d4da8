// /register-as-mentee and /register-as-mentor: signed out, they open the provider's sign-up form;
// signed in, they register the user with that role (sign-up, then sign-in) and show the dashboard;
// an administrator is sent to the admin start page instead.
import { useEffect, useRef, useState } from 'react'
import { Navigate } from 'react-router'
import type { Side } from '@tandem/core'
import { useAppDispatch, useAppSelector } from '../state/hooks.js'
import { selectUser } from '../state/session.slice.js'
import { ACCESS, RequireRole, SignInRedirect } from './guards.js'
import { Loading } from '../shared/Loading.js'
import { useLanguage } from '../shell/language.js'
import { api } from '../state/api.js'
import { useSignInMutation, useSignUpMutation } from '../shared/api/account.api.js'
import { signUpPayload } from '../features/account/registration.js'
import { DashboardView } from '../features/dashboard/Dashboard.js'

const Register = ({ side }: { readonly side: Side }) => {
  const user = useAppSelector(selectUser)
  const { language } = useLanguage()
  const dispatch = useAppDispatch()
  const [signUp] = useSignUpMutation()
  const [signIn] = useSignInMutation()
  const [done, setDone] = useState(false)
  const started = useRef(false)
  useEffect(() => {
    if (user === null || user === undefined || started.current) return
    started.current = true
    void (async () => {
      // an existing user gets a refusal from signup and simply signs in with the role
      await signUp(signUpPayload(user, side, language))
      await signIn({ Email: user.email, Role: side })
      dispatch(api.util.invalidateTags(['Me']))
      setDone(true)
    })()
  }, [user, side, language, signUp, signIn, dispatch])
  if (user === undefined) return <Loading />
  if (user === null) return <SignInRedirect signup />
  if (!done) return <Loading />
  return (
    <RequireRole allow={[...ACCESS.participant, 'Admin']} denied={404}>
      {(me) => (me.role === 'Admin' ? <Navigate to="/administrator/matching-tandems" replace /> : <DashboardView me={me} />)}
    </RequireRole>
  )
}
export default Register
