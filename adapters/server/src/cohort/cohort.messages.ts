// What the main thread and a cohort worker say to each other: the cohort runner port's messages.
export type { CohortJob, WorkerMessage } from '@tandem/application'
