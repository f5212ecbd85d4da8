// Role statuses with their status master ids (docs/product.md#states); id 2 (PAUSED) is
// "matching disabled".
import * as t from 'io-ts'

export const StatusName = t.keyof({
  NEW: null,
  PAUSED: null,
  PENDING: null,
  AVAILABLE: null,
  PROPOSED: null,
  MATCHED: null,
  INACTIVE: null,
})
export type StatusName = t.TypeOf<typeof StatusName>

export const STATUS_IDS: Readonly<Record<StatusName, number>> = {
  NEW: 1,
  PAUSED: 2,
  PENDING: 3,
  AVAILABLE: 4,
  PROPOSED: 5,
  MATCHED: 6,
  INACTIVE: 7,
}
export const STATUSES: readonly StatusName[] = ['NEW', 'PAUSED', 'PENDING', 'AVAILABLE', 'PROPOSED', 'MATCHED', 'INACTIVE']
export const statusById = (id: number): StatusName | undefined => STATUSES.find((s) => STATUS_IDS[s] === id)

export type BadgeType = 'info' | 'warning' | 'error' | 'success'
export const STATUS_BADGE: Readonly<Record<StatusName, BadgeType>> = {
  NEW: 'info',
  PENDING: 'warning',
  AVAILABLE: 'error',
  PROPOSED: 'warning',
  MATCHED: 'success',
  PAUSED: 'info',
  INACTIVE: 'info',
}

/** Statuses offered in the admin list filters: mentees are never PAUSED, mentors never PENDING. */
export const MENTEE_FILTER_STATUSES: readonly StatusName[] = STATUSES.filter((s) => s !== 'PAUSED')
export const MENTOR_FILTER_STATUSES: readonly StatusName[] = STATUSES.filter((s) => s !== 'PENDING')

/** Statuses under which an admin may edit a mentee's status and program year (docs/product.md#mentee-edit). */
export const MENTEE_ADMIN_EDITABLE: readonly StatusName[] = ['AVAILABLE', 'PENDING', 'NEW']
