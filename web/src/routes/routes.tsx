// The route table of docs/product.md#routes, exactly, with access by role. Screens are lazily loaded so the first
// download stays small; the admin screens are their own chunk, filled by the admin feature.
import { lazy, Suspense, type ReactNode } from 'react'
import { Navigate, Route, Routes } from 'react-router'
import type { Language } from '@tandem/core'
import { Layout } from './Layout.js'
import { ACCESS, RequireRole, RequireSignIn } from './guards.js'
import { Loading } from '../shared/Loading.js'
import { ErrorPage } from '../shared/ErrorPage.js'
import { meetingSettings } from './account.settings.js'

// Each screen's chunk, fetched once: by its lazy component, or earlier by `preloadScreen`.
const screens = {
  dashboard: () => import('../features/dashboard/Dashboard.js'),
  // the meeting settings' chunk is asked for with the page's, not once its form shows
  account: () => {
    meetingSettings().catch(() => undefined)
    return import('./AccountRoute.js')
  },
  questionnaire: () => import('../features/questionnaire/QuestionnairePage.js'),
  admin: () => import('../features/admin/AdminRoutes.js'),
  legalFrame: () => import('../features/legal/LegalFrame.js'),
} as const

const Dashboard = lazy(screens.dashboard)
const Register = lazy(() => import('./Register.js'))
const Account = lazy(screens.account)
const Questionnaire = lazy(screens.questionnaire)
const Admin = lazy(screens.admin)
const Terms = lazy(() => import('../features/legal/TermsPage.js'))
const Privacy = lazy(() => import('../features/legal/PrivacyPage.js'))
const LegalInfo = lazy(() => import('../features/legal/LegalInfoPage.js'))
const LegalFrame = lazy(screens.legalFrame)
/** The page of a check-in mail's link: public, like the legal pages (docs/mentorship.md#check-ins). */
const CheckInLink = lazy(() => import('../features/checkins/CheckInLinkPage.js'))
/** The page of a waitlist mail's stop link: public too (docs/matching.md#waitlist). */
const WaitlistStop = lazy(() => import('../features/waitlist/WaitlistStopPage.js'))
/**
 * Starts fetching the chunk of the screen at `pathname` at once, while the person's details load,
 * instead of after them: the screen renders only once they are in (one round trip less).
 */
export const preloadScreen = (pathname: string): void => {
  const screen =
    pathname === '/' || pathname === '/matching'
      ? screens.dashboard
      : pathname === '/user/account'
        ? screens.account
        : pathname === '/user/mentee-profile' || pathname === '/user/mentor-profile'
          ? screens.questionnaire
          : pathname.startsWith('/administrator/')
            ? screens.admin
            : /^\/(terms-and-conditions|data-privacy-policy|legal-info)(\/|$)/.test(pathname)
              ? screens.legalFrame
              : undefined
  // a failure shows when the screen renders (the error boundary, the chunk reload)
  screen?.().catch(() => undefined)
}

const Public = ({ children, language }: { readonly children: ReactNode; readonly language?: Language }) => (
  <Suspense fallback={<Loading />}>
    <LegalFrame {...(language === undefined ? {} : { language })}>{children}</LegalFrame>
  </Suspense>
)

const legalRoutes = (path: string, page: ReactNode) =>
  [undefined, 'en', 'de'].map((language) => (
    <Route
      key={`${path}/${language ?? ''}`}
      path={language === undefined ? path : `${path}/${language}`}
      element={<Public {...(language === undefined ? {} : { language: language as Language })}>{page}</Public>}
    />
  ))

/** Home: the proposals dashboard for participants; administrators start at their matching teams. */
const Home = () => (
  <RequireRole allow={[...ACCESS.participant, 'Admin']} denied={404}>
    {(me) => (me.role === 'Admin' ? <Navigate to="/administrator/matching-tandems" replace /> : <Dashboard />)}
  </RequireRole>
)

export const AppRoutes = () => (
  <Routes>
    {legalRoutes('/terms-and-conditions', <Terms />)}
    {legalRoutes('/data-privacy-policy', <Privacy />)}
    {legalRoutes('/legal-info', <LegalInfo />)}
    <Route
      path="/check-in"
      element={
        <Public>
          <CheckInLink />
        </Public>
      }
    />
    <Route
      path="/waitlist/stop"
      element={
        <Public>
          <WaitlistStop />
        </Public>
      }
    />
    <Route element={<Layout />}>
      <Route
        path="/"
        element={
          <RequireSignIn>
            <Home />
          </RequireSignIn>
        }
      />
      <Route
        path="/matching"
        element={
          <RequireSignIn>
            <RequireRole allow={ACCESS.participant} denied={404}>
              {() => <Dashboard />}
            </RequireRole>
          </RequireSignIn>
        }
      />
      <Route path="/register-as-mentor" element={<Register side="Mentor" />} />
      <Route path="/register-as-mentee" element={<Register side="Mentee" />} />
      <Route
        path="/user/account"
        element={
          <RequireSignIn>
            <RequireRole allow={ACCESS.account} denied={404}>
              {() => <Account />}
            </RequireRole>
          </RequireSignIn>
        }
      />
      <Route
        path="/user/mentor-profile"
        element={
          <RequireSignIn>
            <RequireRole allow={ACCESS.mentorQuestionnaire} denied={404}>
              {() => <Questionnaire side="Mentor" />}
            </RequireRole>
          </RequireSignIn>
        }
      />
      <Route
        path="/user/mentee-profile"
        element={
          <RequireSignIn>
            <RequireRole allow={ACCESS.menteeQuestionnaire} denied={404}>
              {() => <Questionnaire side="Mentee" />}
            </RequireRole>
          </RequireSignIn>
        }
      />
      <Route
        path="/administrator/*"
        element={
          <RequireSignIn>
            <RequireRole allow={ACCESS.admin} denied={403}>
              {() => <Admin />}
            </RequireRole>
          </RequireSignIn>
        }
      />
      <Route path="*" element={<ErrorPage code={404} />} />
    </Route>
  </Routes>
)
