// @tandem/server: the composition root of Tandem: configuration, wiring of storage, HTTP, identity
// and mail, the deadline sweep and the process entry point (main.ts).
export { loadConfig, type Config } from './config.js'
export { createServer, onSqliteFile, type TandemServer, type SqliteServer, type ServerOverrides } from './server.js'
export { manualClock, systemClock, type Clock } from './clock.js'
export { createLogger, REDACTED_PATHS } from './logger.js'
export { fixtureMasterData } from './master-data.js'
export {
  createServices,
  runMatching,
  clearInterruptedRuns,
  type ServiceContext,
  type MasterData,
  type CohortRunner,
  type PreviewRunner,
  type RunProgress,
} from '@tandem/application'
export { seedPopulation, type SeededPerson } from './population.seed.js'
// For tests that stand in for the mail server at the transport port (a refusal is a DeliveryError).
export { DeliveryError, type MailTransport, type OutgoingMail } from '@tandem/mail'
