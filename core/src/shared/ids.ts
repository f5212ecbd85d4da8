// Identifiers of the domain. Positive integers, so SQLite rowids and PostgreSQL serials map onto
// them directly; each kind is branded so that one cannot be passed where another belongs (a user id
// where a tandem id is wanted compiles to an error, not to a wrong row).
//
// An id enters the program in one of two ways:
// - from a request, through its io-ts codec, which refuses 0, negative and fractional numbers;
// - from the database, through the `…IdOf` conversion of the row mapping: the database's own ids,
//   trusted as they are and not checked again. Tests and fixtures use the same conversion.
import * as t from 'io-ts'

const isId = (n: number): boolean => Number.isSafeInteger(n) && n > 0

export interface UserIdBrand {
  readonly UserId: unique symbol
}
/** A person's (a user's) id: a mentee's, a mentor's or an administrator's. */
export const UserId = t.brand(t.number, (n): n is t.Branded<number, UserIdBrand> => isId(n), 'UserId')
export type UserId = t.TypeOf<typeof UserId>
/** The database's own user id (or a test's), taken as a `UserId` without a check. */
export const userIdOf = (n: number): UserId => n as UserId

export interface ClusterIdBrand {
  readonly ClusterId: unique symbol
}
/** A program year's id (the tables and routes call a program year a cluster). */
export const ClusterId = t.brand(t.number, (n): n is t.Branded<number, ClusterIdBrand> => isId(n), 'ClusterId')
export type ClusterId = t.TypeOf<typeof ClusterId>
/** The database's own program-year id (or a test's), taken as a `ClusterId` without a check. */
export const clusterIdOf = (n: number): ClusterId => n as ClusterId

export interface TandemIdBrand {
  readonly TandemId: unique symbol
}
/** A tandem's (a team's) id; the wire calls it `matchingTandemId` or `tandemId`. */
export const TandemId = t.brand(t.number, (n): n is t.Branded<number, TandemIdBrand> => isId(n), 'TandemId')
export type TandemId = t.TypeOf<typeof TandemId>
/**
 * The database's own tandem id (or a test's, or the next free one the core numbers a new tandem
 * with), taken as a `TandemId` without a check.
 */
export const tandemIdOf = (n: number): TandemId => n as TandemId

export interface CohortRunIdBrand {
  readonly CohortRunId: unique symbol
}
/** A whole-cohort run's id (docs/admin.md#cohort-matching). */
export const CohortRunId = t.brand(t.number, (n): n is t.Branded<number, CohortRunIdBrand> => isId(n), 'CohortRunId')
export type CohortRunId = t.TypeOf<typeof CohortRunId>

export const cohortRunIdOf = (n: number): CohortRunId => n as CohortRunId

export interface ProposalIdBrand {
  readonly ProposalId: unique symbol
}
/**
 * A proposal's id: a tandem's mentee proposal is 2·id−1, its mentor proposal 2·id. It is made only
 * from its tandem's id (`proposalIdOf` in the tandem queries), by a request's codec, or by the
 * tandem row's codec.
 */
export const ProposalId = t.brand(t.number, (n): n is t.Branded<number, ProposalIdBrand> => isId(n), 'ProposalId')
export type ProposalId = t.TypeOf<typeof ProposalId>
