// Serves the built web app: hashed assets precompressed (brotli, gzip) and cached for a year,
// index.html revalidated on every visit, and a missing asset answered 404 (never index.html), so a
// tab left open across an update notices the missing chunk instead of parsing HTML as a script.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ServerResponse } from 'node:http'
import type { Express } from 'express'
import expressStaticGzip from 'express-static-gzip'

/** Vite names every file under assets/ after a hash of its content. */
export const IMMUTABLE = 'public, max-age=31536000, immutable'
const SHORT = 'public, max-age=3600'

const cacheControlOf = (path: string): string =>
  /[\\/]assets[\\/]/.test(path) ? IMMUTABLE : path.endsWith('index.html') ? 'no-cache' : SHORT

/**
 * The CSP sources (`'sha256-…'`) of index.html's inline scripts: the one that chooses what the page
 * loads first (web/start-choice.plugin.ts) runs before any file could. None without a built app.
 */
export const inlineScriptSources = (dist: string): readonly string[] => {
  const index = join(dist, 'index.html')
  if (!existsSync(index)) return []
  const html = readFileSync(index, 'utf8')
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, body]) =>
      `'sha256-${createHash('sha256')
        .update(body ?? '', 'utf8')
        .digest('base64')}'`,
  )
}

export const serveWebApp = (app: Express, dist: string): void => {
  if (!existsSync(join(dist, 'index.html'))) return
  app.use(
    expressStaticGzip(dist, {
      enableBrotli: true,
      orderPreference: ['br', 'gz'],
      index: false,
      serveStatic: {
        index: false,
        setHeaders: (res: ServerResponse, path: string) => {
          res.setHeader('Cache-Control', cacheControlOf(path))
        },
      },
    }),
  )
  app.use('/assets', (_req, res) => {
    res.status(404).setHeader('Cache-Control', 'no-store')
    res.type('text/plain').send('Not found')
  })
  // Client routes of the SPA get index.html; the API and the identity provider never do.
  app.get('/{*rest}', (req, res, next) => {
    if (req.path.startsWith('/api/') || req.path.startsWith('/oidc')) return next()
    res.setHeader('Cache-Control', 'no-cache')
    res.sendFile(join(dist, 'index.html'))
  })
}
