// The API described as an OpenAPI 3.1 document, generated from the route table: each route's
// method, path, policy (`x-policy` and its security requirement), its query and body schemas read
// off the io-ts codecs, and the envelope every JSON answer comes in.
import {
  BooleanFromString,
  ClusterId,
  ClusterIdFromString,
  EmailAddress,
  ErrorCode,
  FieldError,
  FiniteNumber,
  Id,
  IdFromString,
  IsoDate,
  IsoDateTime,
  NonNegativeInt,
  ProposalId,
  TandemDateRange,
  TandemDateRangeFromString,
  TandemId,
  TandemIdFromString,
  UserId,
  UserIdFromString,
} from '@tandem/core'
import type * as t from 'io-ts'
import type { Policy } from '../policy.js'
import { UPLOAD_FIELD, type Produces, type Route } from '../route.js'
import { propertiesOf, toJsonSchema, type JsonSchema, type KnownSchemas } from './json.schema.js'

export type OpenApiDocument = {
  readonly openapi: '3.1.0'
  readonly info: {
    readonly title: string
    readonly version: string
    readonly description: string
    readonly license: { readonly name: string; readonly url: string }
  }
  readonly servers: readonly { readonly url: string; readonly description: string }[]
  readonly paths: Readonly<Record<string, Readonly<Record<string, JsonSchema>>>>
  readonly components: JsonSchema
}

const dateRanges = (toJsonSchema(TandemDateRange) as { enum: readonly number[] }).enum.map(String)

/** Wire codecs whose rule lives in a function: what they accept, as JSON Schema. */
export const KNOWN_SCHEMAS: KnownSchemas = new Map<Parameters<KnownSchemas['get']>[0], JsonSchema>([
  [Id, { type: 'integer', minimum: 1 }],
  [ClusterId, { type: 'integer', minimum: 1 }],
  [TandemId, { type: 'integer', minimum: 1 }],
  [ProposalId, { type: 'integer', minimum: 1 }],
  [UserId, { type: 'integer', minimum: 1 }],
  [NonNegativeInt, { type: 'integer', minimum: 0 }],
  [FiniteNumber, { type: 'number' }],
  [IsoDate, { type: 'string', format: 'date' }],
  [IsoDateTime, { type: 'string', format: 'date-time' }],
  [EmailAddress, { type: 'string', format: 'email', maxLength: 254 }],
  [IdFromString, { type: 'string', pattern: '^[1-9][0-9]{0,14}$' }],
  [ClusterIdFromString, { type: 'string', pattern: '^[1-9][0-9]{0,14}$' }],
  [TandemIdFromString, { type: 'string', pattern: '^[1-9][0-9]{0,14}$' }],
  [UserIdFromString, { type: 'string', pattern: '^[1-9][0-9]{0,14}$' }],
  [BooleanFromString, { type: 'string', enum: ['true', 'false'] }],
  [TandemDateRangeFromString, { type: 'string', enum: dateRanges }],
])

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` })
const jsonContent = (schema: JsonSchema) => ({ 'application/json': { schema } })

const SECURITY: { readonly [P in Policy]: readonly JsonSchema[] } = {
  anonymous: [],
  self: [{ bearerAuth: [] }],
  admin: [{ bearerAuth: [] }],
}

const POLICY_TEXT: { readonly [P in Policy]: string } = {
  anonymous: 'anonymous: no token needed',
  self: 'self: any signed-in user, naming only their own e-mail (403 otherwise)',
  admin: 'admin: administrators only (403 otherwise)',
}

const success = (produces: Produces): JsonSchema => {
  switch (produces) {
    case 'envelope':
      return { description: 'the envelope with isSuccess true and the value', content: jsonContent(ref('Envelope')) }
    case 'image':
      return { description: 'the photo bytes', content: { 'image/jpeg': {}, 'image/png': {} } }
    case 'spreadsheet':
      return {
        description: 'a streamed spreadsheet attachment',
        content: { 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {} },
      }
    case 'archive':
      return { description: 'a zip attachment', content: { 'application/zip': {} } }
    case 'openapi':
      return { description: 'this document', content: jsonContent({ type: 'object' }) }
    case 'html':
      return { description: 'an HTML page', content: { 'text/html': {} } }
    case 'calendar':
      return { description: 'an iCalendar feed (RFC 5545)', content: { 'text/calendar': {} } }
  }
}

const failure = (description: string, schema = 'Failure') => ({ description, content: jsonContent(ref(schema)) })

/** A value of the envelope described by its codec: the success's or a refusal's. */
const withValue = (envelope: string, codec: t.Decoder<unknown, unknown>): JsonSchema => ({
  allOf: [ref(envelope), { type: 'object', properties: { value: toJsonSchema(codec, KNOWN_SCHEMAS) } }],
})

const answering = (codec: t.Decoder<unknown, unknown>): JsonSchema => ({
  description: 'the envelope with isSuccess true and the value',
  content: jsonContent(withValue('Envelope', codec)),
})

const refusedWith = (codec: t.Decoder<unknown, unknown>): JsonSchema => ({
  description: 'errorCode InvalidTransition: what changed since the state the request was based on, as the value',
  content: jsonContent(withValue('Failure', codec)),
})

/** `/api/User/ProfileImage/:userId` → `/api/User/ProfileImage/{userId}` and its path parameters. */
const openApiPath = (path: string): { readonly path: string; readonly params: readonly string[] } => ({
  path: path.replace(/:([A-Za-z0-9_]+)/g, '{$1}'),
  params: [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!),
})

const tagOf = (path: string): string => {
  const segment = path.split('/')[2] ?? 'api'
  return segment.charAt(0).toUpperCase() + segment.slice(1)
}

const operationOf = (route: Route): JsonSchema => {
  const { params } = openApiPath(route.path)
  const query = route.query === undefined ? [] : (propertiesOf(route.query, KNOWN_SCHEMAS) ?? [])
  const parameters = [
    ...params.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
    ...query.map((p) => ({ name: p.name, in: 'query', required: p.required, schema: p.schema })),
  ]
  const bodySchema = route.body === undefined ? null : toJsonSchema(route.body, KNOWN_SCHEMAS)
  const requestBody =
    bodySchema === null
      ? null
      : route.multipart === true
        ? { required: true, content: { 'multipart/form-data': { schema: withUpload(bodySchema) } } }
        : { required: true, content: jsonContent(bodySchema) }
  const decodes = route.query !== undefined || route.body !== undefined
  return {
    operationId: `${route.method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    summary: route.summary,
    description: `Policy ${POLICY_TEXT[route.policy]}.`,
    tags: [tagOf(route.path)],
    'x-policy': route.policy,
    security: SECURITY[route.policy],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody === null ? {} : { requestBody }),
    responses: {
      '200': route.answers === undefined ? success(route.produces ?? 'envelope') : answering(route.answers),
      ...(route.conflict === undefined ? {} : { '409': refusedWith(route.conflict) }),
      ...(decodes
        ? { '400': failure('invalid input: errorCode ValidationFailed, value the field errors (or a rule refusing)', 'ValidationFailure') }
        : {}),
      ...(route.policy === 'anonymous'
        ? {}
        : { '401': failure('no or bad token: errorCode Unauthorized'), '403': failure('not allowed: errorCode Forbidden or WrongRole') }),
      '4XX': failure('any other refusal: errorCode names it (404, 409, 413, 415, 429)'),
      '5XX': failure('a failure of the server: errorCode Unexpected, with a generic message'),
    },
  }
}

