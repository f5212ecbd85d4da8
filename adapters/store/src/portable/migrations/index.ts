// Versioned schema migrations, kept in code and applied at start by Kysely's Migrator, on SQLite
// and PostgreSQL alike: column types and dialect-specific clauses come from `portable(db)`
// (dialect.ts). One file per migration, listed here in order: a new one gets a file with the next
// number, a `down`, and a line below; applied ones never change what they create.
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely'
import { migration as initial } from './0001-initial.js'
import { migration as mentorPoolIndex } from './0002-mentor-pool-index.js'
import { migration as meta } from './0003-meta.js'
import { migration as schedulerLeases } from './0004-scheduler-leases.js'
import { migration as embeddedProviderIssuer } from './0005-embedded-provider-issuer.js'
import { migration as deletedSubjects } from './0006-deleted-subjects.js'
import { migration as rateLimits } from './0007-rate-limits.js'
import { migration as cohortDrafts } from './0008-cohort-drafts.js'
import { migration as auditRecords } from './0009-audit-records.js'
import { migration as statisticsIndexes } from './0010-statistics-indexes.js'
import { migration as consents } from './0011-consents.js'
import { migration as statisticsSilenceIndex } from './0013-statistics-silence-index.js'
import { migration as cohortRunProgress } from './0014-cohort-run-progress.js'
import { migration as personalDataDownloads } from './0015-personal-data-downloads.js'
import { migration as tandemIdSequence } from './0016-tandem-id-sequence.js'
import { migration as changedRowsCheck } from './0017-changed-rows-check.js'
import { migration as mentorCapacity } from './0018-mentor-capacity.js'
import { migration as tandemEnding } from './0019-tandem-ending.js'
import { migration as questionnaireVersions } from './0020-questionnaire-versions.js'
import { migration as waitlist } from './0021-waitlist.js'
import { migration as mentorshipCheckIns } from './0022-mentorship-checkins.js'
import { migration as placesChangedMentors } from './0023-places-changed-mentors.js'
import { migration as statisticsOutcomesIndex } from './0024-statistics-outcomes-index.js'
import { migration as waitlistStopLinks } from './0025-waitlist-stop-links.js'
import { migration as teamOutcomeFiguresMigration } from './0026-team-outcome-figures.js'
import { migration as timelineLeftSides } from './0027-timeline-left-sides.js'
import { migration as questionnairePreviews } from './0028-questionnaire-previews.js'
import { migration as questionnaireDraftRevisions } from './0029-questionnaire-draft-revisions.js'
import { migration as menteeRunStartedAt } from './0030-mentee-run-started-at.js'
import { migration as meetings } from './0031-meetings.js'

export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001-initial': initial,
  '0002-mentor-pool-index': mentorPoolIndex,
  '0003-meta': meta,
  '0004-scheduler-leases': schedulerLeases,
  '0005-embedded-provider-issuer': embeddedProviderIssuer,
  '0006-deleted-subjects': deletedSubjects,
  '0007-rate-limits': rateLimits,
  '0008-cohort-drafts': cohortDrafts,
  '0009-audit-records': auditRecords,
  '0010-statistics-indexes': statisticsIndexes,
  '0011-consents': consents,
  '0013-statistics-silence-index': statisticsSilenceIndex,
  '0014-cohort-run-progress': cohortRunProgress,
  '0015-personal-data-downloads': personalDataDownloads,
  '0016-tandem-id-sequence': tandemIdSequence,
  '0017-changed-rows-check': changedRowsCheck,
  '0018-mentor-capacity': mentorCapacity,
  '0019-tandem-ending': tandemEnding,
  '0020-questionnaire-versions': questionnaireVersions,
  '0021-waitlist': waitlist,
  '0022-mentorship-checkins': mentorshipCheckIns,
  '0023-places-changed-mentors': placesChangedMentors,
  '0024-statistics-outcomes-index': statisticsOutcomesIndex,
  '0025-waitlist-stop-links': waitlistStopLinks,
  '0026-team-outcome-figures': teamOutcomeFiguresMigration,
  '0027-timeline-left-sides': timelineLeftSides,
  '0028-questionnaire-previews': questionnairePreviews,
  '0029-questionnaire-draft-revisions': questionnaireDraftRevisions,
  '0030-mentee-run-started-at': menteeRunStartedAt,
  '0031-meetings': meetings,
}

const provider: MigrationProvider = { getMigrations: async () => ({ ...MIGRATIONS }) }

/** Applies every pending migration; throws when one fails, since the server cannot run without them. */
export const migrateToLatest = async (db: Kysely<unknown>): Promise<readonly string[]> => {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest()
  if (error !== undefined) throw error instanceof Error ? error : new Error('a migration failed', { cause: error })
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}
