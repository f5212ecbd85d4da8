// On a slow line every round trip counts: the data of the screen at the address are asked for
// together with the person's details, not after the screen has mounted. The arguments are the ones
// the screens pass, so they find the answers in the cache; a refused guess (a page this person may
// not see) is forgotten, and the screen, if it shows, asks again.
import type { Language, Side } from '@tandem/core'
import type { AppStore } from '../state/store.js'
import { meApi } from '../state/me.api.js'
import { accountApi } from '../shared/api/account.api.js'
import { dashboardApi } from '../features/dashboard/dashboard.api.js'
import { questionnaireApi } from '../shared/api/questionnaire.api.js'

const QUESTIONNAIRE_SIDE: Readonly<Record<string, Side>> = { '/user/mentee-profile': 'Mentee', '/user/mentor-profile': 'Mentor' }

/** What needs no language: the person's details and, on the dashboard, the proposals and open check-ins. */
export const prefetchPerson = (store: AppStore, pathname: string, email: string): void => {
  store.dispatch(meApi.util.prefetch('getMe', { email }, {}))
  if (pathname === '/' || pathname === '/matching') {
    store.dispatch(dashboardApi.util.prefetch('getProposals', { email }, {}))
    // the dashboard's sections wait for the open check-ins (their card must not push them down)
    store.dispatch(dashboardApi.util.prefetch('getOpenCheckIns', { email }, {}))
  }
}

/** What is asked in the interface language: the profile and the questions of the page. */
export const prefetchScreenData = (store: AppStore, pathname: string, email: string, language: Language): void => {
  if (pathname === '/user/account') store.dispatch(accountApi.util.prefetch('getUserProfile', { email, language }, {}))
  const side = QUESTIONNAIRE_SIDE[pathname]
  if (side === undefined) return
  store.dispatch(accountApi.util.prefetch('getUserProfile', { email, language, role: side }, {}))
  store.dispatch(questionnaireApi.util.prefetch('getQuestionAnswerPairs', { emailId: email, role: side, language }, {}))
}