/** The upload field travels beside the codec's fields. */
const withUpload = (schema: JsonSchema): JsonSchema => ({
  ...schema,
  properties: {
    ...(schema['properties'] as object | undefined),
    [UPLOAD_FIELD]: { type: 'string', contentMediaType: 'application/octet-stream' },
  },
})

export const openApiDocument = (routes: readonly Route[], version: string): OpenApiDocument => {
  const paths: Record<string, Record<string, JsonSchema>> = {}
  for (const route of routes) {
    const { path } = openApiPath(route.path)
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationOf(route) }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tandem API',
      version,
      description:
        'Every call of the Tandem mentoring-matching platform. Paths are case-insensitive. JSON answers come in the envelope; ' +
        'a failure names its errorCode (stable, for programs) beside errorMessage (kept for existing clients).',
      // The project grants no open-source licence: the API is used under the service's terms.
      license: { name: 'Proprietary: used under the Tandem terms and conditions', url: '/terms-and-conditions' },
    },
    // Served by the app it describes, from its own origin.
    servers: [{ url: '/', description: 'the Tandem installation serving this document' }],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: {
        ErrorCode: toJsonSchema(ErrorCode),
        FieldError: toJsonSchema(FieldError),
        Envelope: {
          type: 'object',
          required: ['isSuccess', 'isFailure', 'value', 'errorMessage', 'errorCode'],
          properties: {
            isSuccess: { type: 'boolean' },
            isFailure: { type: 'boolean' },
            value: {
              description:
                'the answer; on a failure null, false, the field errors of a ValidationFailed, or what changed for a stale questionnaire-draft save (409)',
            },
            errorMessage: { type: ['string', 'null'] },
            errorCode: { anyOf: [ref('ErrorCode'), { type: 'null' }] },
          },
        },
        Failure: {
          allOf: [
            ref('Envelope'),
            {
              type: 'object',
              properties: {
                isSuccess: { const: false },
                isFailure: { const: true },
                errorMessage: { type: 'string' },
                errorCode: ref('ErrorCode'),
              },
            },
          ],
        },
        ValidationFailure: {
          allOf: [
            ref('Failure'),
            {
              type: 'object',
              properties: {
                value: {
                  description: 'the fields that failed and the rule each broke; null when a rule refused the input as a whole',
                  anyOf: [{ type: 'array', items: ref('FieldError') }, { type: 'null' }],
                },
              },
            },
          ],
        },
      },
    },
  }
}
