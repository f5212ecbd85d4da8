// The page for developers who call the API: Swagger UI (from the swagger-ui-dist package's own
// files) rendering GET /api/openapi.json. Everything it loads is same-origin and it runs no inline
// script, so it works under the app's Content-Security-Policy unchanged.
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import express from 'express'

/** Swagger UI's files this page needs, served as they ship in the package. */
const ASSETS = ['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png'] as const

const packageDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))

// Paths are relative to /api/docs, so the page also works behind a path prefix.
export const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Tandem API</title>
  <link rel="stylesheet" href="docs/assets/swagger-ui.css">
  <link rel="icon" type="image/png" href="docs/assets/favicon-32x32.png">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="docs/assets/swagger-ui-bundle.js"></script>
  <script src="docs/assets/start.js"></script>
</body>
</html>
`

/** The start script lives in a file of its own: the CSP allows no inline script. */
const START_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({ url: 'openapi.json', dom_id: '#swagger-ui', deepLinking: true })
})
`

/** Serves /api/docs/assets/*: the start script and the package's files, nothing else of it. */
export const docsAssets = (): express.Router => {
  const router = express.Router()
  router.get('/start.js', (_req, res) => {
    res.type('text/javascript').setHeader('Cache-Control', 'no-cache')
    res.send(START_SCRIPT)
  })
  for (const name of ASSETS) {
    router.get(`/${name}`, (_req, res, next) => {
      res.sendFile(join(packageDir, name), { maxAge: '1h' }, (err) => {
        if (err !== undefined) next(err)
      })
    })
  }
  return router
}
