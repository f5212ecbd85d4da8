// The tables as Kysely sees them, on SQLite and PostgreSQL alike. Column names are snake_case; booleans are 0/1 integers and
// lists are JSON text, so the same schema can move to PostgreSQL with a dialect swap.
import type { Generated } from 'kysely'

export type UsersTable = {
  id: Generated<number>
  issuer: string
  subject: string
  email: string
  first_name: string
  last_name: string
  gender: string
  birth_date: string | null
  language: string
  /** JSON array of role names. */
  roles: string
  country_code_id: number | null
  state_original_id: number | null
  city: string
  professional_position: string
  company: string
  registered_at: number
  accepted_privacy: number
  accepted_terms: number
  version: number
  mentee_status: string | null
  mentee_no_match: number
  mentee_cluster_id: number | null
  mentee_last_started_at: number | null
  /** While a run is under way (PENDING): when it started (migration 0030). */
  mentee_run_started_at: Generated<number | null>
  /** The first start of matching ever (statistics: time to a match); kept when later runs start. */
  mentee_first_started_at: Generated<number | null>
  /** Statistics facts (migration 0011): first proposal and first match per side, questionnaire completeness. */
  mentee_proposed_at: Generated<number | null>
  mentee_matched_at: Generated<number | null>
  mentor_proposed_at: Generated<number | null>
  mentor_matched_at: Generated<number | null>
  mentee_questionnaire_complete: Generated<number>
  mentor_questionnaire_complete: Generated<number>
  mentor_status: string | null
  mentor_published: number
  mentor_last_published_at: number | null
  mentor_last_saved_at: number | null
  mentor_pool_since: number | null
  mentor_capacity: Generated<number>
  /** 1 when the mentee turned the waitlist off (migration 0021; on by default). */
  mentee_waitlist_off: Generated<number>
  /** The last sign-in (epoch ms); null until the first one after 0010. Restarts the retention clock. */
  last_signed_in_at: number | null
  /** When the retention notice was written to the outbox; cleared by a sign-in. */
  retention_notice_at: number | null
}

/** One accepted document per person: the version accepted and when (epoch ms). */
export type ConsentsTable = { user_id: number; document: string; version: string; accepted_at: number }

export type ProfileImagesTable = { user_id: number; mime: string; bytes: Buffer }

export type ProfileAnswersTable = { user_id: number; question_id: number; answer: string }

export type AnswersTable = {
  user_id: number
  side: string
  /** JSON array of core `Answer`s. */
  answers: string
  saved_at: number
}

export type ClustersTable = {
  id: Generated<number>
  title: string
  is_ended: number
  is_default: number
  /** When the year was deactivated (epoch ms); null while active, or when it ended before 0010. */
  ended_at: Generated<number | null>
}

type ProposalColumns<P extends string> = {
  [K in `${P}_proposal_id`]: number
} & {
  [K in `${P}_state`]: string
} & {
  [K in `${P}_deadline` | `${P}_decided_at` | `${P}_decline_reason_id`]: number | null
} & {
  [K in `${P}_comment` | `${P}_info_text`]: string | null
}

export type TandemsTable = {
  id: number
  version: number
  state: string
  mentee_id: number
  mentor_id: number
  cluster_id: number | null
  created_at: number
  manual: number
  score_base: number
  score_max: number
  score_percentage: number
  /** JSON array of core `QuestionScore`s. */
  score_breakdown: string
  /** Migration 0019: how a MATCHED team was ended (core `TandemEnding`), all null otherwise. */
  ended_at: number | null
  ended_by: string | null
  end_reason: string | null
  end_other_text: string | null
  end_do_not_pair_again: number | null
  end_mentor_paused: number | null
} & ProposalColumns<'mentee'> &
  ProposalColumns<'mentor'>

export type OutboxTable = {
  id: Generated<number>
  created_at: number
  user_id: number | null
  recipient_email: string
  recipient_name: string
  language: string
  type: string
  /** JSON object: the values the template fills in. */
  data: string
  subject: string
  /** pending | sending | sent | failed (the mail adapter's OutboxStatus). */
  status: string
  next_attempt_at: number
  attempts: number
  attempted_at: number | null
  locked_by: string | null
  locked_until: number | null
  sent_at: number | null
  last_error: string | null
}

