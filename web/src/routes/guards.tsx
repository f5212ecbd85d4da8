// Access rules of docs/product.md#access: everything but the legal pages needs sign-in (a signed-out visitor is
// sent to the provider), and each screen names the roles that may see it; others get 404 or 403.
import { lazy, Suspense, useEffect, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { RoleName } from '@tandem/core'
import { useAppSelector } from '../state/hooks.js'
import { selectUser } from '../state/session.slice.js'
import { useAuth } from '../shell/services.context.js'
import { useLanguage } from '../shell/language.js'
import { useMe, type Me } from '../state/me.js'
import { ErrorPage, type ErrorPageCode } from '../shared/ErrorPage.js'
import { apiErrorOf } from '../state/api.js'
import { Body1, Button } from '@fluentui/react-components'
import { useNavigate } from 'react-router'
import { LoadFailed } from '../shared/LoadFailed.js'
import { Loading } from '../shared/Loading.js'

// Asked only after a new version of a legal text: its code loads then, not with every first load.
const ConsentsDue = lazy(() => import('../features/account/ConsentsDue.js').then((m) => ({ default: m.ConsentsDue })))

/** Signed in at the provider but unknown to Tandem: offer the two registration entry points. */
export const NotRegistered = () => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <section>
      <Body1>{t('account.notRegistered')}</Body1>
      <div style={{ display: 'flex', gap: 8 }}>
        <Button onClick={() => void navigate('/register-as-mentee')}>{t('account.registerAsMentee')}</Button>
        <Button onClick={() => void navigate('/register-as-mentor')}>{t('account.registerAsMentor')}</Button>
      </div>
    </section>
  )
}

/** The load-failed message with a button that asks again. */
export const LoadFailedWithRetry = ({ error, onRetry }: { readonly error: unknown; readonly onRetry: () => void }) => {
  const { t } = useTranslation()
  return (
    <section>
      <LoadFailed error={error} />
      <Button onClick={onRetry}>{t('common.retry')}</Button>
    </section>
  )
}

/** Starts the provider's sign-in when nobody is signed in; `signup` opens its sign-up form first. */
export const SignInRedirect = ({ signup }: { readonly signup: boolean }) => {
  const auth = useAuth()
  const location = useLocation()
  const { language } = useLanguage()
  const { t } = useTranslation()
  const returnTo = `${location.pathname}${location.search}${location.hash}`
  useEffect(() => {
    void auth.signIn({ returnTo, signup, language })
  }, [auth, returnTo, signup, language])
  return <Loading label={t('common.redirectingToSignIn')} />
}

export const RequireSignIn = ({ children }: { readonly children: ReactNode }) => {
  const user = useAppSelector(selectUser)
  if (user === undefined) return <Loading />
  if (user === null) return <SignInRedirect signup={false} />
  return <>{children}</>
}

/** Which roles see which screen. */
export const ACCESS = {
  participant: ['Mentee', 'Mentor', 'Both'],
  menteeQuestionnaire: ['Mentee', 'Both'],
  mentorQuestionnaire: ['Mentor', 'Both'],
  account: ['Mentee', 'Mentor', 'Both', 'Admin'],
  admin: ['Admin'],
} as const satisfies Record<string, readonly RoleName[]>

export const RequireRole = ({
  allow,
  denied,
  children,
}: {
  readonly allow: readonly RoleName[]
  readonly denied: ErrorPageCode
  readonly children: (me: Me) => ReactNode
}) => {
  const { me, isLoading, error, refetch } = useMe()
  if (me === undefined) {
    if (isLoading) return <Loading />
    const status = apiErrorOf(error)?.status
    if (status === 404) return <NotRegistered />
    if (status === 401 || status === 403) return <ErrorPage code={status} />
    // a server error or no connection is no reason to sign the user out: say so and offer a retry
    return <LoadFailedWithRetry error={error} onRetry={() => void refetch()} />
  }
  // A new version of the privacy policy or terms: nothing else until the person accepts it.
  if (me.user.consentsDue.length > 0)
    return (
      <Suspense fallback={<Loading />}>
        <ConsentsDue me={me} />
      </Suspense>
    )
  if (me.role === undefined || !allow.includes(me.role)) return <ErrorPage code={denied} />
  return <>{children(me)}</>
}
