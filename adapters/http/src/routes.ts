// Every call of docs/product.md#calls (participant calls under /api/Questionnaire/... and
// /api/MatchingTandem/...), with its policy: each feature's routes in their own `routes.<feature>.ts`,
// listed here in one table. The authorization test walks this table; docs/api.md lists it.
import { openApiDocument, type OpenApiDocument } from './openapi/openapi.document.js'
import type { Route } from './route.js'
import { accountRoutes } from './routes.account.js'
import { accountabilityRoutes } from './routes.accountability.js'
import { adminTeamRoutes } from './routes.admin-teams.js'
import { adminUserRoutes } from './routes.admin-users.js'
import { checkInRoutes } from './routes.checkins.js'
import { clusterRoutes } from './routes.clusters.js'
import { cohortRoutes } from './routes.cohort.js'
import { docsRoutes } from './routes.docs.js'
import { endingRoutes } from './routes.ending.js'
import { exportRoutes } from './routes.exports.js'
import { healthRoutes } from './routes.health.js'
import { learningRoutes } from './routes.learning.js'
import { matchingRoutes } from './routes.matching.js'
import { meetingRoutes } from './routes.meetings.js'
import { personalDataRoutes } from './routes.personal-data.js'
import { questionnaireVersionRoutes } from './routes.questionnaire-versions.js'
import { questionnaireRoutes } from './routes.questionnaire.js'
import { statisticsRoutes } from './routes.statistics.js'
import { userRoutes } from './routes.user.js'
import { waitlistRoutes } from './routes.waitlist.js'
import type { Services } from '@tandem/application/ports'

/** The version the API description states. */
export const API_VERSION = '1.0.0'

export const routeTable = (s: Services): readonly Route[] => {
  const calls = serviceRoutes(s)
  // Built on first request: the document describes the whole table, its own two routes included.
  let document: OpenApiDocument | undefined
  const routes: readonly Route[] = [...calls, ...docsRoutes(() => (document ??= openApiDocument(routes, API_VERSION)))]
  return routes
}

const serviceRoutes = (s: Services): readonly Route[] => [
  ...healthRoutes(s),
  ...accountRoutes(s),
  ...personalDataRoutes(s),
  ...userRoutes(s),
  ...questionnaireRoutes(s),
  ...matchingRoutes(s),
  ...adminUserRoutes(s),
  ...adminTeamRoutes(s),
  ...clusterRoutes(s),
  ...accountabilityRoutes(s),
  ...endingRoutes(s),
  ...waitlistRoutes(s),
  ...checkInRoutes(s),
  ...meetingRoutes(s),
  ...cohortRoutes(s),
  ...questionnaireVersionRoutes(s),
  ...exportRoutes(s),
  ...statisticsRoutes(s),
  ...learningRoutes(s),
]