/** One day's pool (statistics' pool balance): waiting mentees of one program year, available mentors that day. */
export type PoolSnapshotsTable = { day: number; cluster_id: number | null; waiting_mentees: number; available_mentors: number }

export type MetaTable = { key: string; value: number }

/** A periodic task's lease: only `holder` runs the task while `until` (epoch ms) lies ahead. */
export type SchedulerLeasesTable = { name: string; holder: string; until: number }

/** Secrets the application makes itself (the key of `deleted_subjects`' hashes), by name. */
export type SecretsTable = { name: string; value: string }

/** HMAC-SHA-256 (hex) of a deleted account's issuer + subject, and when it was deleted (epoch ms). */
export type DeletedSubjectsTable = { subject_hash: string; deleted_at: number }

/** The sign-in limits' fixed windows: `points` counted so far, `expire` the window's end (epoch ms). */
export type RateLimitsTable = { key: string; points: number; expire: number | null }

/** A whole-cohort run: its settings, state and who ran and published it (epoch ms times, JSON totals). */
export type CohortRunsTable = {
  id: Generated<number>
  cluster_id: number
  objective: string
  threshold: number
  state: string
  /** The administrator's e-mail. */
  started_by: string | null
  started_at: number
  finished_at: number | null
  published_by: string | null
  published_at: number | null
  solver_totals: string | null
  first_come: string | null
  failure: string | null
  /** Migration 0014: the computing instance's latest phase and fraction, its heartbeat (epoch ms) and name. */
  phase: string | null
  fraction: Generated<number>
  heartbeat_at: number | null
  owner: string | null
}

/** A questionnaire impact preview (migration 0028): its state, progress and figures, and the instance computing it. */
export type QuestionnairePreviewsTable = {
  id: Generated<number>
  revision: number
  state: string
  fraction: Generated<number>
  /** The figures as JSON once Done: aggregates only. */
  result: string | null
  message: string | null
  started_at: number
  /** The administrator's user id. */
  started_by: number
  holder: string
  heartbeat_at: number
  finished_at: number | null
}

/** A person's prepared download (migration 0015): state, progress in %, the zip once ready. */
export type PersonalDataDownloadsTable = {
  user_id: number
  /** A random name of the preparation: a newer one for the same person replaces it. */
  job: string
  started_at: number
  state: string
  progress: Generated<number>
  archive: Buffer | null
}

/** One mentee of a cohort draft: the proposed mentor with the JSON score, or the reason there is none. */
export type CohortDraftRowsTable = {
  run_id: number
  mentee_id: number
  mentee_version: number
  mentor_id: number | null
  mentor_version: number | null
  score: string | null
  reason: string | null
  candidates: number
  edited: number
  outcome: string
  skip_reason: string | null
  tandem_id: number | null
}
/** One administrator read or change: who (a user id), when, what (action, object id), how many people. */
export type AuditRecordsTable = {
  id: Generated<number>
  at: number
  admin_id: number
  action: string
  object_id: number | null
  subject_count: number
}

/** The people an audit record was about (user ids). */
export type AuditSubjectsTable = { record_id: number; subject_id: number }

/** A published questionnaire version: never changed; `body` is its QuestionnaireDraft as JSON. */
export type QuestionnaireVersionsTable = { version: number; published_by: number; published_at: number; body: string }

/** The one questionnaire draft (id 1) being edited, as JSON, with the revision each save raises. */
export type QuestionnaireDraftTable = {
  id: number
  based_on: number
  revision: number
  saved_by: number
  saved_at: number
  body: string
  /** 1: the copy of version `based_on` its publish left, nobody saved since (migration 0029). */
  is_published_copy: Generated<number>
}

/**
 * A durable "places changed" trigger (migration 0021): written in the transaction of every command
 * that opened a place, one row per mentor whose place opened (migration 0023; null in older rows:
 * the full round); the waitlist task serves and deletes the rows it read.
 */
