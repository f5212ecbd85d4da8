// The API describes itself: its OpenAPI 3.1 document and a page that renders it, both anonymous
// and both rows of the route table, so the document lists them too.
import { defineRoute, type Route } from './route.js'
import { DOCS_PAGE } from './openapi/docs.page.js'
import type { OpenApiDocument } from './openapi/openapi.document.js'

export const docsRoutes = (document: () => OpenApiDocument): readonly Route[] => {
  // The document is no envelope: its JSON text, written once.
  let text: Buffer | undefined
  return [
    defineRoute({
      method: 'GET',
      path: '/api/openapi.json',
      policy: 'anonymous',
      summary: 'this API as an OpenAPI 3.1 document',
      produces: 'openapi',
      handle: async () => ({
        kind: 'bytes',
        status: 200,
        contentType: 'application/json',
        bytes: (text ??= Buffer.from(JSON.stringify(document()))),
      }),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/docs',
      policy: 'anonymous',
      summary: 'a page for developers that renders the OpenAPI document',
      produces: 'html',
      handle: async () => ({ kind: 'bytes', status: 200, contentType: 'text/html; charset=utf-8', bytes: Buffer.from(DOCS_PAGE) }),
    }),
  ]
}
