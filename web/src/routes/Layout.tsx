// The signed-in frame: navigation bar, the screen (or the error page the session asks for) and
// the footer. Public legal pages do not use it (docs/product.md#navigation: bar and footer hidden there).
import { Suspense } from 'react'
import { Outlet, useLocation } from 'react-router'
import { makeStyles } from '@fluentui/react-components'
import { useEffect } from 'react'
import { NavBar } from '../shell/NavBar.js'
import { Footer } from '../shell/Footer.js'
import { useAppDispatch, useAppSelector, useAppStore } from '../state/hooks.js'
import { errorCleared, selectAccountDeleted, selectErrorCode, selectUser } from '../state/session.slice.js'
import { useSignInMutation } from '../shared/api/account.api.js'
import { useMe } from '../state/me.js'
import { Loading } from '../shared/Loading.js'
import { ErrorPage } from '../shared/ErrorPage.js'
import { AccountDeletedPage } from '../features/errors/AccountDeletedPage.js'
import { ErrorBoundary } from '../features/errors/ErrorBoundary.js'
import { reportError } from '../features/errors/error-reporting.js'
import { Main, RouteAnnouncer, SkipLink } from '../shell/PageFrame.js'

const SIGNED_IN_KEY = 'tandem.signed-in'

/** Once per browser session, tell the server who signed in (sign-in, docs/product.md#calls); register routes do it themselves. */
const useSessionSignIn = () => {
  const user = useAppSelector(selectUser)
  const location = useLocation()
  const [signIn] = useSignInMutation()
  useEffect(() => {
    if (user === null || user === undefined || location.pathname.startsWith('/register-as-')) return
    if (window.sessionStorage.getItem(SIGNED_IN_KEY) === user.email) return
    window.sessionStorage.setItem(SIGNED_IN_KEY, user.email)
    void signIn({ Email: user.email, Role: null })
  }, [user, location.pathname, signIn])
}

// main fills at least the screen, so the footer starts below the fold and the page growing from a
// spinner to its content never pushes the footer around in view (layout shift)
const useStyles = makeStyles({
  main: { padding: '16px', maxWidth: '1100px', margin: '0 auto', minHeight: '100vh', boxSizing: 'border-box' },
})

export const Layout = () => {
  const styles = useStyles()
  const { me } = useMe()
  const errorCode = useAppSelector(selectErrorCode)
  const accountDeleted = useAppSelector(selectAccountDeleted)
  const dispatch = useAppDispatch()
  const store = useAppStore()
  const location = useLocation()
  useSessionSignIn()
  // a new route starts without the previous screen's error page
  useEffect(() => {
    dispatch(errorCleared())
  }, [location.pathname, dispatch])
  return (
    <>
      <SkipLink />
      <NavBar me={me} />
      <Main className={styles.main}>
        <RouteAnnouncer errorCode={errorCode} />
        {accountDeleted ? (
          <AccountDeletedPage />
        ) : errorCode !== null ? (
          <ErrorPage code={errorCode} />
        ) : (
          <ErrorBoundary key={location.pathname} onError={(e) => reportError(store, e)}>
            <Suspense fallback={<Loading />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        )}
      </Main>
      <Footer />
    </>
  )
}
