// The HTTP side: the composed services (NotifyUser with the mail adapter's templates), and the
// Express app serving them with the web app, the token verifier and the embedded provider's pages.
import { createServices, notifyUser, type ServiceContext } from '@tandem/application'
import { createApp, type Services, type VerifyToken } from '@tandem/http'
import type { EmbeddedProvider } from '@tandem/identity'
import type { OrganisationInfo } from '@tandem/mail'
import type { AttemptLimiter } from '@tandem/store'
import type express from 'express'
import type { Logger } from 'pino'
import { adminNotificationMailer } from '../admin-notification.mailer.js'
import type { Config } from '../config.js'

const isLoopback = (url: string): boolean => {
  const host = new URL(url).hostname
  return host === 'localhost' || host === '[::1]' || host.startsWith('127.')
}

export const wireApp = (
  config: Config,
  ctx: ServiceContext,
  given: {
    readonly org: OrganisationInfo
    readonly verifyToken: VerifyToken
    readonly provider: EmbeddedProvider | null
    readonly limitAttempt: AttemptLimiter
    readonly logger: Logger
  },
): { readonly services: Services; readonly app: express.Express } => {
  const { org, verifyToken, provider, limitAttempt, logger } = given
  const appConfig = {
    apiBaseUrl: config.publicUrl,
    oidc:
      config.oidc === null
        ? { authority: `${config.publicUrl}/oidc`, clientId: 'tandem-web', scope: 'openid offline_access profile email' }
        : config.oidc.web,
    organisation: config.organisation,
    retentionMonths: config.retentionMonths,
  }
  const services = createServices(ctx, { notifyUser: notifyUser({ ...ctx, adminNotifications: adminNotificationMailer(org) }) })
  const httpsOnly = config.publicUrl.startsWith('https:')
  if (!httpsOnly && !isLoopback(config.publicUrl)) {
    logger.warn(
      { publicUrl: config.publicUrl },
      'PUBLIC_URL is plain http: passwords and sign-in tokens cross the network unencrypted; serve Tandem over https (for example behind a TLS proxy)',
    )
  }
  const app = createApp({
    httpsOnly,
    services,
    verifyToken,
    adminEmails: config.adminEmails,
    logger,
    appConfig,
    webDist: config.webDist,
    trustProxy: config.trustProxy,
    limitAttempt,
    ...(provider === null
      ? {}
      : {
          mountBeforeParsers: (a: express.Express) => {
            a.use('/oidc', provider.handler)
          },
        }),
  })
  return { services, app }
}