export type PlacesChangedTable = { id: Generated<number>; created_at: number; mentor_id: number | null }
/** A matched team's timeline: its start, its end, and `closed` once nothing more will be asked. */
export type MentorshipTimelinesTable = {
  tandem_id: number
  matched_at: number
  ended_at: number | null
  ended_by: string | null
  closed: number
  /** The team's answers as the outcomes count them (core teamOutcomeFigures, migration 0026). */
  met_at: number | null
  pulse_1: number
  pulse_2: number
  pulse_3: number
  pulse_4: number
  pulse_5: number
  satisfaction_1: number
  satisfaction_2: number
  satisfaction_3: number
  satisfaction_4: number
  satisfaction_5: number
  /** 1 when the side's person deleted their account (migration 0027): nothing more is asked of that side. */
  mentee_left: number
  mentor_left: number
}

/** One check-in question sent to one side; `occasion` is core's occasionKey, `answer` its JSON. */
export type MentorshipCheckInsTable = {
  tandem_id: number
  side: string
  occasion: string
  asked_at: number
  reminded_at: number | null
  answered_at: number | null
  answer: string | null
  superseded_at: number | null
}

/** A one-time link of a check-in mail: only the token's hash is stored. */
export type MentorshipCheckInLinksTable = {
  token_hash: string
  tandem_id: number
  side: string
  occasion: string
  user_id: number
  expires_at: number
  used_at: number | null
}

/** The waitlist mail's one-time stop links (migration 0024): only the token's SHA-256 hash is kept. */
export type WaitlistStopLinksTable = {
  token_hash: string
  user_id: number
  expires_at: number
  used_at: number | null
}

/** Meetings of matched teams (migration 0031); `slots`: JSON [{ start, minutes }]. */
export type MeetingsTable = {
  id: Generated<number>
  tandem_id: number
  state: string
  sequence: number
  proposed_by: string
  slots: string
  mode: string
  link: string | null
  place: string | null
  agenda: string
  note: string | null
  time_zone: string
  created_at: number
  updated_at: number
  answered_by: string | null
  /** The agreed start (confirmed and after), for the feed's order and the admins' "next meeting". */
  starts_at: number | null
  reminder_at: number | null
  reminded_at: number | null
}

/** Logged sessions (migration 0031); a one-meeting session has its `meeting_id`. */
export type MeetingSessionsTable = {
  id: Generated<number>
  tandem_id: number
  meeting_id: number | null
  started_at: number
  minutes: number
  logged_by: string
  logged_by_user: number | null
  note: string | null
  logged_at: number
}

/** Per person: the time zone (null: the organisation's) and the calendar feed's token hash (migration 0031). */
export type MeetingPeopleTable = {
  user_id: number
  time_zone: string | null
  feed_token_hash: string | null
  feed_created_at: number | null
}

export type Schema = {
  meta: MetaTable
  users: UsersTable
  consents: ConsentsTable
  profile_images: ProfileImagesTable
  profile_answers: ProfileAnswersTable
  answers: AnswersTable
  clusters: ClustersTable
  tandems: TandemsTable
  outbox: OutboxTable
  scheduler_leases: SchedulerLeasesTable
  secrets: SecretsTable
  deleted_subjects: DeletedSubjectsTable
  rate_limits: RateLimitsTable
  cohort_runs: CohortRunsTable
  cohort_draft_rows: CohortDraftRowsTable
  audit_records: AuditRecordsTable
  audit_subjects: AuditSubjectsTable
  pool_snapshots: PoolSnapshotsTable
  personal_data_downloads: PersonalDataDownloadsTable
  questionnaire_versions: QuestionnaireVersionsTable
  questionnaire_draft: QuestionnaireDraftTable
  places_changed: PlacesChangedTable
  mentorship_timelines: MentorshipTimelinesTable
  mentorship_checkins: MentorshipCheckInsTable
  mentorship_checkin_links: MentorshipCheckInLinksTable
  waitlist_stop_links: WaitlistStopLinksTable
  questionnaire_previews: QuestionnairePreviewsTable
  meetings: MeetingsTable
  meeting_sessions: MeetingSessionsTable
  meeting_people: MeetingPeopleTable
}
