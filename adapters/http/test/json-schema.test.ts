// io-ts codecs read as JSON Schema for the API description: one example per combinator the wire
// codecs use, and the honest fallback (`{}`, any value) for a codec whose shape cannot be read.
import {
  ClusterId,
  ClusterIdFromString,
  EmailAddress,
  Id,
  IdFromString,
  nullable,
  ProposalId,
  refined,
  TandemId,
  TandemIdFromString,
  UserId,
  UserIdFromString,
} from '@tandem/core'
import * as t from 'io-ts'
import { describe, expect, it } from 'vitest'
import { KNOWN_SCHEMAS, propertiesOf, toJsonSchema } from '../src/index.js'

describe('io-ts to JSON Schema', () => {
  it('primitives, literals and keyof', () => {
    expect(toJsonSchema(t.string)).toEqual({ type: 'string' })
    expect(toJsonSchema(t.number)).toEqual({ type: 'number' })
    expect(toJsonSchema(t.boolean)).toEqual({ type: 'boolean' })
    expect(toJsonSchema(t.null)).toEqual({ type: 'null' })
    expect(toJsonSchema(t.literal('Mentee'))).toEqual({ const: 'Mentee' })
    expect(toJsonSchema(t.keyof({ en: null, de: null }))).toEqual({ type: 'string', enum: ['en', 'de'] })
  })
  it('type: every property required, except those that may be undefined', () => {
    expect(toJsonSchema(t.type({ a: t.string, b: t.union([t.number, t.undefined]) }))).toEqual({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'number' } },
      required: ['a'],
    })
  })
  it('strict and exact describe their inner object; partial has nothing required', () => {
    expect(toJsonSchema(t.strict({ a: t.string }))).toEqual({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] })
    expect(toJsonSchema(t.exact(t.partial({ a: t.string })))).toEqual({ type: 'object', properties: { a: { type: 'string' } } })
  })
  it('an intersection of objects merges into one object; of anything else, allOf', () => {
    expect(toJsonSchema(t.intersection([t.type({ a: t.string }), t.partial({ b: t.boolean })]))).toEqual({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'boolean' } },
      required: ['a'],
    })
    expect(toJsonSchema(t.intersection([t.type({ a: t.string }), t.array(t.string)]))).toEqual({
      allOf: [
        { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
        { type: 'array', items: { type: 'string' } },
      ],
    })
  })
  it('unions: anyOf, literal unions as enum, the nullable pattern as anyOf with null', () => {
    expect(toJsonSchema(t.union([t.string, t.number]))).toEqual({ anyOf: [{ type: 'string' }, { type: 'number' }] })
    expect(toJsonSchema(t.union([t.literal(0), t.literal(1)]))).toEqual({ enum: [0, 1] })
    expect(toJsonSchema(nullable(t.string))).toEqual({ anyOf: [{ type: 'string' }, { type: 'null' }] })
  })
  it('arrays, readonly arrays, readonly, records', () => {
    expect(toJsonSchema(t.readonlyArray(t.number))).toEqual({ type: 'array', items: { type: 'number' } })
    expect(toJsonSchema(t.readonly(t.type({ a: t.number })))).toEqual({
      type: 'object',
      properties: { a: { type: 'number' } },
      required: ['a'],
    })
    expect(toJsonSchema(t.record(t.string, t.boolean))).toEqual({ type: 'object', additionalProperties: { type: 'boolean' } })
  })
  it('brands and refinements describe their base; Int says integer', () => {
    type Positive = { readonly Positive: unique symbol }
    const positive = t.brand(t.number, (n): n is t.Branded<number, Positive> => n > 0, 'Positive')
    expect(toJsonSchema(positive)).toEqual({ type: 'number' })
    expect(toJsonSchema(t.Int)).toEqual({ type: 'integer' })
    expect(toJsonSchema(t.refinement(t.string, (s) => s !== ''))).toEqual({ type: 'string' })
  })
  it("the core's refined codecs keep their base and name; known ones get their exact schema", () => {
    expect(toJsonSchema(refined('Short', t.string, (s) => s.length < 3))).toEqual({ type: 'string', description: 'Short' })
    expect(toJsonSchema(Id, KNOWN_SCHEMAS)).toEqual({ type: 'integer', minimum: 1 })
    expect(toJsonSchema(EmailAddress, KNOWN_SCHEMAS)).toMatchObject({ type: 'string', format: 'email' })
    expect(toJsonSchema(IdFromString, KNOWN_SCHEMAS)).toMatchObject({ type: 'string' })
  })
  it('every branded id is a positive integer, in a body and in a query string or path', () => {
    for (const id of [UserId, ClusterId, TandemId, ProposalId])
      expect(toJsonSchema(id, KNOWN_SCHEMAS)).toEqual({ type: 'integer', minimum: 1 })
    for (const id of [UserIdFromString, ClusterIdFromString, TandemIdFromString])
      expect(toJsonSchema(id, KNOWN_SCHEMAS)).toEqual({ type: 'string', pattern: '^[1-9][0-9]{0,14}$' })
  })
  it('a codec of unknown shape falls back to any value', () => {
    const custom = new t.Type<string, string, unknown>('Custom', t.string.is, t.string.validate, t.identity)
    expect(toJsonSchema(custom)).toEqual({})
    expect(
      toJsonSchema(t.recursion<{ readonly children: readonly string[] }>('Tree', () => t.type({ children: t.readonlyArray(t.string) }))),
    ).toEqual({})
    expect(toJsonSchema(t.type({ a: custom }))).toEqual({ type: 'object', properties: { a: {} }, required: ['a'] })
  })
  it('lists the properties of an object-like codec for query parameters, and none of anything else', () => {
    expect(propertiesOf(t.exact(t.intersection([t.type({ email: t.string }), t.partial({ role: t.string })])))).toEqual([
      { name: 'email', required: true, schema: { type: 'string' } },
      { name: 'role', required: false, schema: { type: 'string' } },
    ])
    expect(propertiesOf(t.string)).toBeNull()
  })
})
