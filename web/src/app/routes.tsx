// The route table of SPEC §2, exactly, with access by role. Screens are lazily loaded so the first
// download stays small; the admin screens are their own chunk, filled by the admin feature.
import { lazy, Suspense, type ReactNode } from 'react'
import { Navigate, Route, Routes } from 'react-router'
import type { Language } from '@tandem/core'
import { Layout } from './Layout.js'
import { ACCESS, Loading, RequireRole, RequireSignIn } from './guards.js'
import { ErrorPage } from '../features/errors/ErrorPage.js'

const Dashboard = lazy(() => import('../features/dashboard/Dashboard.js'))
const Register = lazy(() => import('../features/account/Register.js'))
const Account = lazy(() => import('../features/account/AccountPage.js'))
const Questionnaire = lazy(() => import('../features/questionnaire/QuestionnairePage.js'))
const Admin = lazy(() => import('../features/admin/AdminRoutes.js'))
const Terms = lazy(() => import('../features/legal/TermsPage.js'))
const Privacy = lazy(() => import('../features/legal/PrivacyPage.js'))
const LegalInfo = lazy(() => import('../features/legal/LegalInfoPage.js'))
const LegalFrame = lazy(() => import('../features/legal/LegalFrame.js'))

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
