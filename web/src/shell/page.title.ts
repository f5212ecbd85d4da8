// Which page a path shows, as a translation key: the document title ("Page – Tandem", in the
// interface language) and what is announced after an in-app navigation.
const LEGAL: readonly (readonly [string, string])[] = [
  ['/terms-and-conditions', 'legal.terms.title'],
  ['/data-privacy-policy', 'legal.privacy.title'],
  ['/legal-info', 'legal.info.title'],
]

const EXACT: Readonly<Record<string, string>> = {
  '/': 'nav.dashboard',
  '/matching': 'nav.dashboard',
  // the register routes send a visitor to the provider's sign-up, then show the dashboard
  '/register-as-mentee': 'nav.dashboard',
  '/register-as-mentor': 'nav.dashboard',
  '/user/account': 'account.title',
  // the page of a check-in mail's link (no sign-in needed)
  '/check-in': 'checkIn.link.title',
  // the page of a waitlist mail's stop link (no sign-in needed)
  '/waitlist/stop': 'waitlistStop.title',
  '/user/mentee-profile': 'nav.questionnaireMentee',
  '/user/mentor-profile': 'nav.questionnaireMentor',
  '/administrator/matching-tandems': 'nav.matchingTeams',
  '/administrator/mentees': 'nav.mentees',
  '/administrator/mentors': 'nav.mentors',
  '/administrator/user-information': 'nav.userInfo',
  '/administrator/clusters': 'nav.programYear',
  '/administrator/cohort-matching': 'nav.cohortMatching',
  '/administrator/audit': 'nav.audit',
  '/administrator/attention': 'nav.attention',
  '/administrator/statistics': 'nav.statistics',
  '/administrator/questionnaire': 'nav.questionnaireEditor',
  '/administrator/waitlist': 'nav.waitlist',
  '/administrator/learning': 'nav.learning',
}

/** The title key of a path, or of the error page the session shows instead of it. */
export const titleKeyOf = (pathname: string, errorCode: number | null = null): string => {
  if (errorCode !== null) return `errors.${errorCode}.title`
  const path = pathname.replace(/\/+$/, '') || '/'
  const exact = EXACT[path.toLowerCase()]
  if (exact !== undefined) return exact
  const legal = LEGAL.find(([base]) => path === base || path === `${base}/en` || path === `${base}/de`)
  return legal?.[1] ?? 'errors.404.title'
}

export const documentTitle = (page: string): string => `${page} – Tandem`
