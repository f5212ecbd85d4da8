// The store's world as the application needs it; @tandem/store implements it.
import {
  type DomainError,
  type DomainEvent,
  type Language,
  type TandemId,
  type Transition,
  type TransitionResult,
  type UserId,
  type World,
} from '@tandem/core'

import { type Either } from 'fp-ts/lib/Either.js'

import { type NewOutboxRow } from './outbox.port.js'

/** Which part of the world a command reads; tandems of the named users and their partners come along. */
export type Slice = {
  readonly userIds: readonly UserId[]
  readonly tandemIds?: readonly TandemId[]
  /** Users loaded without their tandems (candidate mentors of a matching run). */
  readonly extraUserIds?: readonly UserId[]
}

export type Contact = {
  readonly id: UserId
  readonly email: string
  readonly firstName: string
  readonly lastName: string
  readonly language: Language
}

/**
 * A one-time "stop" link a waitlist mail carries (docs/matching.md#waitlist): the store keeps only the
 * SHA-256 hash of its token, written in the transaction of the mail.
 */
export type NewWaitlistStopLink = { readonly tokenHash: string; readonly menteeId: UserId; readonly expiresAt: number }

/** What a command's events send: the outbox rows, and the stop links those rows carry. */
export type Notified = { readonly rows: readonly NewOutboxRow[]; readonly stopLinks: readonly NewWaitlistStopLink[] }

/** Maps a command's events to outbox rows; given by the composition root (the mail adapter's rules). */
export type Notifier = (events: readonly DomainEvent[], contactOf: (id: UserId) => Contact | undefined, now: number) => Notified

export type Apply = (world: World) => TransitionResult

export type WorldStore = {
  /** Loads a slice outside any command, for reads that need no deadline applied (an admin's lists). */
  readonly load: (slice: Slice) => Promise<World>
  /**
   * Loads a slice for a read with every passed deadline of its tandems applied (docs/product.md#deadlines:
   * enforced when read). One load when none has passed; otherwise the expiry is committed first.
   */
  readonly loadCurrent: (slice: Slice, now: number) => Promise<World>
  /** Applies `apply` to the slice atomically; Left when the transition or a conditional write refuses. */
  readonly run: (slice: Slice, apply: Apply, now: number) => Promise<Either<DomainError, Transition>>
  /**
   * `run` on the slice with its passed deadlines applied first, in the same transaction and from the
   * same load. The expiry is committed even when `apply` refuses: it is due whatever the command.
   */
  readonly runCurrent: (slice: Slice, apply: Apply, now: number) => Promise<Either<DomainError, Transition>>
  /**
   * A follow-up command on the world an earlier command of the same request committed: only the
   * named users and the next tandem id are read again. Every write stays conditional on the version
   * the world holds, so anything changed meanwhile refuses the command instead of being overwritten.
   */
  readonly runAfter: (
    previous: World,
    refresh: {
      readonly userIds: readonly UserId[]
    },
    apply: Apply,
    now: number,
  ) => Promise<Either<DomainError, Transition>>
  readonly contactOf: (id: UserId) => Promise<Contact | undefined>
}
