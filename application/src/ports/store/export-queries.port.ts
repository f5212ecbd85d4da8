// The store's export queries as the application needs it; @tandem/store implements it.
import type { RoleName, Side, StatusName, TandemState, UserId } from '@tandem/core'

export type ExportUserFilter = {
  /** Mentees only: program years to include; empty or absent means all. */
  readonly clusterIds?: readonly number[]
  /** Mentors only: statuses to include; empty or absent means all. */
  readonly statuses?: readonly StatusName[]
}

export type ExportUserRow = {
  readonly id: UserId
  readonly firstName: string
  readonly lastName: string
  readonly email: string
  readonly gender: string
  readonly birthDate: string | null
  readonly language: string
  readonly roles: readonly RoleName[]
  readonly countryCodeId: number | null
  readonly stateOriginalId: number | null
  readonly city: string
  readonly professionalPosition: string
  readonly company: string
  readonly registeredAt: number
  /** The status of the exported side. */
  readonly status: StatusName
  /** Mentors: the places their live tandems take, of how many. */
  readonly mentorPlaces?: { readonly taken: number; readonly capacity: number }
  /** Program year title; null for mentors and mentees without one. */
  readonly programYear: string | null
  readonly menteeLastStartedAt: number | null
  readonly mentorPublished: boolean
  readonly mentorLastPublishedAt: number | null
  readonly profileAnswers: readonly {
    readonly questionId: number
    readonly answer: string
  }[]
}

export type ExportProposal = {
  readonly proposalId: number
  readonly state: string
  readonly deadline: number | null
  readonly decidedAt: number | null
  readonly declineReasonId: number | null
  readonly comment: string | null
  readonly infoText: string | null
}

export type ExportTeamMember = {
  readonly id: UserId
  readonly firstName: string
  readonly lastName: string
  readonly email: string
  readonly status: StatusName | null
  readonly roles: readonly RoleName[]
}

export type ExportTandemRow = {
  readonly id: number
  readonly state: TandemState
  readonly createdAt: number
  readonly programYear: string | null
  readonly manual: boolean
  readonly base: number
  readonly max: number
  readonly percentage: number
  readonly mentee: ExportTeamMember
  readonly mentor: ExportTeamMember
  readonly menteeProposal: ExportProposal
  readonly mentorProposal: ExportProposal
}

export type ExportQueries = {
  usersOfSide: (side: Side, filter: ExportUserFilter) => AsyncGenerator<ExportUserRow>
  tandemsSince: (since: number) => AsyncGenerator<ExportTandemRow>
}
