// Identifiers of the domain. Plain positive integers, so SQLite rowids map onto them directly.
import * as t from 'io-ts'

export const UserId = t.number
export type UserId = number
export const TandemId = t.number
export type TandemId = number
export const ProposalId = t.number
export type ProposalId = number
export const ClusterId = t.number
export type ClusterId = number
