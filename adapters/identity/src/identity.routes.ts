// Everything the identity adapter serves itself under /oidc, in front of oidc-provider: the
// interaction pages and the password pages.
import express from 'express'
import { interactionRoutes } from './interaction.routes.js'
import { passwordRoutes } from './password.routes.js'
import type { IdentityRoutesDeps } from './routes.shared.js'

export const identityRoutes = (deps: IdentityRoutesDeps): express.Router => {
  const router = express.Router()
  router.use(passwordRoutes(deps))
  router.use(interactionRoutes(deps))
  return router
}
