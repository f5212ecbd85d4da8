// Arbitraries of valid wire values, derived from the codecs themselves so that every payload of
// core/src/api is covered. Refined primitives get hand-written generators of their valid values.
import fc from 'fast-check'
import * as t from 'io-ts'

const isoDate = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10))
const isoDateTime = fc
  .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString())
const email = fc.tuple(fc.stringMatching(/^[a-z0-9._-]{1,20}$/), fc.stringMatching(/^[a-z0-9.-]{1,20}$/)).map(([l, d]) => `${l}@${d}`)

/** Generators of the refined and from-string codecs, by codec name. */
const NAMED: Readonly<Record<string, fc.Arbitrary<unknown>>> = {
  Id: fc.integer({ min: 1, max: 2 ** 31 }),
  NonNegativeInt: fc.nat(),
  FiniteNumber: fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 }).map((n) => (Object.is(n, -0) ? 0 : n)),
  IsoDate: isoDate,
  IsoDateTime: isoDateTime,
  EmailAddress: email,
  IdFromString: fc.integer({ min: 1, max: 2 ** 31 }),
  ClusterId: fc.integer({ min: 1, max: 2 ** 31 }),
  ClusterIdFromString: fc.integer({ min: 1, max: 2 ** 31 }),
  TandemId: fc.integer({ min: 1, max: 2 ** 31 }),
  TandemIdFromString: fc.integer({ min: 1, max: 2 ** 31 }),
  ProposalId: fc.integer({ min: 1, max: 2 ** 31 }),
  UserId: fc.integer({ min: 1, max: 2 ** 31 }),
  UserIdFromString: fc.integer({ min: 1, max: 2 ** 31 }),
  BooleanFromString: fc.boolean(),
  TandemDateRangeFromString: fc.constantFrom(7, 30, 90, 180, 365),
  TandemIdFilter: fc.integer({ min: 0, max: 9_999_999_999 }),
  AcceptedConsent: fc.constant(true),
}

/** A generator of valid values of `codec` (values of its type A, as decode would return them). */
export const arbitraryOf = (codec: t.Mixed): fc.Arbitrary<unknown> => {
  const named = NAMED[codec.name]
  if (named !== undefined) return named
  if (codec instanceof t.ExactType || codec instanceof t.ReadonlyType) return arbitraryOf(codec.type as t.Mixed)
  if (codec instanceof t.InterfaceType) return fc.record(mapProps(codec.props as t.Props))
  if (codec instanceof t.PartialType) return fc.record(mapProps(codec.props as t.Props), { requiredKeys: [] })
  if (codec instanceof t.IntersectionType)
    return fc.tuple(...(codec.types as t.Mixed[]).map(arbitraryOf)).map((parts): unknown => Object.assign({}, ...parts))
  if (codec instanceof t.UnionType) return fc.oneof(...(codec.types as t.Mixed[]).map(arbitraryOf))
  if (codec instanceof t.ArrayType || codec instanceof t.ReadonlyArrayType)
    return fc.array(arbitraryOf(codec.type as t.Mixed), { maxLength: 3 })
  if (codec instanceof t.KeyofType) return fc.constantFrom(...Object.keys(codec.keys as Record<string, unknown>))
  if (codec instanceof t.LiteralType) return fc.constant(codec.value)
  if (codec instanceof t.DictionaryType)
    return fc.dictionary(fc.string({ maxLength: 5 }), arbitraryOf(codec.codomain as t.Mixed), { maxKeys: 3 })
  if (codec instanceof t.StringType) return fc.string({ maxLength: 30 })
  if (codec instanceof t.NumberType) return fc.integer()
  if (codec instanceof t.BooleanType) return fc.boolean()
  if (codec instanceof t.NullType) return fc.constant(null)
  throw new Error(`no arbitrary for codec ${codec.name}`)
}

const mapProps = (props: t.Props): Record<string, fc.Arbitrary<unknown>> =>
  Object.fromEntries(Object.entries(props).map(([k, c]) => [k, arbitraryOf(c)]))

/** Valid wire values in their encoded (JSON) form. */
export const encodedArbitraryOf = (codec: t.Mixed): fc.Arbitrary<unknown> => arbitraryOf(codec).map((a): unknown => codec.encode(a))
