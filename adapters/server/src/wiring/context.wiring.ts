// The services' context: every repository and query of the store, the mailers, the workers, the
// clock and the configuration, as ServiceContext names them. The compiler names a member not given.
import { createMentorPoolCache, type ServiceContext } from '@tandem/application'
import { CURRENT_CONSENT_VERSIONS, type ConsentVersions } from '@tandem/core'
import { eraseEmlFiles, outboxMessageId, timeZoneOf, type OrganisationInfo } from '@tandem/mail'
import {
  createAnswersRepository,
  createAuditRecords,
  createWaitlistRepository,
  createMentorshipRepository,
  createMeetingsRepository,
  createRetentionRepository,
  createClustersRepository,
  createCohortRepository,
  createQuestionnairePreviewRepository,
  createPersonalDataDownloads,
  createDeletedSubjects,
  createErasureRepository,
  createExportQueries,
  createStatisticsQueries,
  createListQueries,
  createOutboxRepository,
  createUsersRepository,
  createWorldStore,
  type Database,
} from '@tandem/store'
import { join } from 'node:path'
import type { Logger } from 'pino'
import { checkInMailer } from '../checkin-mails.js'
import type { Clock } from '../clock.js'
import type { Config } from '../config.js'
import { MAIL_FOLDER } from '../data-folder.js'
import { calendarFeedWriter, meetingMailer } from '../meeting-mails.js'
import { mailNotifier } from '../notifier.js'
import type { IdentityWiring } from './identity.wiring.js'
import type { MasterDataWiring } from './master-data.wiring.js'

export const wireContext = (
  config: Config,
  db: Database,
  given: {
    readonly clock: Clock
    readonly logger: Logger
    readonly org: OrganisationInfo
    readonly consentVersions: ConsentVersions | undefined
    readonly identity: IdentityWiring
    readonly masterData: MasterDataWiring
    readonly workers: Pick<ServiceContext, 'cohortRunner' | 'previewRunner'>
  },
): ServiceContext => {
  const { clock, logger, org, identity, masterData, workers } = given
  const { questionnaireVersions, activeQuestionnaire, master, matching } = masterData
  const answers = createAnswersRepository(db)
  const lists = createListQueries(db)
  return {
    cohorts: createCohortRepository(db),
    cohortRunner: workers.cohortRunner,
    previewRunner: workers.previewRunner,
    previews: createQuestionnairePreviewRepository(db),
    inOneTransaction: db.transaction,
    questionnaireVersions,
    waitlist: createWaitlistRepository(db),
    activeQuestionnaire,
    downloads: createPersonalDataDownloads(db),
    mentorship: createMentorshipRepository(db),
    checkInMails: checkInMailer(org),
    meetings: createMeetingsRepository(db),
    meetingMails: meetingMailer(org),
    calendarFeed: calendarFeedWriter(org),
    users: createUsersRepository(db),
    store: createWorldStore(db, mailNotifier(org)),
    clock,
    logger,
    outbox: createOutboxRepository(db),
    answers,
    lists,
    master,
    deletedSubjects: createDeletedSubjects(db),
    clusters: createClustersRepository(db),
    erasure: createErasureRepository(db),
    exports: createExportQueries(db),
    audit: createAuditRecords(db),
    retention: createRetentionRepository(db),
    retentionMonths: config.retentionMonths,
    consentVersions: given.consentVersions ?? CURRENT_CONSENT_VERSIONS,
    statistics: createStatisticsQueries(db),
    generation: db.generation,
    // One packed pool per server, shared by every matching run it serves.
    mentorPool: createMentorPoolCache({
      get questionnaire() {
        return activeQuestionnaire.questionnaire()
      },
      answers,
      lists,
      matching,
    }),
    adminEmails: config.adminEmails,
    matching,
    publicUrl: config.publicUrl,
    timeZone: timeZoneOf(org),
    eraseMailFiles: (outboxIds, address) =>
      eraseEmlFiles(join(config.dataDir, MAIL_FOLDER), { messageIds: outboxIds.map((id) => outboxMessageId(org, id)), address }),
    deleteIdentity: identity.deleteIdentity,
    identityAccounts: identity.identityAccounts,
  }
}
