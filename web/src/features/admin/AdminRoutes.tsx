// The administrator route group (docs/product.md#routes), its own lazily loaded chunk: the admin translations, the
// top bar with Export and Synchronize, the message bar, and one screen per admin path.
import { lazy, Suspense } from 'react'
import { Spinner } from '@fluentui/react-components'
import { Route, Routes } from 'react-router'
import { ErrorPage } from '../../shared/ErrorPage.js'
import { useAdminTranslations } from './admin.i18n.js'
import { AdminMessageBar, AdminMessagesProvider } from './AdminMessages.js'
import { AdminTopBar } from './AdminTopBar.js'
import AttentionPage from './AttentionPage.js'
import AuditPage from './AuditPage.js'
import ClustersPage from './ClustersPage.js'
import CohortMatchingPage from './cohort/CohortMatchingPage.js'
import MatchingTeamsPage from './MatchingTeamsPage.js'
import UserInformationPage from './UserInformationPage.js'
import UserListPage from './UserListPage.js'
import QuestionnaireEditorPage from './questionnaire/QuestionnaireEditorPage.js'
import WaitlistPage from './waitlist/WaitlistPage.js'
import LearningPage from './learning/LearningPage.js'

export const ADMIN_PATHS = [
  'matching-tandems',
  'mentees',
  'mentors',
  'user-information',
  'clusters',
  'cohort-matching',
  'statistics',
  'audit',
  'questionnaire',
  'waitlist',
  'attention',
  'learning',
] as const

// The charts' library loads with this page only (its own chunk), never with the other admin screens.
const StatisticsPage = lazy(() => import('./statistics/StatisticsPage.js'))

const AdminRoutes = () => {
  const { t } = useAdminTranslations()
  return (
    <AdminMessagesProvider>
      <h1 style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{t('nav.admin')}</h1>
      <AdminTopBar />
      <AdminMessageBar />
      <Routes>
        <Route path="matching-tandems" element={<MatchingTeamsPage />} />
        <Route path="mentees" element={<UserListPage key="Mentee" side="Mentee" />} />
        <Route path="mentors" element={<UserListPage key="Mentor" side="Mentor" />} />
        <Route path="user-information" element={<UserInformationPage />} />
        <Route path="clusters" element={<ClustersPage />} />
        <Route path="cohort-matching" element={<CohortMatchingPage />} />
        <Route path="audit" element={<AuditPage />} />
        <Route path="attention" element={<AttentionPage />} />
        <Route path="questionnaire" element={<QuestionnaireEditorPage />} />
        <Route path="waitlist" element={<WaitlistPage />} />
        <Route path="learning" element={<LearningPage />} />
        <Route
          path="statistics"
          element={
            <Suspense fallback={<Spinner />}>
              <StatisticsPage />
            </Suspense>
          }
        />
        <Route path="*" element={<ErrorPage code={404} />} />
      </Routes>
    </AdminMessagesProvider>
  )
}
export default AdminRoutes
