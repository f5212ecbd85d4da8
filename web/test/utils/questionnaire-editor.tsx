// The administrator's questionnaire editor opened on the real API, and its draft read back: shared by
// the editor's and the impact preview's screen tests.
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { QuestionnaireDraftView } from '@tandem/core'
import { AppRoutes } from '../../src/routes/routes.js'
import { renderWithProviders } from './renderWithProviders.js'
import type { RealApi } from './realApi.js'

export const openQuestionnaireEditor = async (real: RealApi, language: 'en' | 'de') => {
  const { user: admin, auth } = real.signedIn(real.admin)
  const view = await renderWithProviders(<AppRoutes />, {
    route: '/administrator/questionnaire',
    apiBaseUrl: real.url,
    user: admin,
    auth,
    language,
  })
  await screen.findByRole('heading', { name: language === 'en' ? 'Questionnaire' : 'Fragebogen' }, { timeout: 30_000 })
  return { ...view, real, user: userEvent.setup() }
}

export const draftOn = async (real: RealApi) =>
  await real.expectOk(real.call<QuestionnaireDraftView>(real.admin, 'GET', '/api/Admin/GetQuestionnaireDraft'), 'draft')
