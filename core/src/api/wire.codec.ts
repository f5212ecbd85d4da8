// Primitive wire codecs shared by the payloads of docs/product.md#entities and
// docs/product.md#calls: ids, dates, e-mail, nullable. They check more than their TypeScript type
// says (an id is a positive integer) but stay plain types.
import * as t from 'io-ts'
import { ISO_DATE_PATTERN, isIsoDate } from '../shared/calendar-date.js'
import type { MessageKey } from '../messages.js'

/**
 * A codec whose type is the base type but which accepts only values passing `accept`. `key` is the
 * message key decodeOrFieldErrors reports for a value of the right type that breaks the rule (a value
 * of the wrong type stays invalid-value). It keeps its base, so the API description can say what
 * the value is made of.
 */
export class RefinedType<A> extends t.Type<A, A, unknown> {
  readonly _tag = 'RefinedType' as const
  constructor(
    name: string,
    readonly base: t.Type<A, A, unknown>,
    accept: (a: A) => boolean,
    key?: MessageKey,
  ) {
    super(
      name,
      (u): u is A => base.is(u) && accept(u),
      (u, c) => (!base.is(u) ? t.failure(u, c) : accept(u) ? t.success(u) : t.failure(u, c, key)),
      t.identity,
    )
  }
}

export const refined = <A>(name: string, base: t.Type<A, A, unknown>, accept: (a: A) => boolean, key?: MessageKey): RefinedType<A> =>
  new RefinedType(name, base, accept, key)

/** Database ids: positive safe integers. */
export const Id = refined('Id', t.number, (n) => Number.isSafeInteger(n) && n > 0)
/** Counts and "0 means none" ids (the team list's `tandemId`, 0 if empty: docs/product.md#calls). */
export const NonNegativeInt = refined('NonNegativeInt', t.number, (n) => Number.isSafeInteger(n) && n >= 0)
/** A finite number (JSON has no NaN or Infinity). */
export const FiniteNumber = refined('FiniteNumber', t.number, Number.isFinite)

/** The calendar date's pattern, then the time of day in UTC. */
const ISO_DATE_TIME = new RegExp(`${ISO_DATE_PATTERN.source.slice(0, -1)}T([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d{3})?Z$`)
/** A calendar date `yyyy-mm-dd`; date-only values are read as UTC (docs/product.md#constants). */
export const IsoDate = refined('IsoDate', t.string, isIsoDate)
/** An instant as `Date.prototype.toISOString` writes it (UTC, `Z`). */
export const IsoDateTime = refined('IsoDateTime', t.string, (s) => ISO_DATE_TIME.test(s))

/** Converts an epoch-ms instant of the core to its wire form. */
export const toIsoDateTime = (instant: number): string => new Date(instant).toISOString()

/** A loose e-mail check: one @, no spaces, at most 254 characters. Ownership is checked elsewhere. */
export const EmailAddress = refined('EmailAddress', t.string, (s) => s.length <= 254 && /^[^\s@]+@[^\s@]+$/.test(s))

export const nullable = <C extends t.Mixed>(codec: C): t.UnionC<[C, t.NullC]> => t.union([codec, t.null])

/** `isSetOptionThatFitsAll` is sent as 0 or 1. */
export const ZeroOrOne = t.union([t.literal(0), t.literal(1)])
export type ZeroOrOne = t.TypeOf<typeof ZeroOrOne>
