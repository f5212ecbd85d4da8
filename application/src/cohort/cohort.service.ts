// The admin's cohort page (whole-cohort matching): start a run in a worker thread, follow or
// cancel it, review and edit its draft, publish it as tandems; one use case per file of this folder.
import type { Services } from '../ports/services.port.js'
import { cancelCohortRun } from './cancel-cohort-run.js'
import { cohortMentorChoices, type CohortMentorChoicesPorts } from './cohort-mentor-choices.js'
import { cohortRunProgress } from './cohort-run-progress.js'
import { cohortDraft } from './cohort.draft.js'
import { editCohortDraft, type EditCohortDraftPorts } from './edit-cohort-draft.js'
import { publishCohortDraft, type PublishCohortDraftPorts } from './publish-cohort-draft.js'
import { startCohortRun, type StartCohortRunPorts } from './start-cohort-run.js'

export type CohortServicePorts = StartCohortRunPorts & CohortMentorChoicesPorts & EditCohortDraftPorts & PublishCohortDraftPorts

export const cohortService = (ctx: CohortServicePorts): Services['cohort'] => ({
  start: startCohortRun(ctx),
  progress: cohortRunProgress(ctx),
  cancel: cancelCohortRun(ctx),
  draft: cohortDraft(ctx),
  choices: cohortMentorChoices(ctx),
  edit: editCohortDraft(ctx),
  publish: publishCohortDraft(ctx),
})
