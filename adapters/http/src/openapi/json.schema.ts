// io-ts codecs described as JSON Schema (the 2020-12 dialect OpenAPI 3.1 uses), for the API's
// self-description. Covers the combinators the wire codecs use; anything else is described as `{}`
// (any value), which is honest: the codec still decides at run time.
import { RefinedType } from '@tandem/core'
import type * as t from 'io-ts'

export type JsonSchema = { readonly [keyword: string]: unknown }

/** Codecs whose schema cannot be read off their structure (text-encoded query values, refinements). */
export type KnownSchemas = ReadonlyMap<t.Decoder<unknown, unknown>, JsonSchema>

type Codec = t.Decoder<unknown, unknown> & { readonly _tag?: string; readonly name: string }
type Tagged<Fields> = Codec & Fields

const isOptional = (codec: Codec): boolean =>
  codec._tag === 'UndefinedType' ||
  codec._tag === 'VoidType' ||
  (codec._tag === 'UnionType' && (codec as Tagged<{ types: readonly Codec[] }>).types.some(isOptional))

/** Properties of an object-like codec with whether each is required; null when it is not object-like. */
export const propertiesOf = (
  codec: Codec,
  known: KnownSchemas = new Map(),
): readonly { readonly name: string; readonly required: boolean; readonly schema: JsonSchema }[] | null => {
  switch (codec._tag) {
    case 'InterfaceType':
    case 'PartialType': {
      const props = (codec as Tagged<{ props: Record<string, Codec> }>).props
      return Object.entries(props).map(([name, prop]) => ({
        name,
        required: codec._tag === 'InterfaceType' && !isOptional(prop),
        schema: toJsonSchema(prop, known),
      }))
    }
    case 'ExactType':
    case 'StrictType':
    case 'ReadonlyType':
      return propertiesOf((codec as Tagged<{ type: Codec }>).type, known)
    case 'IntersectionType': {
      const parts = (codec as Tagged<{ types: readonly Codec[] }>).types.map((part) => propertiesOf(part, known))
      return parts.every((p) => p !== null) ? parts.flat() : null
    }
    default:
      return null
  }
}

const objectSchema = (properties: NonNullable<ReturnType<typeof propertiesOf>>): JsonSchema => {
  const required = properties.filter((p) => p.required).map((p) => p.name)
  return {
    type: 'object',
    properties: Object.fromEntries(properties.map((p) => [p.name, p.schema])),
    ...(required.length > 0 ? { required } : {}),
  }
}

export const toJsonSchema = (codec: t.Decoder<unknown, unknown>, known: KnownSchemas = new Map()): JsonSchema => {
  const preset = known.get(codec)
  if (preset !== undefined) return preset
  const c = codec as Codec
  if (codec instanceof RefinedType) return { ...toJsonSchema(codec.base, known), description: codec.name }
  switch (c._tag) {
    case 'StringType':
      return { type: 'string' }
    case 'NumberType':
      return { type: 'number' }
    case 'BooleanType':
      return { type: 'boolean' }
    case 'NullType':
      return { type: 'null' }
    case 'UnknownType':
    case 'AnyType':
      return {}
    case 'LiteralType':
      return { const: (c as Tagged<{ value: unknown }>).value }
    case 'KeyofType':
      return { type: 'string', enum: Object.keys((c as Tagged<{ keys: object }>).keys) }
    case 'ArrayType':
    case 'ReadonlyArrayType':
      return { type: 'array', items: toJsonSchema((c as Tagged<{ type: Codec }>).type, known) }
    case 'TupleType': {
      const items = (c as Tagged<{ types: readonly Codec[] }>).types.map((item) => toJsonSchema(item, known))
      return { type: 'array', prefixItems: items, minItems: items.length, maxItems: items.length }
    }
    case 'DictionaryType':
      return { type: 'object', additionalProperties: toJsonSchema((c as Tagged<{ codomain: Codec }>).codomain, known) }
    case 'InterfaceType':
    case 'PartialType':
    case 'ExactType':
    case 'StrictType':
    case 'ReadonlyType':
    case 'IntersectionType': {
      const properties = propertiesOf(c, known)
      if (properties !== null) return objectSchema(properties)
      if (c._tag === 'IntersectionType')
        return { allOf: (c as Tagged<{ types: readonly Codec[] }>).types.map((part) => toJsonSchema(part, known)) }
      return toJsonSchema((c as Tagged<{ type: Codec }>).type, known)
    }
    case 'UnionType': {
      // `undefined` members make a property optional; they have no JSON form of their own.
      const members = (c as Tagged<{ types: readonly Codec[] }>).types.filter((m) => !isOptional(m) || m._tag === 'UnionType')
      const schemas = members.map((m) => toJsonSchema(m, known))
      const literals = schemas.every((s) => 'const' in s && Object.keys(s).length === 1)
      if (literals && schemas.length > 0) return { enum: schemas.map((s) => s['const']) }
      return schemas.length === 1 ? schemas[0]! : { anyOf: schemas }
    }
    case 'RefinementType': {
      // t.brand and t.refinement: the base type; t.Int says integer.
      const base = toJsonSchema((c as Tagged<{ type: Codec }>).type, known)
      return c.name === 'Int' ? { ...base, type: 'integer' } : base
    }
    default:
      return {}
  }
}
