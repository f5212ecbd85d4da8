// @tandem/http: the Express app serving every call of docs/product.md#calls with one route table, the bearer-token
// guard (anonymous / self / admin), io-ts decoding and the exhaustive domain-error status map.
export { createApp, type AppConfig, type AppLogger, type AppOptions } from './app.js'
export { routeTable, API_VERSION } from './routes.js'
export { defineRoute, answer, json, type Route, type Reply, type Incoming } from './route.js'
export { EDGE_OF, STATUS_OF, statusOf, errorCodeOf, messageOf } from './status.map.js'
export { sameEmail, type Actor, type Policy, type VerifyToken } from './policy.js'
export type { Services, Outcome, KnownAccount, Spreadsheet } from '@tandem/application/ports'
export { exportRoutes, XLSX_TYPE } from './routes.exports.js'
export { reencodeImage, MAX_IMAGE_BYTES } from './image.js'
export { openApiDocument, KNOWN_SCHEMAS, type OpenApiDocument } from './openapi/openapi.document.js'
export { toJsonSchema, propertiesOf, type JsonSchema } from './openapi/json.schema.js'
export type { LimitAttempt, LimitDecision, LimitedAction } from './limits.port.js'
